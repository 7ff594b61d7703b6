#pragma once
// IEEE-754 binary32/binary64 arithmetic with RISC-V semantics, as pure functions on raw bit
// patterns. Every function returns the result and the exception flags it raised; the caller
// ORs the flags into fcsr.fflags. NaN results are the RISC-V canonical NaN except where the
// ISA says otherwise (sign injection and moves are done by the caller, not here).
//
// RISC-V rules implemented here (unprivileged spec, chapters F and D):
// - Rounding modes RNE, RTZ, RDN, RUP and RMM (ties to max magnitude); tininess is detected
//   after rounding; underflow is raised only when the result is tiny and inexact.
// - Any NaN produced is canonical: 0x7fc00000 / 0x7ff8000000000000.
// - fmin/fmax follow version 2.2 of the F extension (minimumNumber/maximumNumber): if one input
//   is NaN the other is returned, both NaN gives the canonical NaN, -0 < +0, and a signaling NaN
//   input raises NV.
// - feq raises NV only for signaling NaNs; flt/fle raise NV for any NaN.
// - Float-to-integer conversions saturate: NaN and +overflow give the largest value, -overflow
//   the smallest, with NV; 32-bit results are returned sign-extended to 64 bits (as fcvt.w[u]
//   writes them), so fcvt.wu.s of 3e9 returns 0xffffffffb2d05e00.
// - fma computes (a*b)+c with one rounding and raises NV for inf*0 even when c is a quiet NaN.
//
// The functions compute partly on the host's floating-point unit and expect its default
// environment (MXCSR: round to nearest, no flush-to-zero, no denormals-are-zero). They never
// change it; like any host floating-point code they may set its sticky exception flags.

#include <cstdint>

namespace xbemu::fp {

enum class RoundingMode : std::uint8_t {
    NearestEven = 0,
    TowardZero = 1,
    Down = 2,
    Up = 3,
    NearestMaxMagnitude = 4,
};

// fflags bit positions, as in fcsr.
inline constexpr std::uint8_t kInexact = 1U << 0;
inline constexpr std::uint8_t kUnderflow = 1U << 1;
inline constexpr std::uint8_t kOverflow = 1U << 2;
inline constexpr std::uint8_t kDivideByZero = 1U << 3;
inline constexpr std::uint8_t kInvalid = 1U << 4;

inline constexpr std::uint32_t kCanonicalNan32 = 0x7fc00000U;
inline constexpr std::uint64_t kCanonicalNan64 = 0x7ff8000000000000ULL;

struct Result32 {
    std::uint32_t bits;
    std::uint8_t flags;
};
struct Result64 {
    std::uint64_t bits;
    std::uint8_t flags;
};
struct CompareResult {
    bool value;
    std::uint8_t flags;
};
// Integer result of a conversion, already sign-extended to 64 bits for 32-bit targets.
struct IntegerResult {
    std::uint64_t value;
    std::uint8_t flags;
};

// Signs of the fused multiply-add family: fmadd = (a*b)+c, fmsub = (a*b)-c,
// fnmsub = -(a*b)+c, fnmadd = -(a*b)-c.
enum class FusedOp : std::uint8_t { MulAdd, MulSub, NegMulSub, NegMulAdd };

Result32 add32(std::uint32_t a, std::uint32_t b, RoundingMode rm);
Result32 sub32(std::uint32_t a, std::uint32_t b, RoundingMode rm);
Result32 mul32(std::uint32_t a, std::uint32_t b, RoundingMode rm);
Result32 div32(std::uint32_t a, std::uint32_t b, RoundingMode rm);
Result32 sqrt32(std::uint32_t a, RoundingMode rm);
Result32 fused32(FusedOp op, std::uint32_t a, std::uint32_t b, std::uint32_t c, RoundingMode rm);
Result32 min32(std::uint32_t a, std::uint32_t b);
Result32 max32(std::uint32_t a, std::uint32_t b);
CompareResult eq32(std::uint32_t a, std::uint32_t b);
CompareResult lt32(std::uint32_t a, std::uint32_t b);
CompareResult le32(std::uint32_t a, std::uint32_t b);
// fclass: one-hot mask, bit 0 = -inf ... bit 9 = quiet NaN.
std::uint32_t classify32(std::uint32_t a);

Result64 add64(std::uint64_t a, std::uint64_t b, RoundingMode rm);
Result64 sub64(std::uint64_t a, std::uint64_t b, RoundingMode rm);
Result64 mul64(std::uint64_t a, std::uint64_t b, RoundingMode rm);
Result64 div64(std::uint64_t a, std::uint64_t b, RoundingMode rm);
Result64 sqrt64(std::uint64_t a, RoundingMode rm);
// `inexact_already_raised`: the caller's fflags hold NX already. In RNE the rounding error then
// decides nothing (NX is sticky), so the error-free transformation that finds it is skipped;
// the result is the same either way.
Result64 fused64(FusedOp op, std::uint64_t a, std::uint64_t b, std::uint64_t c, RoundingMode rm,
                 bool inexact_already_raised = false);
Result64 min64(std::uint64_t a, std::uint64_t b);
Result64 max64(std::uint64_t a, std::uint64_t b);
CompareResult eq64(std::uint64_t a, std::uint64_t b);
CompareResult lt64(std::uint64_t a, std::uint64_t b);
CompareResult le64(std::uint64_t a, std::uint64_t b);
std::uint32_t classify64(std::uint64_t a);

// fcvt.{w,wu,l,lu}.{s,d}
IntegerResult f32_to_i32(std::uint32_t a, RoundingMode rm);
IntegerResult f32_to_u32(std::uint32_t a, RoundingMode rm);
IntegerResult f32_to_i64(std::uint32_t a, RoundingMode rm);
IntegerResult f32_to_u64(std::uint32_t a, RoundingMode rm);
IntegerResult f64_to_i32(std::uint64_t a, RoundingMode rm);
IntegerResult f64_to_u32(std::uint64_t a, RoundingMode rm);
IntegerResult f64_to_i64(std::uint64_t a, RoundingMode rm);
IntegerResult f64_to_u64(std::uint64_t a, RoundingMode rm);

// fcvt.{s,d}.{w,wu,l,lu}: the integer operand is x[rs1]; 32-bit sources use its low 32 bits.
Result32 i32_to_f32(std::uint64_t a, RoundingMode rm);
Result32 u32_to_f32(std::uint64_t a, RoundingMode rm);
Result32 i64_to_f32(std::uint64_t a, RoundingMode rm);
Result32 u64_to_f32(std::uint64_t a, RoundingMode rm);
Result64 i32_to_f64(std::uint64_t a, RoundingMode rm);
Result64 u32_to_f64(std::uint64_t a, RoundingMode rm);
Result64 i64_to_f64(std::uint64_t a, RoundingMode rm);
Result64 u64_to_f64(std::uint64_t a, RoundingMode rm);

// fcvt.d.s (exact; a signaling NaN raises NV; NaN gives the canonical NaN) and fcvt.s.d.
Result64 f32_to_f64(std::uint32_t a);
Result32 f64_to_f32(std::uint64_t a, RoundingMode rm);

} // namespace xbemu::fp
