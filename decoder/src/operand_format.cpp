#include "xbemu/decoder/operand_format.hpp"

#include "xbemu/decoder/decoded_instruction.hpp"
#include "xbemu/decoder/register_names.hpp"

#include <fmt/format.h>
#include <iterator>

namespace xbemu {

using fields::bits;
using fields::sign_extend;

namespace extraction {
FormatOperands r_type(std::uint32_t i) {
    return {0, fields::rd(i), fields::rs1(i), fields::rs2(i), 0};
}
FormatOperands i_type(std::uint32_t i) {
    return {fields::imm_i(i), fields::rd(i), fields::rs1(i), 0, 0};
}
FormatOperands s_type(std::uint32_t i) {
    return {fields::imm_s(i), 0, fields::rs1(i), fields::rs2(i), 0};
}
} // namespace extraction

FormatOperands decode_operands(const OperandFormat& format, std::uint32_t instruction) {
    FormatOperands operands = format.extract(instruction);
    if (format.destination == RegisterClass::Integer && operands.rd == 0) {
        operands.rd = kSinkRegister;
    }
    return operands;
}

namespace {

std::string_view x(unsigned index) {
    return integer_register_name(index);
}
std::string_view f(unsigned index) {
    return float_register_name(index);
}

template <typename... Args>
void append(std::string& out, fmt::format_string<Args...> format, Args&&... args) {
    fmt::format_to(std::back_inserter(out), format, std::forward<Args>(args)...);
}

std::uint64_t target(std::uint64_t pc, std::int32_t offset) {
    return pc + static_cast<std::uint64_t>(static_cast<std::int64_t>(offset));
}

void append_rounding_mode(std::string& out, std::uint32_t rm) {
    static constexpr std::string_view names[] = {"rne", "rtz",     "rdn",     "rup",
                                                 "rmm", "unknown", "unknown", "dyn"};
    if (rm != 7) {
        append(out, ",{}", names[rm]);
    }
}

std::string fence_set(std::uint32_t set) {
    std::string text;
    if ((set & 8U) != 0) {
        text += 'i';
    }
    if ((set & 4U) != 0) {
        text += 'o';
    }
    if ((set & 2U) != 0) {
        text += 'r';
    }
    if ((set & 1U) != 0) {
        text += 'w';
    }
    return text.empty() ? "0" : text;
}

std::string csr_text(std::uint32_t number, PrivilegedSpec spec) {
    const std::string_view name = csr_name(number, spec);
    return name.empty() ? fmt::format("0x{:x}", number) : std::string(name);
}

// --- base formats -------------------------------------------------------------------------

FormatOperands extract_none(std::uint32_t) {
    return {};
}
void print_none(std::string&, std::uint32_t, const DisassemblyContext&) {}

FormatOperands extract_r(std::uint32_t i) {
    return extraction::r_type(i);
}
void print_r(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{},{}", x(fields::rd(i)), x(fields::rs1(i)), x(fields::rs2(i)));
}

FormatOperands extract_i(std::uint32_t i) {
    return extraction::i_type(i);
}
void print_i(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{},{}", x(fields::rd(i)), x(fields::rs1(i)), fields::imm_i(i));
}

FormatOperands extract_shift64(std::uint32_t i) {
    return {static_cast<std::int32_t>(bits(i, 25, 20)), fields::rd(i), fields::rs1(i), 0, 0};
}
void print_shift64(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{},0x{:x}", x(fields::rd(i)), x(fields::rs1(i)), bits(i, 25, 20));
}
FormatOperands extract_shift32(std::uint32_t i) {
    return {static_cast<std::int32_t>(bits(i, 24, 20)), fields::rd(i), fields::rs1(i), 0, 0};
}
void print_shift32(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{},0x{:x}", x(fields::rd(i)), x(fields::rs1(i)), bits(i, 24, 20));
}

void print_load(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}({})", x(fields::rd(i)), fields::imm_i(i), x(fields::rs1(i)));
}

FormatOperands extract_store(std::uint32_t i) {
    return extraction::s_type(i);
}
void print_store(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}({})", x(fields::rs2(i)), fields::imm_s(i), x(fields::rs1(i)));
}

