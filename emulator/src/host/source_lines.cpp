#include "source_lines.hpp"

#include <dlfcn.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <stdexcept>
#include <unistd.h>

namespace xbemu {

namespace {

// The libdw functions xbemu uses, with the header's types. libdw is opened on first use rather
// than linked: a linked libdw (and the compression libraries it needs) is loaded and relocated
// at every start of xbemu, profile or not.
struct Libdw {
    decltype(&dwarf_begin) begin = nullptr;
    decltype(&dwarf_end) end = nullptr;
    decltype(&dwarf_addrdie) addrdie = nullptr;
    decltype(&dwarf_getsrc_die) getsrc_die = nullptr;
    decltype(&dwarf_linesrc) linesrc = nullptr;
    decltype(&dwarf_lineno) lineno = nullptr;
};

constexpr const char* kLibdw = "libdw.so.1";

template <typename Function> void resolve(void* library, const char* name, Function& function) {
    // dlsym returns functions as void*, which POSIX lets a function pointer be made of.
    function = reinterpret_cast<Function>(dlsym(library, name));
    if (function == nullptr) {
        throw std::runtime_error(fmt::format("{} lacks {}: {}", kLibdw, name, dlerror()));
    }
}

Libdw load() {
    void* library = dlopen(kLibdw, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        throw std::runtime_error(fmt::format(
            "--profile needs elfutils' libdw for source lines (Debian: libdw1): {}", dlerror()));
    }
    Libdw functions;
    resolve(library, "dwarf_begin", functions.begin);
    resolve(library, "dwarf_end", functions.end);
    resolve(library, "dwarf_addrdie", functions.addrdie);
    resolve(library, "dwarf_getsrc_die", functions.getsrc_die);
    resolve(library, "dwarf_linesrc", functions.linesrc);
    resolve(library, "dwarf_lineno", functions.lineno);
    return functions;
}

const Libdw& libdw() {
    static const Libdw functions = load();
    return functions;
}

} // namespace

void SourceLines::load_library() {
    libdw();
}

SourceLines::SourceLines(const std::filesystem::path& program)
    : descriptor_(::open(program.c_str(), O_RDONLY | O_CLOEXEC)) {
    if (descriptor_ >= 0) {
        dwarf_ = libdw().begin(descriptor_, DWARF_C_READ);
    }
}

SourceLines::~SourceLines() {
    if (dwarf_ != nullptr) {
        libdw().end(dwarf_);
    }
    if (descriptor_ >= 0) {
        ::close(descriptor_);
    }
}

std::optional<SourceLine> SourceLines::at(std::uint64_t address) const {
    Dwarf_Die unit;
    if (dwarf_ == nullptr || libdw().addrdie(dwarf_, address, &unit) == nullptr) {
        return std::nullopt;
    }
    Dwarf_Line* row = libdw().getsrc_die(&unit, address);
    int line = 0;
    const char* file = row != nullptr ? libdw().linesrc(row, nullptr, nullptr) : nullptr;
    if (file == nullptr || libdw().lineno(row, &line) != 0) {
        return std::nullopt;
    }
    return SourceLine{file, line};
}

} // namespace xbemu
