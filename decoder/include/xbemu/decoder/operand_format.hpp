#pragma once
// Operand formats: how an instruction's fields become DecodedInstruction operands, which
// encodings of a format are reserved, and how the operands are written in disassembly
// (objdump's syntax with -M no-aliases). A format is a plain object so that an extension can
// define formats of its own next to its instruction table.

#include "xbemu/decoder/disassembly_context.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace xbemu {

enum class RegisterClass : std::uint8_t { None, Integer, Float, Extended };

struct FormatOperands {
    std::int32_t imm = 0;
    std::uint8_t rd = 0;
    std::uint8_t rs1 = 0;
    std::uint8_t rs2 = 0;
    std::uint8_t rs3 = 0;
};

struct OperandFormat {
    std::string_view name;
    // The register file rd refers to; an integer rd of 0 is redirected to kSinkRegister.
    RegisterClass destination;
    FormatOperands (*extract)(std::uint32_t instruction);
    // Reserved encodings of the format (e.g. c.lwsp with rd = 0); nullptr if there are none.
    bool (*reserved)(std::uint32_t instruction);
    // Appends the operand text.
    void (*print)(std::string& out, std::uint32_t instruction, const DisassemblyContext& context);
    // The register files the rs1, rs2 and rs3 operands read (None: not a register read), for the
    // timing model's load-use interlock.
    std::array<RegisterClass, 3> sources{};
};

// Operands as the dispatch loop sees them (x0 destinations redirected to the sink).
FormatOperands decode_operands(const OperandFormat& format, std::uint32_t instruction);

// Field helpers shared by the formats of every extension.
namespace fields {
constexpr std::uint32_t bits(std::uint32_t value, unsigned high, unsigned low) {
    return (value >> low) & ((1U << (high - low + 1)) - 1U);
}
constexpr std::int32_t sign_extend(std::uint32_t value, unsigned width) {
    const std::uint32_t shift = 32 - width;
    return static_cast<std::int32_t>(value << shift) >> shift;
}
constexpr std::uint8_t rd(std::uint32_t i) {
    return static_cast<std::uint8_t>(bits(i, 11, 7));
}
constexpr std::uint8_t rs1(std::uint32_t i) {
    return static_cast<std::uint8_t>(bits(i, 19, 15));
}
constexpr std::uint8_t rs2(std::uint32_t i) {
    return static_cast<std::uint8_t>(bits(i, 24, 20));
}
constexpr std::uint8_t rs3(std::uint32_t i) {
    return static_cast<std::uint8_t>(bits(i, 31, 27));
}
constexpr std::int32_t imm_i(std::uint32_t i) {
    return static_cast<std::int32_t>(i) >> 20;
}
constexpr std::int32_t imm_s(std::uint32_t i) {
    return static_cast<std::int32_t>((static_cast<std::int32_t>(i) >> 25) * 32 +
                                     static_cast<std::int32_t>(bits(i, 11, 7)));
}
constexpr std::int32_t imm_b(std::uint32_t i) {
    return sign_extend((bits(i, 31, 31) << 12) | (bits(i, 7, 7) << 11) | (bits(i, 30, 25) << 5) |
                           (bits(i, 11, 8) << 1),
                       13);
}
constexpr std::int32_t imm_u(std::uint32_t i) {
    return static_cast<std::int32_t>(i & 0xfffff000U);
}
constexpr std::int32_t imm_j(std::uint32_t i) {
    return sign_extend((bits(i, 31, 31) << 20) | (bits(i, 19, 12) << 12) | (bits(i, 20, 20) << 11) |
                           (bits(i, 30, 21) << 1),
                       21);
}
} // namespace fields

// The operand extraction of the standard instruction types, for formats of any extension.
namespace extraction {
FormatOperands r_type(std::uint32_t instruction);
FormatOperands i_type(std::uint32_t instruction);
FormatOperands s_type(std::uint32_t instruction);
} // namespace extraction

namespace formats {
// Base 32-bit formats.
extern const OperandFormat none;
extern const OperandFormat r;
extern const OperandFormat i;
extern const OperandFormat shift64;
extern const OperandFormat shift32;
extern const OperandFormat load;
extern const OperandFormat store;
extern const OperandFormat branch;
extern const OperandFormat upper;
extern const OperandFormat jump;
extern const OperandFormat jump_register;
extern const OperandFormat csr;
extern const OperandFormat csr_immediate;
extern const OperandFormat fence;
extern const OperandFormat amo;
extern const OperandFormat load_reserved;
// Floating point; "rounding" formats carry the rm field in imm.
extern const OperandFormat float_load;
extern const OperandFormat float_store;
extern const OperandFormat float_r;
extern const OperandFormat float_r_rounding;
extern const OperandFormat float_r4_rounding;
extern const OperandFormat float_unary_rounding;
extern const OperandFormat float_unary_exact;
extern const OperandFormat float_from_integer_exact;
extern const OperandFormat float_compare;
extern const OperandFormat integer_from_float_rounding;
extern const OperandFormat float_from_integer_rounding;
extern const OperandFormat integer_from_float;
extern const OperandFormat float_from_integer;
// Compressed formats, expanded to the operands of the equivalent 32-bit instruction.
extern const OperandFormat c_addi4spn;
extern const OperandFormat c_lw;
extern const OperandFormat c_ld;
extern const OperandFormat c_fld;
extern const OperandFormat c_sw;
extern const OperandFormat c_sd;
extern const OperandFormat c_fsd;
extern const OperandFormat c_nop;
extern const OperandFormat c_addi;
extern const OperandFormat c_addiw;
extern const OperandFormat c_li;
extern const OperandFormat c_addi16sp;
extern const OperandFormat c_lui;
extern const OperandFormat c_shift_right;
extern const OperandFormat c_andi;
extern const OperandFormat c_arith;
extern const OperandFormat c_j;
extern const OperandFormat c_branch;
extern const OperandFormat c_slli;
extern const OperandFormat c_lwsp;
extern const OperandFormat c_ldsp;
extern const OperandFormat c_fldsp;
extern const OperandFormat c_jr;
extern const OperandFormat c_mv;
extern const OperandFormat c_jalr;
extern const OperandFormat c_add;
extern const OperandFormat c_swsp;
extern const OperandFormat c_sdsp;
extern const OperandFormat c_fsdsp;
} // namespace formats

} // namespace xbemu
