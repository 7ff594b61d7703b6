#include "xbemu/program_layout.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <limits>

namespace xbemu {

namespace {

// Start-up code that calls main and loops for ever once it returns: picolibc's crt0 other than
// the semihosting one (its _cstart).
constexpr const char* kStartupFunctions[] = {"_cstart"};

} // namespace

const CodeRange* ProgramLayout::startup_function_at(std::uint64_t pc) const {
    const auto found =
        std::find_if(startup_code.begin(), startup_code.end(),
                     [pc](const CodeRange& range) { return pc >= range.begin && pc < range.end; });
    return found == startup_code.end() ? nullptr : &*found;
}

const CodeRange* ProgramLayout::symbol_at(std::uint64_t pc) const {
    const auto after =
        std::upper_bound(symbols.begin(), symbols.end(), pc,
                         [](std::uint64_t at, const CodeRange& range) { return at < range.begin; });
    if (after == symbols.begin() || pc >= std::prev(after)->end) {
        return nullptr;
    }
    return &*std::prev(after);
}

std::string ProgramLayout::name_of_pc(std::uint64_t pc) const {
    const CodeRange* symbol = symbol_at(pc);
    if (symbol == nullptr) {
        return {};
    }
    if (pc == symbol->begin) {
        return fmt::format(" <{}>", symbol->name);
    }
    return fmt::format(" <{}+0x{:x}>", symbol->name, pc - symbol->begin);
}

ProgramLayout program_layout(const ElfImage& image) {
    std::vector<std::uint64_t> addresses;
    for (const auto& [name, address] : image.symbols) {
        addresses.push_back(address);
    }
    std::sort(addresses.begin(), addresses.end());
    ProgramLayout layout;
    for (const char* name : kStartupFunctions) {
        const auto symbol = image.symbols.find(name);
        if (symbol == image.symbols.end()) {
            continue;
        }
        const auto next = std::upper_bound(addresses.begin(), addresses.end(), symbol->second);
        const std::uint64_t end =
            next != addresses.end() ? *next : std::numeric_limits<std::uint64_t>::max();
        layout.startup_code.push_back({name, symbol->second, end});
    }
    for (const auto& [name, address] : image.symbols) {
        const auto next = std::upper_bound(addresses.begin(), addresses.end(), address);
        layout.symbols.push_back(
            {name, address,
             next != addresses.end() ? *next : std::numeric_limits<std::uint64_t>::max()});
    }
    // Of the names at one address (a routine and its alias), the last in name order names it.
    std::stable_sort(layout.symbols.begin(), layout.symbols.end(),
                     [](const CodeRange& a, const CodeRange& b) { return a.begin < b.begin; });
    const auto top = image.symbols.find("__stack");
    const auto size = image.symbols.find("__stack_size");
    if (top != image.symbols.end() && size != image.symbols.end() && size->second <= top->second) {
        layout.stack_bottom = top->second - size->second;
    }
    return layout;
}

} // namespace xbemu
