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

// A component's length without its version suffix ("2p1", "2"), which attributes always give.
std::size_t without_version(std::string_view component) {
    std::size_t end = component.size();
    while (end > 0 && std::isdigit(static_cast<unsigned char>(component[end - 1])) != 0) {
        --end;
    }
    if (end > 1 && end < component.size() && component[end - 1] == 'p') {
        --end;
        while (end > 0 && std::isdigit(static_cast<unsigned char>(component[end - 1])) != 0) {
            --end;
        }
    }
    return end;
}

} // namespace

std::vector<std::string> extensions_of_architecture(std::string_view architecture) {
    if (!architecture.starts_with("rv64")) {
        return {};
    }
    std::vector<std::string> names;
    std::string_view rest = architecture.substr(4);
    while (!rest.empty()) {
        const std::size_t end = std::min(rest.find('_'), rest.size());
        const std::string_view component = rest.substr(0, end);
        rest = rest.substr(std::min(end + 1, rest.size()));
        if (component.empty()) {
            continue;
        }
        if (component.front() == 'z' || component.front() == 'x' || component.front() == 's') {
            add_once(names, std::string(component.substr(0, without_version(component))));
            continue;
        }
        // Single letters, each with an optional version: "i2p1", or "imac" in older strings.
        std::size_t position = 0;
        while (position < component.size()) {
            const char letter = component[position++];
            while (position < component.size() &&
                   (std::isdigit(static_cast<unsigned char>(component[position])) != 0 ||
                    (component[position] == 'p' && position + 1 < component.size() &&
                     std::isdigit(static_cast<unsigned char>(component[position + 1])) != 0))) {
                ++position;
            }
            if (letter == 'g') {
                for (const char implied : std::string_view("imafd")) {
                    add_once(names, std::string(1, implied));
                }
            } else if (letter == 'c') {
                add_once(names, "zca");
            } else {
                add_once(names, std::string(1, letter));
            }
        }
    }
    if (has(names, "zca") && has(names, "d")) {
        add_once(names, "zcd");
    }
    return names;
}

std::string isa_string_of(const std::vector<std::string>& names) {
    std::string letters;
    for (const char letter : std::string_view("imafd")) {
        if (has(names, std::string(1, letter))) {
            letters += letter;
        }
    }
    std::string isa = letters == "imafd" ? "rv64g" : "rv64" + letters;
    if (has(names, "zca")) {
        isa += 'c';
    }
    for (const std::string& name : names) {
        const bool implied = name.size() == 1 || name == "zca" || name == "zcd" ||
                             name == "zicsr" || name == "zifencei";
        if (!implied) {
            isa += '_' + name;
        }
    }
    return isa;
}

std::string isa_string_with(std::string_view isa, const std::vector<std::string>& added) {
    std::vector<std::string> names = expand_isa_string(isa);
    for (const std::string& name : added) {
        add_once(names, name);
        if (name == "zcd") {
            add_once(names, "zca");
            add_once(names, "d");
        }
    }
    if (has(names, "d")) {
        add_once(names, "f");
    }
    return isa_string_of(names);
}

std::string extension_spelling(std::string_view name) {
    if (name == "zca" || name == "zcd") {
        return "C";
    }
    if (name.size() == 1) {
        return std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(name[0]))));
    }
    return std::string(name);
}

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
