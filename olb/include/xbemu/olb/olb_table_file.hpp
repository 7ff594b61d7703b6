#pragma once
// OLB table files (--olb FILE): one "object_id pe" pair per line, numbers in decimal or with a
// 0x prefix, '#' starts a comment, blank lines are ignored; a later line for the same object ID
// replaces an earlier one.

#include "xbemu/olb/olb.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string_view>

namespace xbemu {

class OlbTableError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Larger files are refused rather than read: about three million entries.
inline constexpr std::uint64_t kMaxOlbTableFileBytes = 64ULL << 20;

// Throw OlbTableError naming the file (and line) in one line of text.
std::shared_ptr<const OlbTable> read_olb_table(const std::filesystem::path& path);
OlbTable parse_olb_table(std::string_view text, std::string_view source_name);

} // namespace xbemu
