#include "xbemu/olb/olb_table_file.hpp"

#include <charconv>
#include <fmt/format.h>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <vector>

namespace xbemu {

namespace {

std::optional<std::uint64_t> parse_number(std::string_view text) {
    int base = 10;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        text.remove_prefix(2);
        base = 16;
    }
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
    if (error != std::errc() || end != text.data() + text.size() || text.empty()) {
        return std::nullopt;
    }
    return value;
}

std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> result;
    std::size_t position = 0;
    while (position < line.size()) {
        const std::size_t start = line.find_first_not_of(" \t\r", position);
        if (start == std::string_view::npos) {
            break;
        }
        const std::size_t end = std::min(line.find_first_of(" \t\r", start), line.size());
        result.push_back(line.substr(start, end - start));
        position = end;
    }
    return result;
}

} // namespace

void parse_olb_table(Olb& olb, std::string_view text, std::string_view source_name) {
    std::size_t line_number = 0;
    while (!text.empty()) {
        ++line_number;
        const std::size_t end = std::min(text.find('\n'), text.size());
        std::string_view line = text.substr(0, end);
        text.remove_prefix(std::min(end + 1, text.size()));
        line = line.substr(0, std::min(line.find('#'), line.size()));
        const std::vector<std::string_view> fields = words(line);
        if (fields.empty()) {
            continue;
        }
        const auto fail = [&](std::string_view why) {
            return OlbTableError(fmt::format("{}:{}: {}", source_name, line_number, why));
        };
        if (fields.size() != 2) {
            throw fail("expected two numbers: an object ID and a PE");
        }
        const auto object_id = parse_number(fields[0]);
        const auto pe = parse_number(fields[1]);
        if (!object_id || !pe) {
            throw fail(fmt::format("'{}' is not a pair of numbers", line));
        }
        if (*pe > std::numeric_limits<unsigned>::max()) {
            throw fail(fmt::format("PE {} does not exist", *pe));
        }
        try {
            olb.add(*object_id, static_cast<unsigned>(*pe));
        } catch (const std::invalid_argument& error) {
            throw fail(error.what());
        }
    }
}

void load_olb_table(Olb& olb, const std::filesystem::path& path) {
    std::ifstream file(path);
    if (!file) {
        throw OlbTableError(fmt::format("cannot read OLB table {}", path.string()));
    }
    std::ostringstream contents;
    contents << file.rdbuf();
    parse_olb_table(olb, contents.str(), path.string());
}

} // namespace xbemu
