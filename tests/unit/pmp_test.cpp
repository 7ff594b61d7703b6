#include "xbemu/pmp.hpp"

#include <cstdint>
#include <doctest/doctest.h>

namespace {

using xbemu::MemoryAccess;
using xbemu::PhysicalMemoryProtection;

constexpr std::uint64_t kRead = 1;
constexpr std::uint64_t kWrite = 2;
constexpr std::uint64_t kExecute = 4;
constexpr std::uint64_t kTor = 1 << 3;
constexpr std::uint64_t kNa4 = 2 << 3;
constexpr std::uint64_t kNapot = 3 << 3;
constexpr std::uint64_t kLock = 1 << 7;
constexpr std::uint64_t kRam = 0x8000'0000;
constexpr std::uint64_t kRamSize = 0x1000'0000;

} // namespace

TEST_CASE("with no entry active, M-mode may do anything and U-mode nothing") {
    const PhysicalMemoryProtection pmp;
    CHECK(pmp.allows(kRam, 8, MemoryAccess::Write, true));
    CHECK_FALSE(pmp.allows(kRam, 8, MemoryAccess::Read, false));
    CHECK(pmp.allows_everywhere(kRam, kRamSize, MemoryAccess::Execute, true));
    CHECK_FALSE(pmp.allows_everywhere(kRam, kRamSize, MemoryAccess::Execute, false));
}

TEST_CASE("NAPOT, NA4 and TOR regions; the lowest-numbered matching entry decides") {
    PhysicalMemoryProtection pmp;
    // Entry 0: NAPOT 4 KiB at 0x80001000 read-only; entry 1: NA4 at 0x80002000, nothing;
    // entry 2: TOR [0x80002000, 0x80003000) read-write; entry 3: NAPOT everything, RWX.
    pmp.write_address(0, (0x8000'1000 >> 2) | 0x1ff);
    pmp.write_address(1, 0x8000'2000 >> 2);
    pmp.write_address(2, 0x8000'3000 >> 2);
    pmp.write_address(3, ~0ULL);
    pmp.write_config(0, (kNapot | kRead) | (kNa4 << 8) | ((kTor | kRead | kWrite) << 16) |
                            ((kNapot | kRead | kWrite | kExecute) << 24));
    CHECK(pmp.allows(0x8000'1ff8, 8, MemoryAccess::Read, false));
    CHECK_FALSE(pmp.allows(0x8000'1ff8, 8, MemoryAccess::Write, false));
    CHECK(pmp.allows(0x8000'2000 - 16, 8, MemoryAccess::Write, false) == false);
    CHECK(pmp.allows(0x8000'2000 + 0x1000, 8, MemoryAccess::Write, false));
    CHECK_FALSE(pmp.allows(0x8000'2000, 4, MemoryAccess::Read, false));
    CHECK(pmp.allows(0x8000'2004, 4, MemoryAccess::Write, false));
    CHECK_FALSE(pmp.allows(0x8000'2004, 4, MemoryAccess::Execute, false));
    // Straddling the NA4 word and the TOR range: the first matching entry covers only part.
    CHECK_FALSE(pmp.allows(0x8000'2002, 4, MemoryAccess::Read, false));
    CHECK(pmp.allows(0x4000'0000, 8, MemoryAccess::Execute, false));
    CHECK_FALSE(pmp.allows_everywhere(kRam, kRamSize, MemoryAccess::Read, false));
    CHECK(pmp.allows_everywhere(0x9000'0000, 0x1000, MemoryAccess::Write, false));
    CHECK(pmp.allows_everywhere(kRam, kRamSize, MemoryAccess::Write, true));
}

TEST_CASE("registers are WARL: W needs R, reserved bits, 16 entries, 54 address bits") {
    PhysicalMemoryProtection pmp;
    pmp.write_config(0, kNa4 | kWrite | 0x60);
    CHECK(pmp.read_config(0) == kNa4);
    pmp.write_config(2, 0x1d1b'190f'0d0b'0901);
    CHECK(pmp.read_config(2) == 0x1d1b'190f'0d0b'0901);
    pmp.write_config(4, ~0ULL);
    CHECK(pmp.read_config(4) == 0);
    pmp.write_address(0, ~0ULL);
    CHECK(pmp.read_address(0) == 0x003f'ffff'ffff'ffff);
    pmp.write_address(16, 1);
    CHECK(pmp.read_address(16) == 0);
}

TEST_CASE("a locked entry binds M-mode and ignores writes; a locked TOR locks its lower bound") {
    PhysicalMemoryProtection pmp;
    pmp.write_address(0, 0x8000'1000 >> 2);
    pmp.write_address(1, 0x8000'2000 >> 2);
    pmp.write_config(0, (kTor | kRead | kLock) << 8);
    CHECK_FALSE(pmp.allows_everywhere(kRam, kRamSize, MemoryAccess::Write, true));
    CHECK(pmp.allows(0x8000'1000, 8, MemoryAccess::Read, true));
    CHECK_FALSE(pmp.allows(0x8000'1000, 8, MemoryAccess::Write, true));
    CHECK(pmp.allows(0x8000'2000, 8, MemoryAccess::Write, true));
    pmp.write_config(0, 0);
    CHECK(pmp.read_config(0) == ((kTor | kRead | kLock) << 8));
    pmp.write_address(0, 0);
    pmp.write_address(1, 0);
    CHECK(pmp.read_address(0) == 0x8000'1000 >> 2);
    CHECK(pmp.read_address(1) == 0x8000'2000 >> 2);
    pmp.write_address(2, 5);
    CHECK(pmp.read_address(2) == 5);
}
