#pragma once
// OLB table files (--olb FILE): one "object_id pe" pair per line, numbers in decimal or with a
// 0x prefix, '#' starts a comment, blank lines are ignored.

#include "xbemu/olb/olb.hpp"

#include <filesystem>
#include <stdexcept>
#include <string_view>

namespace xbemu {

class OlbTableError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Adds the file's entries to `olb`. Throws OlbTableError naming the file and line.
void load_olb_table(Olb& olb, const std::filesystem::path& path);
void parse_olb_table(Olb& olb, std::string_view text, std::string_view source_name);

} // namespace xbemu
