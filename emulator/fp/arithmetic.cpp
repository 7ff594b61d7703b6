// Rounded arithmetic on the host's double-precision unit in its default mode (round to nearest,
// even), without touching MXCSR: reading the host's exception flags stalls the pipeline for
// longer than the whole operation takes otherwise. Each operation computes the nearest result
// and an exact description of its rounding error, which gives the inexact flag and the result in
// every RISC-V mode, RMM included.
//
// Binary32 operations run in binary64, where sums, products and fused multiply-adds of binary32
// numbers have exactly known errors and no binary32 result can underflow or overflow, and are
// then rounded to binary32 by the soft-float's rounding step. Binary64 operations take this fast
// path when their result is comfortably normal; NaNs, infinities, zeros, results near the
// underflow and overflow thresholds and hosts without FMA3 use the soft-float instead.

#include "fp/error_free.hpp"
#include "fp/floating_point.hpp"
#include "fp/format.hpp"
#include "fp/rounding_from_nearest.hpp"
#include "fp/soft_float.hpp"

#include <bit>
#include <emmintrin.h>

namespace xbemu::fp {
namespace {

using host::comfortably_normal;
using host::from_nearest;
using host::is_half_ulp;
using host::narrow;
using host::opaque;
using host::sign_of;
using host::two_sum;

// Products, quotients and square roots obtain their rounding error from a fused multiply-add,
// which must be the exact hardware operation.
const bool kHostHasFma = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("fma") != 0;
}();

double to_host(std::uint64_t x) {
    return opaque(std::bit_cast<double>(x));
}
double widen(std::uint32_t x) {
    return opaque(static_cast<double>(std::bit_cast<float>(x)));
}

bool finite32(std::uint32_t x) {
    return Binary32::biased_exponent(x) != Binary32::kMaxBiasedExponent;
}

// The error is exact, so a tie is an error of exactly half an ulp.
Result64 from_nearest_with_error(double nearest, double error, RoundingMode rm) {
    const bool tie = rm == RoundingMode::NearestMaxMagnitude && is_half_ulp(nearest, error);
    return from_nearest(nearest, sign_of(error), tie, rm);
}

[[gnu::target("fma")]] inline double fma_instruction(double a, double b, double c) {
    return __builtin_fma(a, b, c);
}

inline double sqrt_instruction(double x) {
    return _mm_cvtsd_f64(_mm_sqrt_sd(_mm_setzero_pd(), _mm_set_sd(x)));
}

Result64 add_or_sub64(std::uint64_t a, std::uint64_t b, RoundingMode rm) {
    const auto [sum, error] = two_sum(to_host(a), to_host(b));
    if (!comfortably_normal(sum)) {
        return soft::add64(a, b, rm);
    }
    return from_nearest_with_error(sum, error, rm);
}

[[gnu::target("fma")]] Result64 mul64_with_fma(std::uint64_t a, std::uint64_t b, RoundingMode rm) {
    const double x = to_host(a);
    const double y = to_host(b);
    const double product = opaque(x * y);
    if (!comfortably_normal(product)) {
        return soft::mul64(a, b, rm);
    }
    return from_nearest_with_error(product, fma_instruction(x, y, -product), rm);
}

// The remainder a - q*b is exact for normal operands with a >= 2^-960 and a normal quotient.
// A quotient of normal numbers is never a tie.
[[gnu::target("fma")]] Result64 div64_with_fma(std::uint64_t a, std::uint64_t b, RoundingMode rm) {
    const int a_exponent = Binary64::biased_exponent(a);
    const int b_exponent = Binary64::biased_exponent(b);
    const bool operands_comfortable = a_exponent >= 63 &&
                                      a_exponent < Binary64::kMaxBiasedExponent &&
                                      b_exponent >= 1 && b_exponent < Binary64::kMaxBiasedExponent;
    const double x = to_host(a);
    const double y = to_host(b);
    const double quotient = opaque(x / y);
    if (!operands_comfortable || !comfortably_normal(quotient)) {
        return soft::div64(a, b, rm);
    }
    const double remainder = fma_instruction(-quotient, y, x);
    const int error_sign = Binary64::is_negative(b) ? -sign_of(remainder) : sign_of(remainder);
    return from_nearest(quotient, error_sign, false, rm);
}

// For a >= 2^-899 the remainder a - s^2 is exact. A square root is never a tie.
[[gnu::target("fma")]] Result64 sqrt64_with_fma(std::uint64_t a, RoundingMode rm) {
    const int exponent = Binary64::biased_exponent(a);
    if (Binary64::is_negative(a) || exponent < 124 || exponent == Binary64::kMaxBiasedExponent) {
        return soft::sqrt64(a, rm);
    }
    const double x = to_host(a);
    const double root = opaque(sqrt_instruction(x));
    return from_nearest(root, sign_of(fma_instruction(-root, root, x)), false, rm);
}

// The exact error of a fused multiply-add as the unevaluated sum error_head + error_tail, with
// error_head = RN(exact - nearest) (Boldo and Muller's ErrFma, proven in Flocq). It requires no
// underflow in the product and the result and no overflow in the intermediate sums.
[[gnu::target("fma")]] Result64 fused64_with_fma(std::uint64_t a, std::uint64_t b, std::uint64_t c,
                                                 RoundingMode rm, bool inexact_already_raised) {
    constexpr std::uint64_t kBelowOverflowRisk = std::uint64_t{2044} << Binary64::kFractionBits;
    const double x = to_host(a);
    const double y = to_host(b);
    const double z = to_host(c);
    const double product = opaque(x * y);
    const double nearest = fma_instruction(x, y, z);
    if (!comfortably_normal(product) || !comfortably_normal(nearest) ||
        Binary64::magnitude(std::bit_cast<std::uint64_t>(product)) >= kBelowOverflowRisk ||
        Binary64::magnitude(c) >= kBelowOverflowRisk) {
        return soft::fused64(FusedOp::MulAdd, a, b, c, rm);
    }
    if (inexact_already_raised && rm == RoundingMode::NearestEven) {
        return {std::bit_cast<std::uint64_t>(nearest), 0};
    }
    const double product_error = fma_instruction(x, y, -product);
    const auto addend_sum = two_sum(z, product_error);
    const auto leading_sum = two_sum(product, addend_sum.value);
    const double remainder = opaque(opaque(leading_sum.value - nearest) + leading_sum.error);
    const auto [error_head, error_tail] = two_sum(remainder, addend_sum.error);
    const bool tie = rm == RoundingMode::NearestMaxMagnitude && error_tail == 0 &&
                     is_half_ulp(nearest, error_head);
    return from_nearest(nearest, sign_of(error_head), tie, rm);
}

Result32 add_or_sub32(std::uint32_t a, std::uint32_t b, RoundingMode rm) {
    if (!finite32(a) || !finite32(b)) {
        return soft::add32(a, b, rm);
    }
    const auto [sum, error] = two_sum(widen(a), widen(b));
    if (sum == 0) {
        return soft::add32(a, b, rm);
    }
    return narrow(sum, sign_of(error), rm);
}

[[gnu::target("fma")]] Result32 div32_with_fma(std::uint32_t a, std::uint32_t b, RoundingMode rm) {
    if (!finite32(a) || !finite32(b) || Binary32::is_zero(a) || Binary32::is_zero(b)) {
        return soft::div32(a, b, rm);
    }
    const double x = widen(a);
    const double y = widen(b);
    const double quotient = opaque(x / y);
    const double remainder = fma_instruction(-quotient, y, x);
    const int error_sign = Binary32::is_negative(b) ? -sign_of(remainder) : sign_of(remainder);
    return narrow(quotient, error_sign, rm);
}

[[gnu::target("fma")]] Result32 sqrt32_with_fma(std::uint32_t a, RoundingMode rm) {
    if (Binary32::is_negative(a) || !finite32(a) || Binary32::is_zero(a)) {
        return soft::sqrt32(a, rm);
    }
    const double x = widen(a);
    const double root = opaque(sqrt_instruction(x));
    return narrow(root, sign_of(fma_instruction(-root, root, x)), rm);
}

// The binary64 product of binary32 numbers is exact, so only the sum is rounded.
Result32 fused32_multiply_add(std::uint32_t a, std::uint32_t b, std::uint32_t c, RoundingMode rm) {
    if (!finite32(a) || !finite32(b) || !finite32(c)) {
        return soft::fused32(FusedOp::MulAdd, a, b, c, rm);
    }
    const auto [sum, error] = two_sum(opaque(widen(a) * widen(b)), widen(c));
    if (sum == 0) {
        return soft::fused32(FusedOp::MulAdd, a, b, c, rm);
    }
    return narrow(sum, sign_of(error), rm);
}

template <class Format> constexpr typename Format::Bits product_sign(FusedOp op) {
    return Format::sign_bit(op == FusedOp::NegMulSub || op == FusedOp::NegMulAdd);
}
template <class Format> constexpr typename Format::Bits addend_sign(FusedOp op) {
    return Format::sign_bit(op == FusedOp::MulSub || op == FusedOp::NegMulAdd);
}

} // namespace

