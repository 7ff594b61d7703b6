#include "xbemu/olb/olb.hpp"
#include "xbemu/olb/olb_table_file.hpp"

#include <doctest/doctest.h>

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

TEST_CASE("table entries add and override object IDs") {
    Olb olb(2, 0);
    parse_olb_table(olb, "# object pe\n0x1000 1\n  7\t0   # seven\n\n2 0\n", "table");
    CHECK(olb.translate(0x1000) == 1U);
    CHECK(olb.translate(7) == 0U);
    CHECK(olb.translate(2) == 0U); // overridden: by default ID 2 is PE 1
    CHECK(olb.translate(1) == 0U);
    CHECK_FALSE(olb.translate(3).has_value());
}

TEST_CASE("bad table lines are refused with the file and line") {
    Olb olb(2, 0);
    CHECK_THROWS_WITH_AS(parse_olb_table(olb, "1 0\n0x10\n", "t.olb"),
                         "t.olb:2: expected two numbers: an object ID and a PE", OlbTableError);
    CHECK_THROWS_WITH_AS(parse_olb_table(olb, "0x10 2\n", "t.olb"),
                         "t.olb:1: object ID 0x10 maps to PE 2, but there are only 2 PEs",
                         OlbTableError);
    CHECK_THROWS_AS(parse_olb_table(olb, "0 1\n", "t.olb"), OlbTableError);
    CHECK_THROWS_AS(parse_olb_table(olb, "ten 1\n", "t.olb"), OlbTableError);
    CHECK_THROWS_AS(parse_olb_table(olb, "0xg 1\n", "t.olb"), OlbTableError);
    CHECK_THROWS_AS(load_olb_table(olb, "/nonexistent/table.olb"), OlbTableError);
}