FormatOperands extract_branch(std::uint32_t i) {
    return {fields::imm_b(i), 0, fields::rs1(i), fields::rs2(i), 0};
}
void print_branch(std::string& out, std::uint32_t i, const DisassemblyContext& context) {
    append(out, "{},{},{}", x(fields::rs1(i)), x(fields::rs2(i)),
           context.target_text(target(context.pc, fields::imm_b(i))));
}

FormatOperands extract_upper(std::uint32_t i) {
    return {fields::imm_u(i), fields::rd(i), 0, 0, 0};
}
void print_upper(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},0x{:x}", x(fields::rd(i)), bits(i, 31, 12));
}

FormatOperands extract_jump(std::uint32_t i) {
    return {fields::imm_j(i), fields::rd(i), 0, 0, 0};
}
void print_jump(std::string& out, std::uint32_t i, const DisassemblyContext& context) {
    append(out, "{},{}", x(fields::rd(i)),
           context.target_text(target(context.pc, fields::imm_j(i))));
}

FormatOperands extract_csr(std::uint32_t i) {
    return {static_cast<std::int32_t>(bits(i, 31, 20)), fields::rd(i), fields::rs1(i), 0, 0};
}
void print_csr(std::string& out, std::uint32_t i, const DisassemblyContext& context) {
    append(out, "{},{},{}", x(fields::rd(i)), csr_text(bits(i, 31, 20), context.privileged_spec),
           x(fields::rs1(i)));
}
void print_csr_immediate(std::string& out, std::uint32_t i, const DisassemblyContext& context) {
    append(out, "{},{},{}", x(fields::rd(i)), csr_text(bits(i, 31, 20), context.privileged_spec),
           fields::rs1(i));
}

FormatOperands extract_fence(std::uint32_t i) {
    return {static_cast<std::int32_t>(bits(i, 31, 20)), 0, 0, 0, 0};
}
void print_fence(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}", fence_set(bits(i, 27, 24)), fence_set(bits(i, 23, 20)));
}

void print_amo(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{},({})", x(fields::rd(i)), x(fields::rs2(i)), x(fields::rs1(i)));
}
void print_load_reserved(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},({})", x(fields::rd(i)), x(fields::rs1(i)));
}

// --- floating point -----------------------------------------------------------------------

std::int32_t rounding_mode(std::uint32_t i) {
    return static_cast<std::int32_t>(bits(i, 14, 12));
}

void print_float_load(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}({})", f(fields::rd(i)), fields::imm_i(i), x(fields::rs1(i)));
}
void print_float_store(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}({})", f(fields::rs2(i)), fields::imm_s(i), x(fields::rs1(i)));
}
void print_float_r(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{},{}", f(fields::rd(i)), f(fields::rs1(i)), f(fields::rs2(i)));
}
FormatOperands extract_r_rounding(std::uint32_t i) {
    return {rounding_mode(i), fields::rd(i), fields::rs1(i), fields::rs2(i), 0};
}
void print_float_r_rounding(std::string& out, std::uint32_t i, const DisassemblyContext& context) {
    print_float_r(out, i, context);
    append_rounding_mode(out, bits(i, 14, 12));
}
FormatOperands extract_r4_rounding(std::uint32_t i) {
    return {rounding_mode(i), fields::rd(i), fields::rs1(i), fields::rs2(i), fields::rs3(i)};
}
void print_float_r4_rounding(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{},{},{}", f(fields::rd(i)), f(fields::rs1(i)), f(fields::rs2(i)),
           f(fields::rs3(i)));
    append_rounding_mode(out, bits(i, 14, 12));
}
void print_float_unary_rounding(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}", f(fields::rd(i)), f(fields::rs1(i)));
    append_rounding_mode(out, bits(i, 14, 12));
}
// Exact conversions keep the rm field (a reserved value is still illegal) but objdump does not
// print it.
void print_float_unary_exact(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}", f(fields::rd(i)), f(fields::rs1(i)));
}
void print_float_from_integer_exact(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}", f(fields::rd(i)), x(fields::rs1(i)));
}
void print_float_compare(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{},{}", x(fields::rd(i)), f(fields::rs1(i)), f(fields::rs2(i)));
}
void print_integer_from_float_rounding(std::string& out, std::uint32_t i,
                                       const DisassemblyContext&) {
    append(out, "{},{}", x(fields::rd(i)), f(fields::rs1(i)));
    append_rounding_mode(out, bits(i, 14, 12));
}
void print_float_from_integer_rounding(std::string& out, std::uint32_t i,
                                       const DisassemblyContext&) {
    append(out, "{},{}", f(fields::rd(i)), x(fields::rs1(i)));
    append_rounding_mode(out, bits(i, 14, 12));
}
void print_integer_from_float(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}", x(fields::rd(i)), f(fields::rs1(i)));
}
void print_float_from_integer(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}", f(fields::rd(i)), x(fields::rs1(i)));
}

