#include "xbemu/debugger/gdb_endpoint.hpp"

#include <doctest/doctest.h>
#include <stdexcept>

using namespace xbemu::gdb;

TEST_CASE("--gdb takes a port or tcp:HOST:PORT, localhost by default") {
    const GdbEndpoint plain = parse_gdb_endpoint("1234");
    CHECK(plain.host == "localhost");
    CHECK(plain.port == 1234U);
    CHECK(parse_gdb_endpoint("0").port == 0U);
    const GdbEndpoint no_host = parse_gdb_endpoint("tcp::5000");
    CHECK(no_host.host == "localhost");
    CHECK(no_host.port == 5000U);
    const GdbEndpoint any = parse_gdb_endpoint("tcp:0.0.0.0:65535");
    CHECK(any.host == "0.0.0.0");
    CHECK(any.port == 65535U);
}

TEST_CASE("a malformed --gdb value is refused with one line") {
    CHECK_THROWS_WITH_AS(parse_gdb_endpoint("abc"),
                         "--gdb abc: expected a port (0-65535) or tcp:HOST:PORT",
                         std::invalid_argument);
    CHECK_THROWS_AS(parse_gdb_endpoint(""), std::invalid_argument);
    CHECK_THROWS_AS(parse_gdb_endpoint("65536"), std::invalid_argument);
    CHECK_THROWS_AS(parse_gdb_endpoint("-1"), std::invalid_argument);
    CHECK_THROWS_AS(parse_gdb_endpoint("12 "), std::invalid_argument);
    CHECK_THROWS_WITH_AS(parse_gdb_endpoint("tcp:localhost"),
                         "--gdb tcp:localhost: expected tcp:HOST:PORT", std::invalid_argument);
    CHECK_THROWS_AS(parse_gdb_endpoint("tcp:localhost:"), std::invalid_argument);
}
