#pragma once
// Physical memory protection (privileged spec, chapter 3.7) as Spike has it: 16 entries, each a
// configuration byte (R, W, X, address-matching mode A, lock L) and an address register, with a
// granularity of 4 bytes (G = 0). The lowest-numbered entry that matches any byte of an access
// decides it; U-mode accesses that no entry matches fail, M-mode ones succeed, and M-mode obeys
// only locked entries.

#include "xbemu/memory_access.hpp"

#include <array>
#include <cstdint>

namespace xbemu {

class PhysicalMemoryProtection {
public:
    static constexpr unsigned kEntries = 16;

    // pmpcfg<index> (index 0-15; RV64 has only the even ones, and only pmpcfg0 and pmpcfg2
    // hold implemented entries).
    std::uint64_t read_config(unsigned index) const;
    void write_config(unsigned index, std::uint64_t value);
    // pmpaddr<index> (index 0-63; 16 and above are not implemented and read as zero).
    std::uint64_t read_address(unsigned index) const;
    void write_address(unsigned index, std::uint64_t value);

    // Whether an access of `size` bytes at `address` may proceed.
    bool allows(std::uint64_t address, std::uint64_t size, MemoryAccess access,
                bool machine_mode) const;
    // Whether every access of this kind inside [base, base + size) may proceed, so that the
    // memory fast path needs no check. Conservative: an entry covering part of the range
    // makes it false.
    bool allows_everywhere(std::uint64_t base, std::uint64_t size, MemoryAccess access,
                           bool machine_mode) const;

private:
    struct Region {
        std::uint64_t begin = 0;
        std::uint64_t end = 0; // exclusive; begin == end matches nothing
    };
    Region region(unsigned entry) const;
    bool active(unsigned entry) const;
    bool locked(unsigned entry) const;
    bool permits(unsigned entry, MemoryAccess access, bool machine_mode) const;

    std::array<std::uint8_t, kEntries> config_{};
    std::array<std::uint64_t, kEntries> address_{};
};

} // namespace xbemu
