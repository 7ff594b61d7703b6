#include "xbemu/debugger/rsp_encoding.hpp"

namespace xbemu::gdb {

namespace {

constexpr char kDigits[] = "0123456789abcdef";
constexpr unsigned kMaxHexDigits = 16;

std::optional<unsigned> digit_value(char digit) {
    if (digit >= '0' && digit <= '9') {
        return static_cast<unsigned>(digit - '0');
    }
    if (digit >= 'a' && digit <= 'f') {
        return static_cast<unsigned>(digit - 'a' + 10);
    }
    if (digit >= 'A' && digit <= 'F') {
        return static_cast<unsigned>(digit - 'A' + 10);
    }
    return std::nullopt;
}

} // namespace

std::string to_hex(std::span<const std::uint8_t> bytes) {
    std::string hex;
    hex.reserve(bytes.size() * 2);
    for (const std::uint8_t byte : bytes) {
        hex.push_back(kDigits[byte >> 4]);
        hex.push_back(kDigits[byte & 15U]);
    }
    return hex;
}

std::string text_to_hex(std::string_view text) {
    return to_hex({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
}

std::optional<std::vector<std::uint8_t>> from_hex(std::string_view hex) {
    if (hex.size() % 2 != 0) {
        return std::nullopt;
    }
    std::vector<std::uint8_t> bytes;
    bytes.reserve(hex.size() / 2);
    for (std::size_t index = 0; index < hex.size(); index += 2) {
        const auto high = digit_value(hex[index]);
        const auto low = digit_value(hex[index + 1]);
        if (!high || !low) {
            return std::nullopt;
        }
        bytes.push_back(static_cast<std::uint8_t>((*high << 4) | *low));
    }
    return bytes;
}

std::optional<std::string> hex_to_text(std::string_view hex) {
    const auto bytes = from_hex(hex);
    if (!bytes) {
        return std::nullopt;
    }
    return std::string(bytes->begin(), bytes->end());
}

std::optional<std::uint64_t> parse_hex_number(std::string_view hex) {
    if (hex.empty() || hex.size() > kMaxHexDigits) {
        return std::nullopt;
    }
    std::uint64_t value = 0;
    for (const char digit : hex) {
        const auto nibble = digit_value(digit);
        if (!nibble) {
            return std::nullopt;
        }
        value = (value << 4) | *nibble;
    }
    return value;
}

std::string register_to_hex(std::uint64_t value, unsigned bytes) {
    std::vector<std::uint8_t> data(bytes);
    for (unsigned index = 0; index < bytes; ++index) {
        data[index] = static_cast<std::uint8_t>(index < 8 ? value >> (8 * index) : 0);
    }
    return to_hex(data);
}

std::optional<std::uint64_t> register_from_hex(std::string_view hex, unsigned bytes) {
    const auto data = from_hex(hex);
    if (!data || data->size() != bytes || bytes > 8) {
        return std::nullopt;
    }
    std::uint64_t value = 0;
    for (unsigned index = 0; index < bytes; ++index) {
        value |= static_cast<std::uint64_t>((*data)[index]) << (8 * index);
    }
    return value;
}

std::optional<std::vector<std::uint8_t>> unescape_binary(std::string_view data) {
    std::vector<std::uint8_t> bytes;
    bytes.reserve(data.size());
    for (std::size_t index = 0; index < data.size(); ++index) {
        if (data[index] == '}') {
            if (++index == data.size()) {
                return std::nullopt;
            }
            bytes.push_back(static_cast<std::uint8_t>(data[index]) ^ 0x20U);
        } else {
            bytes.push_back(static_cast<std::uint8_t>(data[index]));
        }
    }
    return bytes;
}

} // namespace xbemu::gdb