Result32 add32(std::uint32_t a, std::uint32_t b, RoundingMode rm) {
    return add_or_sub32(a, b, rm);
}

Result32 sub32(std::uint32_t a, std::uint32_t b, RoundingMode rm) {
    return add_or_sub32(a, b ^ Binary32::kSignMask, rm);
}

Result32 mul32(std::uint32_t a, std::uint32_t b, RoundingMode rm) {
    if (!finite32(a) || !finite32(b) || Binary32::is_zero(a) || Binary32::is_zero(b)) {
        return soft::mul32(a, b, rm);
    }
    return narrow(opaque(widen(a) * widen(b)), 0, rm);
}

Result32 div32(std::uint32_t a, std::uint32_t b, RoundingMode rm) {
    return kHostHasFma ? div32_with_fma(a, b, rm) : soft::div32(a, b, rm);
}

Result32 sqrt32(std::uint32_t a, RoundingMode rm) {
    return kHostHasFma ? sqrt32_with_fma(a, rm) : soft::sqrt32(a, rm);
}

Result32 fused32(FusedOp op, std::uint32_t a, std::uint32_t b, std::uint32_t c, RoundingMode rm) {
    return fused32_multiply_add(a ^ product_sign<Binary32>(op), b, c ^ addend_sign<Binary32>(op),
                                rm);
}

