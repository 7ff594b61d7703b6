#include "xbemu/memory_size.hpp"

#include <doctest/doctest.h>

using xbemu::parse_memory_size;

TEST_CASE("memory sizes accept MiB numbers and K/M/G suffixes") {
    CHECK(parse_memory_size("256") == 256ULL << 20);
    CHECK(parse_memory_size("256M") == 256ULL << 20);
    CHECK(parse_memory_size("2g") == 2ULL << 30);
    CHECK(parse_memory_size("4096K") == 4ULL << 20);
    CHECK(parse_memory_size("1048576B") == 1ULL << 20);
    CHECK(parse_memory_size("64G") == 64ULL << 30);
}

TEST_CASE("memory sizes out of range or malformed are refused") {
    for (const char* bad : {"", "M", "abc", "-1", "1.5G", "12MB", "0", "1023K", "65G",
                            "18446744073709551615", "1048577B"}) {
        INFO(bad);
        CHECK_THROWS_AS(parse_memory_size(bad), std::invalid_argument);
    }
}