// --- compressed ---------------------------------------------------------------------------

constexpr std::uint8_t kStackPointer = 2;
constexpr std::uint8_t kReturnAddress = 1;

std::uint8_t c_rd_full(std::uint32_t i) {
    return static_cast<std::uint8_t>(bits(i, 11, 7));
}
std::uint8_t c_rs2_full(std::uint32_t i) {
    return static_cast<std::uint8_t>(bits(i, 6, 2));
}
std::uint8_t c_rs1_prime(std::uint32_t i) {
    return static_cast<std::uint8_t>(8 + bits(i, 9, 7));
}
std::uint8_t c_rs2_prime(std::uint32_t i) {
    return static_cast<std::uint8_t>(8 + bits(i, 4, 2));
}

std::int32_t c_imm6(std::uint32_t i) {
    return sign_extend((bits(i, 12, 12) << 5) | bits(i, 6, 2), 6);
}
std::int32_t c_shamt(std::uint32_t i) {
    return static_cast<std::int32_t>((bits(i, 12, 12) << 5) | bits(i, 6, 2));
}
std::int32_t c_addi4spn_imm(std::uint32_t i) {
    return static_cast<std::int32_t>((bits(i, 12, 11) << 4) | (bits(i, 10, 7) << 6) |
                                     (bits(i, 6, 6) << 2) | (bits(i, 5, 5) << 3));
}
std::int32_t c_word_offset(std::uint32_t i) {
    return static_cast<std::int32_t>((bits(i, 12, 10) << 3) | (bits(i, 6, 6) << 2) |
                                     (bits(i, 5, 5) << 6));
}
std::int32_t c_double_offset(std::uint32_t i) {
    return static_cast<std::int32_t>((bits(i, 12, 10) << 3) | (bits(i, 6, 5) << 6));
}
std::int32_t c_addi16sp_imm(std::uint32_t i) {
    return sign_extend((bits(i, 12, 12) << 9) | (bits(i, 6, 6) << 4) | (bits(i, 5, 5) << 6) |
                           (bits(i, 4, 3) << 7) | (bits(i, 2, 2) << 5),
                       10);
}
std::int32_t c_lui_imm(std::uint32_t i) {
    return sign_extend((bits(i, 12, 12) << 17) | (bits(i, 6, 2) << 12), 18);
}
std::int32_t c_jump_offset(std::uint32_t i) {
    return sign_extend((bits(i, 12, 12) << 11) | (bits(i, 11, 11) << 4) | (bits(i, 10, 9) << 8) |
                           (bits(i, 8, 8) << 10) | (bits(i, 7, 7) << 6) | (bits(i, 6, 6) << 7) |
                           (bits(i, 5, 3) << 1) | (bits(i, 2, 2) << 5),
                       12);
}
std::int32_t c_branch_offset(std::uint32_t i) {
    return sign_extend((bits(i, 12, 12) << 8) | (bits(i, 11, 10) << 3) | (bits(i, 6, 5) << 6) |
                           (bits(i, 4, 3) << 1) | (bits(i, 2, 2) << 5),
                       9);
}
std::int32_t c_lwsp_offset(std::uint32_t i) {
    return static_cast<std::int32_t>((bits(i, 12, 12) << 5) | (bits(i, 6, 4) << 2) |
                                     (bits(i, 3, 2) << 6));
}
std::int32_t c_ldsp_offset(std::uint32_t i) {
    return static_cast<std::int32_t>((bits(i, 12, 12) << 5) | (bits(i, 6, 5) << 3) |
                                     (bits(i, 4, 2) << 6));
}
std::int32_t c_swsp_offset(std::uint32_t i) {
    return static_cast<std::int32_t>((bits(i, 12, 9) << 2) | (bits(i, 8, 7) << 6));
}
std::int32_t c_sdsp_offset(std::uint32_t i) {
    return static_cast<std::int32_t>((bits(i, 12, 10) << 3) | (bits(i, 9, 7) << 6));
}

