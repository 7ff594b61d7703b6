#include "stop_points.hpp"

#include <doctest/doctest.h>

using namespace xbemu;
using namespace xbemu::gdb;

namespace {

constexpr auto kRead = static_cast<std::uint8_t>(MemoryAccess::Read);
constexpr auto kWrite = static_cast<std::uint8_t>(MemoryAccess::Write);

} // namespace

TEST_CASE("watchpoints hit accesses that overlap them, and report the first watched byte") {
    StopPoints points;
    points.add_triggered({kWrite, 0x8000'1004, 4, {0}});
    points.add_triggered({kRead | kWrite, 0x8000'2000, 8, {1}});
    points.add_triggered({static_cast<std::uint8_t>(MemoryAccess::Execute), 0x8000'3000, 1, {2}});

    const auto write = points.watchpoint_at(MemoryAccess::Write, 0x8000'1000, 8);
    REQUIRE(write);
    CHECK(write->kind == kWrite);
    CHECK(write->address == 0x8000'1004U);
    CHECK_FALSE(points.watchpoint_at(MemoryAccess::Read, 0x8000'1004, 4));
    CHECK_FALSE(points.watchpoint_at(MemoryAccess::Write, 0x8000'1008, 8));     // just after
    CHECK_FALSE(points.watchpoint_at(MemoryAccess::Write, 0x8000'0ffc, 8 - 4)); // just before
    CHECK(points.watchpoint_at(MemoryAccess::Read, 0x8000'2007, 1)->kind == (kRead | kWrite));
    CHECK_FALSE(points.watchpoint_at(MemoryAccess::Execute, 0x8000'3000, 1)); // a breakpoint

    CHECK(points.write_watched(0x8000'2004, 1));
    CHECK_FALSE(points.write_watched(0x8000'3000, 1));
    CHECK(points.any_write_watch());
    points.remove_triggered(points.find_triggered(kWrite, 0x8000'1004, 4));
    points.remove_triggered(points.find_triggered(kRead | kWrite, 0x8000'2000, 8));
    CHECK_FALSE(points.any_write_watch());
    CHECK(points.triggered().size() == 1);
}

TEST_CASE("software breakpoints are a set of addresses") {
    StopPoints points;
    points.add_breakpoint(0x8000'0040);
    points.add_breakpoint(0x8000'0040);
    CHECK(points.breakpoint_at(0x8000'0040));
    CHECK_FALSE(points.breakpoint_at(0x8000'0042));
    CHECK(points.remove_breakpoint(0x8000'0040));
    CHECK_FALSE(points.remove_breakpoint(0x8000'0040));
    CHECK_FALSE(points.breakpoint_at(0x8000'0040));
}
