#pragma once
// A PE's guest RAM: one anonymous mapping reserved up front and populated by the host kernel
// only where the guest touches it, so an untouched 256 MiB costs no host memory.

#include "xbemu/guest_memory_access.hpp"
#include "xbemu/zeroed_memory.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace xbemu {

inline constexpr std::uint64_t kRamBase = 0x80000000ULL;
inline constexpr std::uint64_t kPageSize = 4096;
inline constexpr unsigned kPageShift = 12;

// Per-page flags the store path checks in one load.
enum PageFlag : std::uint8_t {
    kPageHoldsDecodedCode = 1U << 0,
    kPageWatchedByHost = 1U << 1,     // HTIF tohost/fromhost
    kPageWatchedByDebugger = 1U << 2, // a debugger's watchpoint, which other PEs' writes hit too
    // The cycle mode's speculative runs: the page must be saved before its first store
    // (RamRollbackLog). Stores notice it only to save the page; nothing else does.
    kPageUnsavedForRollback = 1U << 3,
};
// The flags that make a store to a page more than a store.
inline constexpr std::uint8_t kPageFlagsOfNote =
    kPageHoldsDecodedCode | kPageWatchedByHost | kPageWatchedByDebugger;

class GuestRam final : public GuestMemoryAccess {
public:
    // Throws std::runtime_error if the host cannot reserve the address space.
    explicit GuestRam(std::uint64_t size);
    // RAM in memory someone else owns and keeps alive (an MPI shared window).
    GuestRam(std::uint64_t size, std::byte* external);
    ~GuestRam() override;
    GuestRam(const GuestRam&) = delete;
    GuestRam& operator=(const GuestRam&) = delete;

    std::uint64_t base() const { return kRamBase; }
    std::uint64_t size() const { return size_; }
    std::byte* host() const { return host_; }
    std::uint8_t* page_flags() { return reinterpret_cast<std::uint8_t*>(page_flags_.data()); }
    bool contains(std::uint64_t address, std::uint64_t length) const {
        const std::uint64_t offset = address - kRamBase;
        return offset < size_ && length <= size_ - offset;
    }

    void read(std::uint64_t address, std::span<std::byte> destination) override;
    void write(std::uint64_t address, std::span<const std::byte> source) override;

    // Host memory actually populated (resident) by this RAM, in bytes.
    std::uint64_t resident_bytes() const;

private:
    std::uint64_t size_;
    std::byte* host_;
    bool owned_ = true;
    // A byte per page of RAM, host memory only for the pages whose flags were ever set: many
    // PEs of large RAM would otherwise pay for flags of pages they never touch.
    ZeroedMemory page_flags_;
};

} // namespace xbemu
