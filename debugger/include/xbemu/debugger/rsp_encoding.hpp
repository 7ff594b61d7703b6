#pragma once
// How the gdb Remote Serial Protocol writes values inside packets: hex byte strings, hex
// numbers, register values as target-order (little-endian) hex, and the `}`-escaped binary of
// the X packet. Every parser refuses malformed input by returning nothing.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xbemu::gdb {

std::string to_hex(std::span<const std::uint8_t> bytes);
std::string text_to_hex(std::string_view text);
std::optional<std::vector<std::uint8_t>> from_hex(std::string_view hex);
std::optional<std::string> hex_to_text(std::string_view hex);

// A number in 1 to 16 hex digits.
std::optional<std::uint64_t> parse_hex_number(std::string_view hex);

// A register value of `bytes` bytes, least significant byte first.
std::string register_to_hex(std::uint64_t value, unsigned bytes);
std::optional<std::uint64_t> register_from_hex(std::string_view hex, unsigned bytes);

// The X packet's data: `}` escapes the next byte (xor 0x20). A lone `}` at the end is malformed.
std::optional<std::vector<std::uint8_t>> unescape_binary(std::string_view data);

} // namespace xbemu::gdb
