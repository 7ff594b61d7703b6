#pragma once
// Execute functions of the F and D extensions, written once over the two formats.

#include "fp/floating_point.hpp"
#include "xbemu/hart.hpp"

namespace xbemu::float_execute {

using Op = DecodedInstruction;

// Masks of the F and D encodings: fused (R4), rounded R-type, unary with rs2 fixed, R-type with
// funct3 fixed, and moves/classify with rs2 and funct3 fixed.
inline constexpr std::uint32_t kR4 = 0x0600007f;
inline constexpr std::uint32_t kR = 0xfe00007f;
inline constexpr std::uint32_t kUnary = 0xfff0007f;
inline constexpr std::uint32_t kExact = 0xfe00707f;
inline constexpr std::uint32_t kMove = 0xfff0707f;

struct Single {
    using Bits = std::uint32_t;
    static Bits read(const Hart& h, unsigned reg) { return h.read_single(reg); }
    static void write(Hart& h, unsigned reg, Bits bits) { h.write_single(reg, bits); }
    static constexpr Bits kSignBit = 0x80000000U;
};

struct Double {
    using Bits = std::uint64_t;
    static Bits read(const Hart& h, unsigned reg) { return h.f[reg]; }
    static void write(Hart& h, unsigned reg, Bits bits) { h.write_double(reg, bits); }
    static constexpr Bits kSignBit = 0x8000000000000000ULL;
};

template <typename F, auto operation> void binary_rounded(Hart& h, const Op& op) {
    const fp::RoundingMode rm = h.rounding_mode(op.imm, op);
    const auto result = operation(F::read(h, op.rs1), F::read(h, op.rs2), rm);
    h.accrue_flags(result.flags);
    F::write(h, op.rd, result.bits);
}

template <typename F, auto operation> void unary_rounded(Hart& h, const Op& op) {
    const fp::RoundingMode rm = h.rounding_mode(op.imm, op);
    const auto result = operation(F::read(h, op.rs1), rm);
    h.accrue_flags(result.flags);
    F::write(h, op.rd, result.bits);
}

template <typename F, auto operation, fp::FusedOp kind> void fused(Hart& h, const Op& op) {
    const fp::RoundingMode rm = h.rounding_mode(op.imm, op);
    const auto result =
        operation(kind, F::read(h, op.rs1), F::read(h, op.rs2), F::read(h, op.rs3), rm);
    h.accrue_flags(result.flags);
    F::write(h, op.rd, result.bits);
}

// Double-precision fused operations tell the library when NX is already accrued (almost always,
// in FP-heavy code), which spares it the exact error computation in RNE.
template <fp::FusedOp kind> void fused_double(Hart& h, const Op& op) {
    const fp::RoundingMode rm = h.rounding_mode(op.imm, op);
    const fp::Result64 result =
        fp::fused64(kind, h.f[op.rs1], h.f[op.rs2], h.f[op.rs3], rm, h.inexact_accrued());
    h.accrue_flags(result.flags);
    h.write_double(op.rd, result.bits);
}

template <typename F, auto operation> void binary_exact(Hart& h, const Op& op) {
    const auto result = operation(F::read(h, op.rs1), F::read(h, op.rs2));
    h.accrue_flags(result.flags);
    F::write(h, op.rd, result.bits);
}

template <typename F, auto operation> void compare(Hart& h, const Op& op) {
    const fp::CompareResult result = operation(F::read(h, op.rs1), F::read(h, op.rs2));
    h.accrue_flags(result.flags);
    h.x[op.rd] = result.value ? 1 : 0;
}

template <typename F, auto operation> void classify(Hart& h, const Op& op) {
    h.x[op.rd] = operation(F::read(h, op.rs1));
}

// Sign injection: kind 0 = fsgnj, 1 = fsgnjn, 2 = fsgnjx.
template <typename F, int kind> void sign_inject(Hart& h, const Op& op) {
    const typename F::Bits a = F::read(h, op.rs1);
    const typename F::Bits b = F::read(h, op.rs2);
    typename F::Bits sign = b & F::kSignBit;
    if constexpr (kind == 1) {
        sign ^= F::kSignBit;
    } else if constexpr (kind == 2) {
        sign ^= a & F::kSignBit;
    }
    F::write(h, op.rd, static_cast<typename F::Bits>((a & ~F::kSignBit) | sign));
}

template <typename F, auto operation> void to_integer(Hart& h, const Op& op) {
    const fp::RoundingMode rm = h.rounding_mode(op.imm, op);
    const fp::IntegerResult result = operation(F::read(h, op.rs1), rm);
    h.accrue_flags(result.flags);
    h.x[op.rd] = result.value;
}

template <typename F, auto operation> void from_integer(Hart& h, const Op& op) {
    const fp::RoundingMode rm = h.rounding_mode(op.imm, op);
    const auto result = operation(h.x[op.rs1], rm);
    h.accrue_flags(result.flags);
    F::write(h, op.rd, result.bits);
}

} // namespace xbemu::float_execute
