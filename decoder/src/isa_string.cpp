#include "xbemu/decoder/isa_string.hpp"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

namespace xbemu {

namespace {

// Canonical order: single letters in ISA order, then the multi-letter extensions.
constexpr std::string_view kSingleLetterOrder = "imafdc";

// Multi-letter extensions known by a name without the x prefix (the spelling of their papers),
// as a component of their own: "rv64gc_pimp".
struct Alias {
    std::string_view spelling;
    std::string_view name;
};
constexpr Alias kAliases[] = {{"pimp", "xpimp"}};

void add_once(std::vector<std::string>& names, std::string name) {
    if (std::find(names.begin(), names.end(), name) == names.end()) {
        names.push_back(std::move(name));
    }
}

bool has(const std::vector<std::string>& names, std::string_view name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

} // namespace

std::vector<std::string> expand_isa_string(std::string_view isa) {
    std::string text;
    for (char c : isa) {
        text += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    const auto fail = [&](std::string_view why) {
        return IsaStringError(fmt::format("invalid ISA string '{}': {}", isa, why));
    };
    if (text.rfind("rv32", 0) == 0 || text.rfind("rv128", 0) == 0) {
        throw fail("only RV64 is supported");
    }
    if (text.rfind("rv64", 0) != 0) {
        throw fail("it must start with rv64");
    }

    std::vector<std::string> letters;
    std::vector<std::string> multi_letter;
    std::size_t position = 4;
    if (position >= text.size() || (text[position] != 'i' && text[position] != 'g')) {
        throw fail("the base ISA must be i or g right after rv64");
    }
    while (position < text.size()) {
        const char c = text[position];
        if (c == '_') {
            ++position;
            continue;
        }
        const std::size_t end = std::min(text.find('_', position), text.size());
        const std::string_view component = std::string_view(text).substr(position, end - position);
        const auto alias =
            std::find_if(std::begin(kAliases), std::end(kAliases),
                         [component](const Alias& a) { return a.spelling == component; });
        if (text[position - 1] == '_' && alias != std::end(kAliases)) {
            add_once(multi_letter, std::string(alias->name));
            position = end;
            continue;
        }
        if (c == 'z' || c == 'x' || c == 's') {
            if (component.size() < 2) {
                throw fail(fmt::format("extension name '{}' is too short", component));
            }
            add_once(multi_letter, std::string(component));
            position = end;
            continue;
        }
        if (c == 'g') {
            for (char letter : std::string_view("imafd")) {
                add_once(letters, std::string(1, letter));
            }
        } else if (kSingleLetterOrder.find(c) != std::string_view::npos) {
            add_once(letters, std::string(1, c));
        } else if (std::isdigit(static_cast<unsigned char>(c)) != 0) {
            throw fail("version numbers are not supported");
        } else {
            throw fail(fmt::format("unsupported extension '{}'", c));
        }
        ++position;
    }

    std::vector<std::string> names;
    for (char letter : kSingleLetterOrder) {
        const std::string name(1, letter);
        if (!has(letters, name)) {
            continue;
        }
        if (letter == 'c') {
            add_once(names, "zca");
            if (has(letters, "d")) {
                add_once(names, "zcd");
            }
        } else {
            add_once(names, name);
        }
    }
    if (has(names, "d") && !has(names, "f")) {
        throw fail("the D extension requires F");
    }
    if (has(names, "i")) {
        add_once(names, "zicsr");
        add_once(names, "zifencei");
    }
    for (std::string& name : multi_letter) {
        add_once(names, std::move(name));
    }
    return names;
}

} // namespace xbemu
