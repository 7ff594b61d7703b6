#include "xbemu/olb/olb.hpp"
#include "xbemu/olb/olb_table_file.hpp"

#include <doctest/doctest.h>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string_view>
#include <unistd.h>

using namespace xbemu;

TEST_CASE("the default OLB maps 0 to this PE and p+1 to PE p") {
    const Olb olb(4, 2);
    CHECK(olb.translate(0) == 2U);
    CHECK(olb.translate(1) == 0U);
    CHECK(olb.translate(3) == 2U);
    CHECK(olb.translate(4) == 3U);
    CHECK_FALSE(olb.translate(5).has_value());
    CHECK_FALSE(olb.translate(0x99).has_value());
    CHECK_FALSE(olb.translate(~0ULL).has_value());
}

std::shared_ptr<const OlbTable> table(std::string_view text) {
    return std::make_shared<const OlbTable>(parse_olb_table(text, "t.olb"));
}

TEST_CASE("table entries add and override object IDs") {
    const auto entries = table("# object pe\n0x1000 1\n  7\t0   # seven\n\n2 0\n");
    const Olb olb(2, 0, entries);
    CHECK(olb.translate(0x1000) == 1U);
    CHECK(olb.translate(7) == 0U);
    CHECK(olb.translate(2) == 0U); // overridden: by default ID 2 is PE 1
    CHECK(olb.translate(1) == 0U);
    CHECK_FALSE(olb.translate(3).has_value());
    // One table serves every PE of the process.
    const Olb other(2, 1, entries);
    CHECK(other.translate(0) == 1U);
    CHECK(other.translate(0x1000) == 1U);
    CHECK(&other.entries() == &olb.entries());
}

TEST_CASE("bad table lines are refused with the file and line") {
    CHECK_THROWS_WITH_AS(parse_olb_table("1 0\n0x10\n", "t.olb"),
                         "t.olb:2: expected two numbers: an object ID and a PE", OlbTableError);
    CHECK_THROWS_AS(parse_olb_table("0 1\n", "t.olb"), OlbTableError);
    CHECK_THROWS_AS(parse_olb_table("ten 1\n", "t.olb"), OlbTableError);
    CHECK_THROWS_AS(parse_olb_table("0xg 1\n", "t.olb"), OlbTableError);
    CHECK_THROWS_AS(read_olb_table("/nonexistent/table.olb"), OlbTableError);
}

TEST_CASE("a PE beyond the job is refused with the line that names it, in plain English") {
    CHECK_THROWS_WITH_AS(Olb(2, 0, table("1 0\n0x10 2\n0x11 1\n")),
                         "t.olb:2: object ID 0x10 maps to PE 2, but there are only 2 PEs",
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(Olb(1, 0, table("0x10 1\n")),
                         "t.olb:1: object ID 0x10 maps to PE 1, but there is only 1 PE",
                         std::invalid_argument);
}

TEST_CASE("a refused line is quoted without its control bytes") {
    CHECK_THROWS_WITH_AS(parse_olb_table("1\x1b[2J 0\r\n", "t.olb"),
                         "t.olb:1: '1\\x1b[2J 0\\x0d' is not a pair of numbers", OlbTableError);
}

TEST_CASE("an OLB table that is not a regular file, or too large, is refused without reading it") {
    CHECK_THROWS_WITH_AS(read_olb_table("/dev/zero"), "OLB table /dev/zero: not a regular file",
                         OlbTableError);
    const std::filesystem::path large =
        std::filesystem::temp_directory_path() / fmt::format("olb_test_{}.olb", ::getpid());
    {
        std::ofstream file(large);
        file << "1 0\n";
    }
    CHECK(read_olb_table(large)->entries.size() == 1);
    std::filesystem::resize_file(large, kMaxOlbTableFileBytes + 1); // sparse: costs no disk
    CHECK_THROWS_WITH_AS(
        read_olb_table(large),
        fmt::format("OLB table {}: 67108865 bytes: at most 64 MiB are supported", large.string())
            .c_str(),
        OlbTableError);
    std::filesystem::remove(large);
}
