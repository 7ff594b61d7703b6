#pragma once
// The source file and line of a code address, from the program's DWARF line table (elfutils'
// libdw, opened when first needed): what --profile names beside each function. A program without
// debug information (built without -g) gives none.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

struct Dwarf;

namespace xbemu {

struct SourceLine {
    std::string file; // as the line table names it (relative to where it was compiled, or not)
    int line = 0;
};

class SourceLines {
public:
    // Opens libdw if it is not yet; throws std::runtime_error, in one line, if it cannot.
    static void load_library();

    explicit SourceLines(const std::filesystem::path& program);
    ~SourceLines();
    SourceLines(const SourceLines&) = delete;
    SourceLines& operator=(const SourceLines&) = delete;

    std::optional<SourceLine> at(std::uint64_t address) const;

private:
    int descriptor_ = -1;
    Dwarf* dwarf_ = nullptr;
};

} // namespace xbemu