Result64 add64(std::uint64_t a, std::uint64_t b, RoundingMode rm) {
    return add_or_sub64(a, b, rm);
}

Result64 sub64(std::uint64_t a, std::uint64_t b, RoundingMode rm) {
    return add_or_sub64(a, b ^ Binary64::kSignMask, rm);
}

Result64 mul64(std::uint64_t a, std::uint64_t b, RoundingMode rm) {
    return kHostHasFma ? mul64_with_fma(a, b, rm) : soft::mul64(a, b, rm);
}

Result64 div64(std::uint64_t a, std::uint64_t b, RoundingMode rm) {
    return kHostHasFma ? div64_with_fma(a, b, rm) : soft::div64(a, b, rm);
}

Result64 sqrt64(std::uint64_t a, RoundingMode rm) {
    return kHostHasFma ? sqrt64_with_fma(a, rm) : soft::sqrt64(a, rm);
}

Result64 fused64(FusedOp op, std::uint64_t a, std::uint64_t b, std::uint64_t c, RoundingMode rm,
                 bool inexact_already_raised) {
    const std::uint64_t product_operand = a ^ product_sign<Binary64>(op);
    const std::uint64_t addend = c ^ addend_sign<Binary64>(op);
    return kHostHasFma ? fused64_with_fma(product_operand, b, addend, rm, inexact_already_raised)
                       : soft::fused64(FusedOp::MulAdd, product_operand, b, addend, rm);
}

Result32 f64_to_f32(std::uint64_t a, RoundingMode rm) {
    return soft::f64_to_f32(a, rm);
}

} // namespace xbemu::fp
