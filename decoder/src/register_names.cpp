#include "xbemu/decoder/register_names.hpp"

#include <algorithm>
#include <array>

namespace xbemu {

namespace {

constexpr std::array<std::string_view, 32> kIntegerNames = {
    "zero", "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "s0", "s1", "a0",
    "a1",   "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
    "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};

constexpr std::array<std::string_view, 32> kFloatNames = {
    "ft0", "ft1", "ft2", "ft3", "ft4",  "ft5",  "ft6", "ft7", "fs0",  "fs1", "fa0",
    "fa1", "fa2", "fa3", "fa4", "fa5",  "fa6",  "fa7", "fs2", "fs3",  "fs4", "fs5",
    "fs6", "fs7", "fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11"};

struct CsrDeclaration {
    std::string_view name;
    std::uint32_t number;
    PrivilegedSpec defined_in;
    PrivilegedSpec dropped_in;
};

constexpr CsrDeclaration kCsrDeclarations[] = {
#include "csr_declarations.inc"
};

// binutils' rule: a declaration without versions holds in every spec.
constexpr bool declared_in(const CsrDeclaration& declaration, PrivilegedSpec spec) {
    if (declaration.defined_in == PrivilegedSpec::None &&
        declaration.dropped_in == PrivilegedSpec::None) {
        return true;
    }
    return spec >= declaration.defined_in && spec < declaration.dropped_in;
}

} // namespace

std::string_view integer_register_name(unsigned index) {
    return kIntegerNames[index & 31U];
}
std::string_view float_register_name(unsigned index) {
    return kFloatNames[index & 31U];
}

std::string_view csr_name(std::uint32_t number, PrivilegedSpec spec) {
    const auto* declaration = std::find_if(
        std::begin(kCsrDeclarations), std::end(kCsrDeclarations),
        [&](const CsrDeclaration& d) { return d.number == number && declared_in(d, spec); });
    return declaration != std::end(kCsrDeclarations) ? declaration->name : std::string_view();
}

} // namespace xbemu
