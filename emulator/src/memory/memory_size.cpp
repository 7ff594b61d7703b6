#include "xbemu/memory_size.hpp"

#include <cctype>
#include <charconv>
#include <fmt/format.h>

namespace xbemu {

std::uint64_t parse_memory_size(std::string_view text) {
    const auto fail = [&](std::string_view why) {
        return std::invalid_argument(fmt::format("invalid memory size '{}': {}", text, why));
    };
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end == text.data()) {
        throw fail("expected a number with an optional K, M or G suffix");
    }
    const std::string_view suffix(end, static_cast<std::size_t>(text.data() + text.size() - end));
    unsigned shift = 20;
    if (suffix.size() > 1) {
        throw fail("expected a number with an optional K, M or G suffix");
    }
    if (!suffix.empty()) {
        switch (std::toupper(static_cast<unsigned char>(suffix.front()))) {
        case 'B':
            shift = 0;
            break;
        case 'K':
            shift = 10;
            break;
        case 'M':
            shift = 20;
            break;
        case 'G':
            shift = 30;
            break;
        default:
            throw fail("expected a number with an optional K, M or G suffix");
        }
    }
    constexpr std::uint64_t kMinimum = 1ULL << 20;
    constexpr std::uint64_t kMaximum = 64ULL << 30;
    if (value > (kMaximum >> shift)) {
        throw fail("more than 64 GiB");
    }
    const std::uint64_t bytes = value << shift;
    if (bytes < kMinimum) {
        throw fail("less than 1 MiB");
    }
    if (bytes % 4096 != 0) {
        throw fail("not a multiple of 4 KiB");
    }
    return bytes;
}

} // namespace xbemu
