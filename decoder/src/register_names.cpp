#include "xbemu/decoder/register_names.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

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

struct NamedCsr {
    std::uint32_t number;
    std::string_view name;
};

constexpr NamedCsr kNamedCsrs[] = {
    {0x001, "fflags"},     {0x002, "frm"},       {0x003, "fcsr"},          {0x100, "sstatus"},
    {0x104, "sie"},        {0x105, "stvec"},     {0x106, "scounteren"},    {0x10a, "senvcfg"},
    {0x140, "sscratch"},   {0x141, "sepc"},      {0x142, "scause"},        {0x143, "stval"},
    {0x144, "sip"},        {0x180, "satp"},      {0x300, "mstatus"},       {0x301, "misa"},
    {0x302, "medeleg"},    {0x303, "mideleg"},   {0x304, "mie"},           {0x305, "mtvec"},
    {0x306, "mcounteren"}, {0x30a, "menvcfg"},   {0x320, "mcountinhibit"}, {0x340, "mscratch"},
    {0x341, "mepc"},       {0x342, "mcause"},    {0x343, "mtval"},         {0x344, "mip"},
    {0x34a, "mtinst"},     {0x34b, "mtval2"},    {0x747, "mseccfg"},       {0x7a0, "tselect"},
    {0x7a1, "tdata1"},     {0x7a2, "tdata2"},    {0x7a3, "tdata3"},        {0x7a4, "tinfo"},
    {0x7a5, "tcontrol"},   {0x7a8, "mcontext"},  {0x7b0, "dcsr"},          {0x7b1, "dpc"},
    {0x7b2, "dscratch0"},  {0x7b3, "dscratch1"}, {0xb00, "mcycle"},        {0xb02, "minstret"},
    {0xc00, "cycle"},      {0xc01, "time"},      {0xc02, "instret"},       {0xf11, "mvendorid"},
    {0xf12, "marchid"},    {0xf13, "mimpid"},    {0xf14, "mhartid"},       {0xf15, "mconfigptr"},
};

// Numbered families: pmpcfg0..3, pmpaddr0..15 (binutils 2.40 names no more: objdump prints
// the others as numbers), mhpmcounter3..31, mhpmevent3..31, hpmcounter3..31.
struct CsrFamily {
    std::uint32_t first;
    std::uint32_t count;
    std::uint32_t first_index;
    std::string_view prefix;
};

constexpr CsrFamily kCsrFamilies[] = {
    {0x3a0, 4, 0, "pmpcfg"},     {0x3b0, 16, 0, "pmpaddr"},    {0xb03, 29, 3, "mhpmcounter"},
    {0x323, 29, 3, "mhpmevent"}, {0xc03, 29, 3, "hpmcounter"},
};

std::array<std::string, 4096> build_family_names() {
    std::array<std::string, 4096> names;
    for (const CsrFamily& family : kCsrFamilies) {
        for (std::uint32_t k = 0; k < family.count; ++k) {
            names[family.first + k] =
                std::string(family.prefix) + std::to_string(family.first_index + k);
        }
    }
    return names;
}

} // namespace

std::string_view integer_register_name(unsigned index) {
    return kIntegerNames[index & 31U];
}
std::string_view float_register_name(unsigned index) {
    return kFloatNames[index & 31U];
}

std::string_view csr_name(std::uint32_t number) {
    const auto* named = std::find_if(std::begin(kNamedCsrs), std::end(kNamedCsrs),
                                     [number](const NamedCsr& c) { return c.number == number; });
    if (named != std::end(kNamedCsrs)) {
        return named->name;
    }
    static const std::array<std::string, 4096> family_names = build_family_names();
    return number < family_names.size() ? std::string_view(family_names[number])
                                        : std::string_view();
}

} // namespace xbemu
