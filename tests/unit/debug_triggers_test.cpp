#include "xbemu/debug_triggers.hpp"

#include <cstdint>
#include <doctest/doctest.h>

namespace {

using xbemu::DebugTriggers;
using xbemu::MemoryAccess;

constexpr std::uint64_t kAddressMatch = 6ULL << 60;
constexpr std::uint64_t kDisabled = 15ULL << 60;
constexpr std::uint64_t kDebugMode = 1ULL << 59;
constexpr std::uint64_t kHit = 1ULL << 22;
constexpr std::uint64_t kMachine = 1 << 6;
constexpr std::uint64_t kUser = 1 << 3;
constexpr std::uint64_t kStore = 1 << 1;
constexpr std::uint64_t kLoad = 1 << 0;

} // namespace

TEST_CASE("tselect counts four triggers; tdata1 keeps only what is implemented") {
    DebugTriggers triggers;
    triggers.write_select(3);
    triggers.write_select(4);
    CHECK(triggers.read_select() == 3);
    CHECK(triggers.read_data1() == kDisabled);
    triggers.write_data1((2ULL << 60) | kLoad);
    CHECK(triggers.read_data1() == kDisabled);
    triggers.write_data1(kAddressMatch | kDebugMode | (1ULL << 12) | (4ULL << 7) | kUser | kLoad);
    CHECK(triggers.read_data1() == (kAddressMatch | kUser | kLoad));
}

TEST_CASE("matches by kind, mode and address; firing sets hit0; mte gates M-mode") {
    DebugTriggers triggers;
    triggers.write_data2(0x8000'0100);
    triggers.write_data1(kAddressMatch | kUser | kMachine | kStore);
    CHECK(triggers.watches(MemoryAccess::Write, false));
    CHECK_FALSE(triggers.watches(MemoryAccess::Read, false));
    CHECK_FALSE(triggers.watches(MemoryAccess::Write, true));
    CHECK(triggers.find(MemoryAccess::Write, 0x8000'00fc, 8, false) == 0U);
    CHECK_FALSE(triggers.find(MemoryAccess::Write, 0x8000'00f8, 8, false));
    CHECK_FALSE(triggers.find(MemoryAccess::Read, 0x8000'0100, 8, false));
    CHECK((triggers.read_data1() & kHit) == 0);
    CHECK(triggers.fire(MemoryAccess::Write, 0x8000'0100, 1, false) == 0U);
    CHECK((triggers.read_data1() & kHit) != 0);

    CHECK_FALSE(triggers.find(MemoryAccess::Write, 0x8000'0100, 1, true));
    triggers.write_control(1 << 3);
    CHECK(triggers.find(MemoryAccess::Write, 0x8000'0100, 1, true) == 0U);
    triggers.trap_entered();
    CHECK(triggers.read_control() == (1 << 7));
    CHECK_FALSE(triggers.find(MemoryAccess::Write, 0x8000'0100, 1, true));
    triggers.trap_returned();
    CHECK(triggers.read_control() == ((1 << 7) | (1 << 3)));
}

TEST_CASE("a debugger's triggers fire in every mode and the guest cannot change them") {
    DebugTriggers triggers;
    triggers.write_select(1);
    triggers.write_data1(kAddressMatch | kUser | kLoad);
    const auto first = triggers.set_host_match(MemoryAccess::Execute, 0x8000'0040);
    REQUIRE(first);
    CHECK(*first == 0);
    CHECK(triggers.find(MemoryAccess::Execute, 0x8000'0040, 1, true) == 0U);
    CHECK(triggers.find(MemoryAccess::Execute, 0x8000'0040, 1, false) == 0U);
    triggers.write_select(0);
    triggers.write_data1(kDisabled);
    triggers.write_data2(0);
    CHECK((triggers.read_data1() & kDebugMode) != 0);
    CHECK(triggers.read_data2() == 0x8000'0040);
    CHECK(triggers.set_host_match(MemoryAccess::Read, 1) == 2U);
    CHECK(triggers.set_host_match(MemoryAccess::Read, 2) == 3U);
    CHECK_FALSE(triggers.set_host_match(MemoryAccess::Read, 3));
    triggers.clear_host_match(0);
    CHECK(triggers.read_data1() == kDisabled);
    CHECK_FALSE(triggers.find(MemoryAccess::Execute, 0x8000'0040, 1, true));
}

TEST_CASE("a debugger's range becomes the smallest aligned power-of-two range that holds it") {
    DebugTriggers triggers;
    // [0x80001004, 0x8000100c) lies in the 16-byte block at 0x80001000.
    const auto index = triggers.set_host_match(MemoryAccess::Write, 0x8000'1004, 8);
    REQUIRE(index);
    triggers.write_select(*index);
    CHECK(triggers.read_data2() == 0x8000'1007);
    CHECK(triggers.find(MemoryAccess::Write, 0x8000'1000, 1, true) == *index);
    CHECK(triggers.find(MemoryAccess::Write, 0x8000'100f, 1, false) == *index);
    CHECK_FALSE(triggers.find(MemoryAccess::Write, 0x8000'1010, 1, true));
    CHECK_FALSE(triggers.find(MemoryAccess::Read, 0x8000'1004, 4, true));
    // Across a 16-byte boundary the block doubles until it holds the range.
    const auto wide = triggers.set_host_match(MemoryAccess::Read, 0x8000'100c, 8);
    REQUIRE(wide);
    triggers.write_select(*wide);
    CHECK(triggers.read_data2() == 0x8000'100f);
    CHECK(triggers.find(MemoryAccess::Read, 0x8000'1000, 1, true) == *wide);
    CHECK(triggers.find(MemoryAccess::Read, 0x8000'101f, 1, true) == *wide);
    CHECK_FALSE(triggers.find(MemoryAccess::Read, 0x8000'1020, 1, true));
}