FormatOperands extract_c_addi4spn(std::uint32_t i) {
    return {c_addi4spn_imm(i), c_rs2_prime(i), kStackPointer, 0, 0};
}
bool reserved_c_addi4spn(std::uint32_t i) {
    return c_addi4spn_imm(i) == 0;
}
void print_c_addi4spn(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},sp,{}", x(c_rs2_prime(i)), c_addi4spn_imm(i));
}

FormatOperands extract_c_lw(std::uint32_t i) {
    return {c_word_offset(i), c_rs2_prime(i), c_rs1_prime(i), 0, 0};
}
void print_c_lw(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}({})", x(c_rs2_prime(i)), c_word_offset(i), x(c_rs1_prime(i)));
}
FormatOperands extract_c_ld(std::uint32_t i) {
    return {c_double_offset(i), c_rs2_prime(i), c_rs1_prime(i), 0, 0};
}
void print_c_ld(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}({})", x(c_rs2_prime(i)), c_double_offset(i), x(c_rs1_prime(i)));
}
void print_c_fld(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}({})", f(c_rs2_prime(i)), c_double_offset(i), x(c_rs1_prime(i)));
}
FormatOperands extract_c_sw(std::uint32_t i) {
    return {c_word_offset(i), 0, c_rs1_prime(i), c_rs2_prime(i), 0};
}
FormatOperands extract_c_sd(std::uint32_t i) {
    return {c_double_offset(i), 0, c_rs1_prime(i), c_rs2_prime(i), 0};
}
void print_c_fsd(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}({})", f(c_rs2_prime(i)), c_double_offset(i), x(c_rs1_prime(i)));
}

FormatOperands extract_c_addi(std::uint32_t i) {
    return {c_imm6(i), c_rd_full(i), c_rd_full(i), 0, 0};
}
void print_c_addi(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}", x(c_rd_full(i)), c_imm6(i));
}
bool reserved_rd_zero(std::uint32_t i) {
    return c_rd_full(i) == 0;
}
FormatOperands extract_c_li(std::uint32_t i) {
    return {c_imm6(i), c_rd_full(i), 0, 0, 0};
}

FormatOperands extract_c_addi16sp(std::uint32_t i) {
    return {c_addi16sp_imm(i), kStackPointer, kStackPointer, 0, 0};
}
bool reserved_c_addi16sp(std::uint32_t i) {
    return c_addi16sp_imm(i) == 0;
}
void print_c_addi16sp(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "sp,{}", c_addi16sp_imm(i));
}

FormatOperands extract_c_lui(std::uint32_t i) {
    return {c_lui_imm(i), c_rd_full(i), 0, 0, 0};
}
bool reserved_c_lui(std::uint32_t i) {
    return c_lui_imm(i) == 0;
}
void print_c_lui(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},0x{:x}", x(c_rd_full(i)), static_cast<std::uint32_t>(c_lui_imm(i)) >> 12U);
}

