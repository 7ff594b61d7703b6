#pragma once
// ISA strings ("rv64gc", "rv64imac", "rv64gc_xbgas_xpimp") to the list of extension names.

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace xbemu {

class IsaStringError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// Expands an ISA string into extension names, lower case, each once, in a canonical order.
// "g" means "imafd_zicsr_zifencei"; like Spike and QEMU, "i" brings Zicsr and Zifencei; "c"
// means Zca plus Zcd when D is present; "d" requires "f"; "pimp" (after an underscore) is
// "xpimp". Only RV64 is accepted.
std::vector<std::string> expand_isa_string(std::string_view isa);

// The extension names of an ELF's architecture attribute ("rv64i2p1_m2p0_c2p0_zicsr2p0"), with
// their versions dropped and named as expand_isa_string names them ("c" is "zca", and "zcd" with
// "d"); names xbemu does not know are kept as written. Empty for a string that is not RV64.
std::vector<std::string> extensions_of_architecture(std::string_view architecture);

// The shortest ISA string for a set of extension names as expand_isa_string gives them:
// "rv64gc_xbgas" for i, m, a, f, d, zca, zcd, zicsr, zifencei and xbgas.
std::string isa_string_of(const std::vector<std::string>& names);

// The ISA string `isa` with the named extensions added, and those they require ("zcd" needs
// "zca" and "d", "d" needs "f"): the --isa to suggest for a program that needs them.
std::string isa_string_with(std::string_view isa, const std::vector<std::string>& added);

// How a user spells an extension of expand_isa_string's names: "M", "C" for zca and zcd, "xbgas".
std::string extension_spelling(std::string_view name);

} // namespace xbemu
