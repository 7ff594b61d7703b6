#include "xbemu/debugger/gdb_endpoint.hpp"

#include <charconv>
#include <fmt/format.h>
#include <stdexcept>

namespace xbemu::gdb {

namespace {

constexpr unsigned kLargestPort = 65535;

unsigned parse_port(std::string_view text, std::string_view whole) {
    unsigned port = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), port);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() ||
        port > kLargestPort) {
        throw std::invalid_argument(
            fmt::format("--gdb {}: expected a port (0-{}) or tcp:HOST:PORT", whole, kLargestPort));
    }
    return port;
}

} // namespace

GdbEndpoint parse_gdb_endpoint(std::string_view text) {
    GdbEndpoint endpoint;
    if (!text.starts_with("tcp:")) {
        endpoint.port = parse_port(text, text);
        return endpoint;
    }
    const std::string_view rest = text.substr(4);
    const std::size_t colon = rest.rfind(':');
    if (colon == std::string_view::npos) {
        throw std::invalid_argument(fmt::format("--gdb {}: expected tcp:HOST:PORT", text));
    }
    if (colon > 0) {
        endpoint.host = std::string(rest.substr(0, colon));
    }
    endpoint.port = parse_port(rest.substr(colon + 1), text);
    return endpoint;
}

} // namespace xbemu::gdb
