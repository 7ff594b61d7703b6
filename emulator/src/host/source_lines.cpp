#include "source_lines.hpp"

#include <elfutils/libdw.h>
#include <fcntl.h>
#include <unistd.h>

namespace xbemu {

SourceLines::SourceLines(const std::filesystem::path& program)
    : descriptor_(::open(program.c_str(), O_RDONLY | O_CLOEXEC)) {
    if (descriptor_ >= 0) {
        dwarf_ = dwarf_begin(descriptor_, DWARF_C_READ);
    }
}

SourceLines::~SourceLines() {
    if (dwarf_ != nullptr) {
        dwarf_end(dwarf_);
    }
    if (descriptor_ >= 0) {
        ::close(descriptor_);
    }
}

std::optional<SourceLine> SourceLines::at(std::uint64_t address) const {
    Dwarf_Die unit;
    if (dwarf_ == nullptr || dwarf_addrdie(dwarf_, address, &unit) == nullptr) {
        return std::nullopt;
    }
    Dwarf_Line* row = dwarf_getsrc_die(&unit, address);
    int line = 0;
    const char* file = row != nullptr ? dwarf_linesrc(row, nullptr, nullptr) : nullptr;
    if (file == nullptr || dwarf_lineno(row, &line) != 0) {
        return std::nullopt;
    }
    return SourceLine{file, line};
}

} // namespace xbemu