FormatOperands extract_c_shift_right(std::uint32_t i) {
    return {c_shamt(i), c_rs1_prime(i), c_rs1_prime(i), 0, 0};
}
void print_c_shift_right(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},0x{:x}", x(c_rs1_prime(i)), c_shamt(i));
}
FormatOperands extract_c_andi(std::uint32_t i) {
    return {c_imm6(i), c_rs1_prime(i), c_rs1_prime(i), 0, 0};
}
void print_c_andi(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}", x(c_rs1_prime(i)), c_imm6(i));
}
FormatOperands extract_c_arith(std::uint32_t i) {
    return {0, c_rs1_prime(i), c_rs1_prime(i), c_rs2_prime(i), 0};
}
void print_c_arith(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}", x(c_rs1_prime(i)), x(c_rs2_prime(i)));
}

FormatOperands extract_c_j(std::uint32_t i) {
    return {c_jump_offset(i), 0, 0, 0, 0};
}
void print_c_j(std::string& out, std::uint32_t i, const DisassemblyContext& context) {
    out += context.target_text(target(context.pc, c_jump_offset(i)));
}
FormatOperands extract_c_branch(std::uint32_t i) {
    return {c_branch_offset(i), 0, c_rs1_prime(i), 0, 0};
}
void print_c_branch(std::string& out, std::uint32_t i, const DisassemblyContext& context) {
    append(out, "{},{}", x(c_rs1_prime(i)),
           context.target_text(target(context.pc, c_branch_offset(i))));
}

FormatOperands extract_c_slli(std::uint32_t i) {
    return {c_shamt(i), c_rd_full(i), c_rd_full(i), 0, 0};
}
void print_c_slli(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},0x{:x}", x(c_rd_full(i)), c_shamt(i));
}

FormatOperands extract_c_lwsp(std::uint32_t i) {
    return {c_lwsp_offset(i), c_rd_full(i), kStackPointer, 0, 0};
}
void print_c_lwsp(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}(sp)", x(c_rd_full(i)), c_lwsp_offset(i));
}
FormatOperands extract_c_ldsp(std::uint32_t i) {
    return {c_ldsp_offset(i), c_rd_full(i), kStackPointer, 0, 0};
}
void print_c_ldsp(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}(sp)", x(c_rd_full(i)), c_ldsp_offset(i));
}
void print_c_fldsp(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}(sp)", f(c_rd_full(i)), c_ldsp_offset(i));
}

FormatOperands extract_c_jr(std::uint32_t i) {
    return {0, 0, c_rd_full(i), 0, 0};
}
bool reserved_c_jr(std::uint32_t i) {
    return c_rd_full(i) == 0;
}
void print_c_register(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{}", x(c_rd_full(i)));
}
FormatOperands extract_c_jalr(std::uint32_t i) {
    return {0, kReturnAddress, c_rd_full(i), 0, 0};
}
FormatOperands extract_c_mv(std::uint32_t i) {
    return {0, c_rd_full(i), 0, c_rs2_full(i), 0};
}
FormatOperands extract_c_add(std::uint32_t i) {
    return {0, c_rd_full(i), c_rd_full(i), c_rs2_full(i), 0};
}
void print_c_two_registers(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}", x(c_rd_full(i)), x(c_rs2_full(i)));
}

FormatOperands extract_c_swsp(std::uint32_t i) {
    return {c_swsp_offset(i), 0, kStackPointer, c_rs2_full(i), 0};
}
void print_c_swsp(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}(sp)", x(c_rs2_full(i)), c_swsp_offset(i));
}
FormatOperands extract_c_sdsp(std::uint32_t i) {
    return {c_sdsp_offset(i), 0, kStackPointer, c_rs2_full(i), 0};
}
void print_c_sdsp(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}(sp)", x(c_rs2_full(i)), c_sdsp_offset(i));
}
void print_c_fsdsp(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}(sp)", f(c_rs2_full(i)), c_sdsp_offset(i));
}

} // namespace

