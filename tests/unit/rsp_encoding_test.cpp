#include "xbemu/debugger/rsp_encoding.hpp"

#include <doctest/doctest.h>

using namespace xbemu::gdb;

TEST_CASE("hex byte strings round-trip and refuse malformed input") {
    const std::vector<std::uint8_t> bytes{0x00, 0x7f, 0xab, 0xff};
    CHECK(to_hex(bytes) == "007fabff");
    CHECK(from_hex("007FabFF") == bytes);
    CHECK(from_hex("")->empty());
    CHECK_FALSE(from_hex("abc"));
    CHECK_FALSE(from_hex("0g"));
    CHECK(text_to_hex("help") == "68656c70");
    CHECK(hex_to_text("68656c70") == "help");
    CHECK_FALSE(hex_to_text("6"));
}

TEST_CASE("hex numbers take 1 to 16 digits") {
    CHECK(parse_hex_number("0") == 0U);
    CHECK(parse_hex_number("8000abcD") == 0x8000abcdU);
    CHECK(parse_hex_number("ffffffffffffffff") == ~0ULL);
    CHECK_FALSE(parse_hex_number(""));
    CHECK_FALSE(parse_hex_number("10000000000000000"));
    CHECK_FALSE(parse_hex_number("-1"));
    CHECK_FALSE(parse_hex_number("12 "));
}

TEST_CASE("registers travel least significant byte first, in their exact size") {
    CHECK(register_to_hex(0x8000'0040, 8) == "4000008000000000");
    CHECK(register_to_hex(0x1234, 4) == "34120000");
    CHECK(register_from_hex("4000008000000000", 8) == 0x8000'0040U);
    CHECK(register_from_hex("34120000", 4) == 0x1234U);
    CHECK_FALSE(register_from_hex("341200", 4));
    CHECK_FALSE(register_from_hex("3412000000", 4));
    CHECK_FALSE(register_from_hex("zz120000", 4));
}

TEST_CASE("binary data unescapes } and refuses a lone one at the end") {
    CHECK(unescape_binary("a}\x03z") == std::vector<std::uint8_t>{'a', '#', 'z'});
    CHECK(unescape_binary("")->empty());
    CHECK_FALSE(unescape_binary("ab}"));
}
