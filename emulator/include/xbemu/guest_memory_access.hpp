#pragma once
// Byte-level access to a PE's guest memory for host-side services (semihosting, HTIF,
// loaders, later the gdb stub). Not the hart's fast path: that lives in Hart.

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>

namespace xbemu {

// Raised when a host service touches an address that is not guest memory.
class GuestAccessError : public std::runtime_error {
public:
    GuestAccessError(std::uint64_t address, std::uint64_t size, const std::string& what)
        : std::runtime_error(what), address_(address), size_(size) {}
    std::uint64_t address() const { return address_; }
    std::uint64_t size() const { return size_; }

private:
    std::uint64_t address_;
    std::uint64_t size_;
};

class GuestMemoryAccess {
public:
    GuestMemoryAccess() = default;
    GuestMemoryAccess(const GuestMemoryAccess&) = delete;
    GuestMemoryAccess& operator=(const GuestMemoryAccess&) = delete;
    virtual ~GuestMemoryAccess() = default;

    // Both throw GuestAccessError unless every byte of [address, address + size) is guest RAM.
    virtual void read(std::uint64_t address, std::span<std::byte> destination) = 0;
    virtual void write(std::uint64_t address, std::span<const std::byte> source) = 0;
};

} // namespace xbemu