namespace formats {
using enum RegisterClass;
const OperandFormat none{"none", None, extract_none, nullptr, print_none};
const OperandFormat r{"r", Integer, extract_r, nullptr, print_r, {Integer, Integer}};
const OperandFormat i{"i", Integer, extract_i, nullptr, print_i, {Integer}};
const OperandFormat shift64{"shift64", Integer, extract_shift64, nullptr, print_shift64, {Integer}};
const OperandFormat shift32{"shift32", Integer, extract_shift32, nullptr, print_shift32, {Integer}};
const OperandFormat load{"load", Integer, extract_i, nullptr, print_load, {Integer}};
const OperandFormat store{"store", None, extract_store, nullptr, print_store, {Integer, Integer}};
const OperandFormat branch{"branch", None,         extract_branch,
                           nullptr,  print_branch, {Integer, Integer}};
const OperandFormat upper{"upper", Integer, extract_upper, nullptr, print_upper};
const OperandFormat jump{"jump", Integer, extract_jump, nullptr, print_jump};
const OperandFormat jump_register{"jump_register", Integer,    extract_i,
                                  nullptr,         print_load, {Integer}};
const OperandFormat csr{"csr", Integer, extract_csr, nullptr, print_csr, {Integer}};
const OperandFormat csr_immediate{"csr_immediate", Integer, extract_csr, nullptr,
                                  print_csr_immediate};
const OperandFormat fence{"fence", None, extract_fence, nullptr, print_fence};
const OperandFormat amo{"amo", Integer, extract_r, nullptr, print_amo, {Integer, Integer}};
const OperandFormat load_reserved{"load_reserved",     Integer,  extract_r, nullptr,
                                  print_load_reserved, {Integer}};
const OperandFormat float_load{"float_load",     Float,    extract_i, nullptr,
                               print_float_load, {Integer}};
const OperandFormat float_store{"float_store",   None, extract_store, nullptr, print_float_store,
                                {Integer, Float}};
const OperandFormat float_r{"float_r", Float, extract_r, nullptr, print_float_r, {Float, Float}};
const OperandFormat float_r_rounding{
    "float_r_rounding", Float, extract_r_rounding, nullptr, print_float_r_rounding, {Float, Float}};
const OperandFormat float_r4_rounding{"float_r4_rounding",     Float,
                                      extract_r4_rounding,     nullptr,
                                      print_float_r4_rounding, {Float, Float, Float}};
const OperandFormat float_unary_rounding{"float_unary_rounding",     Float,
                                         extract_r_rounding,         nullptr,
                                         print_float_unary_rounding, {Float}};
const OperandFormat float_unary_exact{"float_unary_exact",     Float,  extract_r_rounding, nullptr,
                                      print_float_unary_exact, {Float}};
const OperandFormat float_from_integer_exact{
    "float_from_integer_exact",     Float,    extract_r_rounding, nullptr,
    print_float_from_integer_exact, {Integer}};
const OperandFormat float_compare{"float_compare",     Integer,       extract_r, nullptr,
                                  print_float_compare, {Float, Float}};
const OperandFormat integer_from_float_rounding{
    "integer_from_float_rounding",     Integer, extract_r_rounding, nullptr,
    print_integer_from_float_rounding, {Float}};
const OperandFormat float_from_integer_rounding{
    "float_from_integer_rounding",     Float,    extract_r_rounding, nullptr,
    print_float_from_integer_rounding, {Integer}};
const OperandFormat integer_from_float{"integer_from_float",     Integer, extract_r, nullptr,
                                       print_integer_from_float, {Float}};
const OperandFormat float_from_integer{"float_from_integer",     Float,    extract_r, nullptr,
                                       print_float_from_integer, {Integer}};

const OperandFormat c_addi4spn{"c_addi4spn",        Integer,          extract_c_addi4spn,
                               reserved_c_addi4spn, print_c_addi4spn, {Integer}};
const OperandFormat c_lw{"c_lw", Integer, extract_c_lw, nullptr, print_c_lw, {Integer}};
const OperandFormat c_ld{"c_ld", Integer, extract_c_ld, nullptr, print_c_ld, {Integer}};
const OperandFormat c_fld{"c_fld", Float, extract_c_ld, nullptr, print_c_fld, {Integer}};
const OperandFormat c_sw{"c_sw", None, extract_c_sw, nullptr, print_c_lw, {Integer, Integer}};
const OperandFormat c_sd{"c_sd", None, extract_c_sd, nullptr, print_c_ld, {Integer, Integer}};
const OperandFormat c_fsd{"c_fsd", None, extract_c_sd, nullptr, print_c_fsd, {Integer, Float}};
const OperandFormat c_nop{"c_nop", Integer, extract_none, nullptr, print_none};
const OperandFormat c_addi{"c_addi", Integer, extract_c_addi, nullptr, print_c_addi, {Integer}};
const OperandFormat c_addiw{"c_addiw",        Integer,      extract_c_addi,
                            reserved_rd_zero, print_c_addi, {Integer}};
const OperandFormat c_li{"c_li", Integer, extract_c_li, nullptr, print_c_addi};
const OperandFormat c_addi16sp{"c_addi16sp",        Integer,          extract_c_addi16sp,
                               reserved_c_addi16sp, print_c_addi16sp, {Integer}};
const OperandFormat c_lui{"c_lui", Integer, extract_c_lui, reserved_c_lui, print_c_lui};
const OperandFormat c_shift_right{"c_shift_right",     Integer,  extract_c_shift_right, nullptr,
                                  print_c_shift_right, {Integer}};
const OperandFormat c_andi{"c_andi", Integer, extract_c_andi, nullptr, print_c_andi, {Integer}};
const OperandFormat c_arith{"c_arith", Integer,       extract_c_arith,
                            nullptr,   print_c_arith, {Integer, Integer}};
const OperandFormat c_j{"c_j", Integer, extract_c_j, nullptr, print_c_j};
const OperandFormat c_branch{"c_branch", None,           extract_c_branch,
                             nullptr,    print_c_branch, {Integer}};
const OperandFormat c_slli{"c_slli", Integer, extract_c_slli, nullptr, print_c_slli, {Integer}};
const OperandFormat c_lwsp{"c_lwsp",         Integer,      extract_c_lwsp,
                           reserved_rd_zero, print_c_lwsp, {Integer}};
const OperandFormat c_ldsp{"c_ldsp",         Integer,      extract_c_ldsp,
                           reserved_rd_zero, print_c_ldsp, {Integer}};
const OperandFormat c_fldsp{"c_fldsp", Float, extract_c_ldsp, nullptr, print_c_fldsp, {Integer}};
const OperandFormat c_jr{"c_jr", Integer, extract_c_jr, reserved_c_jr, print_c_register, {Integer}};
const OperandFormat c_mv{"c_mv",         Integer, extract_c_mv, nullptr, print_c_two_registers,
                         {None, Integer}};
const OperandFormat c_jalr{"c_jalr", Integer, extract_c_jalr, nullptr, print_c_register, {Integer}};
const OperandFormat c_add{"c_add",           Integer, extract_c_add, nullptr, print_c_two_registers,
                          {Integer, Integer}};
const OperandFormat c_swsp{"c_swsp", None,         extract_c_swsp,
                           nullptr,  print_c_swsp, {Integer, Integer}};
const OperandFormat c_sdsp{"c_sdsp", None,         extract_c_sdsp,
                           nullptr,  print_c_sdsp, {Integer, Integer}};
const OperandFormat c_fsdsp{"c_fsdsp", None,          extract_c_sdsp,
                            nullptr,   print_c_fsdsp, {Integer, Float}};
} // namespace formats

} // namespace xbemu
