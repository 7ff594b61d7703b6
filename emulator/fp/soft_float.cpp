// Exact integer arithmetic: each operation forms its exact result (or the exact result truncated
// with a sticky bit, which rounds identically) and hands it to round_pack.

#include "fp/soft_float.hpp"

#include "fp/format.hpp"
#include "fp/soft_rounding.hpp"

#include <type_traits>
#include <utility>

namespace xbemu::fp::soft {
namespace {

template <class Format>
using ResultOf = std::conditional_t<std::is_same_v<Format, Binary32>, Result32, Result64>;

template <class Format> ResultOf<Format> nan_result(bool invalid) {
    return {Format::kCanonicalNan, invalid ? kInvalid : std::uint8_t{0}};
}

template <class Format>
ResultOf<Format> rounded(bool negative, int exponent, std::uint64_t significand, RoundingMode rm) {
    std::uint8_t flags = 0;
    const auto bits = round_pack<Format>(negative, exponent, significand, rm, flags);
    return {bits, flags};
}

// IEEE-754 6.3: an exact zero sum of operands with opposite signs is +0, except -0 in RDN.
template <class Format>
typename Format::Bits exact_zero_sum(bool a_negative, bool b_negative, RoundingMode rm) {
    const bool negative = a_negative == b_negative ? a_negative : rm == RoundingMode::Down;
    return Format::sign_bit(negative);
}

template <class Format>
ResultOf<Format> add(typename Format::Bits a, typename Format::Bits b, RoundingMode rm) {
    if (Format::is_nan(a) || Format::is_nan(b)) {
        return nan_result<Format>(Format::is_signaling_nan(a) || Format::is_signaling_nan(b));
    }
    const bool a_negative = Format::is_negative(a);
    const bool b_negative = Format::is_negative(b);
    if (Format::is_infinity(a)) {
        if (Format::is_infinity(b) && a_negative != b_negative) {
            return nan_result<Format>(true);
        }
        return {a, 0};
    }
    if (Format::is_infinity(b)) {
        return {b, 0};
    }
    if (Format::is_zero(a) && Format::is_zero(b)) {
        return {exact_zero_sum<Format>(a_negative, b_negative, rm), 0};
    }
    if (Format::is_zero(a)) {
        return {b, 0};
    }
    if (Format::is_zero(b)) {
        return {a, 0};
    }

    Unpacked larger = unpack<Format>(a);
    Unpacked smaller = unpack<Format>(b);
    // Leading ones at bit 61 leave room for the carry of the sum and keep at least nine guard
    // bits, so the sticky bit of the aligned operand stays below the rounding position even
    // after a one-bit cancellation.
    constexpr int kShift = 61 - Format::kFractionBits;
    larger.significand <<= kShift;
    larger.exponent -= kShift;
    smaller.significand <<= kShift;
    smaller.exponent -= kShift;
    if (smaller.exponent > larger.exponent ||
        (smaller.exponent == larger.exponent && smaller.significand > larger.significand)) {
        std::swap(larger, smaller);
    }
    const std::uint64_t aligned =
        shift_right_jam(smaller.significand, larger.exponent - smaller.exponent);
    if (larger.negative == smaller.negative) {
        return rounded<Format>(larger.negative, larger.exponent, larger.significand + aligned, rm);
    }
    const std::uint64_t difference = larger.significand - aligned;
    if (difference == 0) {
        return {exact_zero_sum<Format>(false, true, rm), 0};
    }
    return rounded<Format>(larger.negative, larger.exponent, difference, rm);
}

template <class Format>
ResultOf<Format> mul(typename Format::Bits a, typename Format::Bits b, RoundingMode rm) {
    if (Format::is_nan(a) || Format::is_nan(b)) {
        return nan_result<Format>(Format::is_signaling_nan(a) || Format::is_signaling_nan(b));
    }
    if ((Format::is_infinity(a) && Format::is_zero(b)) ||
        (Format::is_zero(a) && Format::is_infinity(b))) {
        return nan_result<Format>(true);
    }
    const bool negative = Format::is_negative(a) != Format::is_negative(b);
    if (Format::is_infinity(a) || Format::is_infinity(b)) {
        return {Format::sign_bit(negative) | Format::kInfinity, 0};
    }
    if (Format::is_zero(a) || Format::is_zero(b)) {
        return {Format::sign_bit(negative), 0};
    }
    const Unpacked x = unpack<Format>(a);
    const Unpacked y = unpack<Format>(b);
    int exponent = x.exponent + y.exponent;
    const std::uint64_t significand =
        narrow_jam(static_cast<UInt128>(x.significand) * y.significand, exponent);
    return rounded<Format>(negative, exponent, significand, rm);
}

template <class Format>
ResultOf<Format> div(typename Format::Bits a, typename Format::Bits b, RoundingMode rm) {
    if (Format::is_nan(a) || Format::is_nan(b)) {
        return nan_result<Format>(Format::is_signaling_nan(a) || Format::is_signaling_nan(b));
    }
    if ((Format::is_infinity(a) && Format::is_infinity(b)) ||
        (Format::is_zero(a) && Format::is_zero(b))) {
        return nan_result<Format>(true);
    }
    const bool negative = Format::is_negative(a) != Format::is_negative(b);
    const auto infinity = Format::sign_bit(negative) | Format::kInfinity;
    if (Format::is_infinity(a)) {
        return {infinity, 0};
    }
    if (Format::is_infinity(b) || Format::is_zero(a)) {
        return {Format::sign_bit(negative), 0};
    }
    if (Format::is_zero(b)) {
        return {infinity, kDivideByZero};
    }
    const Unpacked x = unpack<Format>(a);
    const Unpacked y = unpack<Format>(b);
    // Both significands lie in [2^kFractionBits, 2^kPrecision), so the quotient has 62 or 63
    // bits, far more than the precision plus the two rounding bits.
    const UInt128 dividend = static_cast<UInt128>(x.significand) << 62;
    const auto quotient = static_cast<std::uint64_t>(dividend / y.significand);
    const bool remainder = dividend % y.significand != 0;
    return rounded<Format>(negative, x.exponent - y.exponent - 62, quotient | (remainder ? 1 : 0),
                           rm);
}

// floor(sqrt(radicand)) by Newton's iteration from above, which decreases monotonically to it.
std::uint64_t integer_square_root(UInt128 radicand) {
    UInt128 root = UInt128{1} << ((bit_length(radicand) + 1) / 2);
    while (true) {
        const UInt128 next = (root + radicand / root) / 2;
        if (next >= root) {
            return static_cast<std::uint64_t>(root);
        }
        root = next;
    }
}

template <class Format> ResultOf<Format> sqrt(typename Format::Bits a, RoundingMode rm) {
    if (Format::is_nan(a)) {
        return nan_result<Format>(Format::is_signaling_nan(a));
    }
    if (Format::is_zero(a)) {
        return {a, 0};
    }
    if (Format::is_negative(a)) {
        return nan_result<Format>(true);
    }
    if (Format::is_infinity(a)) {
        return {a, 0};
    }
    Unpacked x = unpack<Format>(a);
    if ((x.exponent & 1) != 0) {
        x.significand <<= 1;
        x.exponent -= 1;
    }
    // The significand has at most 54 bits: scaling it by an even 2^72 keeps the radicand below
    // 2^126 and gives a root of at least 47 bits.
    constexpr int kScale = 72;
    const UInt128 radicand = static_cast<UInt128>(x.significand) << kScale;
    const std::uint64_t root = integer_square_root(radicand);
    const bool remainder = static_cast<UInt128>(root) * root != radicand;
    return rounded<Format>(false, (x.exponent - kScale) / 2, root | (remainder ? 1 : 0), rm);
}

struct WideOperand {
    bool negative;
    int exponent;
    UInt128 significand;
};

template <class Format>
ResultOf<Format> fused_multiply_add(typename Format::Bits a, typename Format::Bits b,
                                    typename Format::Bits c, RoundingMode rm) {
    const bool invalid_product = (Format::is_infinity(a) && Format::is_zero(b)) ||
                                 (Format::is_zero(a) && Format::is_infinity(b));
    if (Format::is_nan(a) || Format::is_nan(b) || Format::is_nan(c)) {
        // RISC-V raises NV for inf * 0 even when the addend is a quiet NaN.
        return nan_result<Format>(invalid_product || Format::is_signaling_nan(a) ||
                                  Format::is_signaling_nan(b) || Format::is_signaling_nan(c));
    }
    if (invalid_product) {
        return nan_result<Format>(true);
    }
    const bool product_negative = Format::is_negative(a) != Format::is_negative(b);
    const bool addend_negative = Format::is_negative(c);
    if (Format::is_infinity(a) || Format::is_infinity(b)) {
        if (Format::is_infinity(c) && addend_negative != product_negative) {
            return nan_result<Format>(true);
        }
        return {Format::sign_bit(product_negative) | Format::kInfinity, 0};
    }
    if (Format::is_infinity(c)) {
        return {c, 0};
    }
    if (Format::is_zero(a) || Format::is_zero(b)) {
        if (Format::is_zero(c)) {
            return {exact_zero_sum<Format>(product_negative, addend_negative, rm), 0};
        }
        return {c, 0};
    }

    const Unpacked x = unpack<Format>(a);
    const Unpacked y = unpack<Format>(b);
    WideOperand product{product_negative, x.exponent + y.exponent,
                        static_cast<UInt128>(x.significand) * y.significand};
    if (Format::is_zero(c)) {
        const std::uint64_t significand = narrow_jam(product.significand, product.exponent);
        return rounded<Format>(product_negative, product.exponent, significand, rm);
    }
    const Unpacked z = unpack<Format>(c);
    WideOperand addend{addend_negative, z.exponent, z.significand};

    // Leading ones at bit 125 leave room for the carry. The exact product has at most 106
    // significant bits, so both operands end in at least 20 zero bits and the sticky bit of the
    // aligned one never reaches the rounding position.
    const int product_shift = 126 - bit_length(product.significand);
    product.significand <<= product_shift;
    product.exponent -= product_shift;
    constexpr int kAddendShift = 125 - Format::kFractionBits;
    addend.significand <<= kAddendShift;
    addend.exponent -= kAddendShift;

    WideOperand larger = product;
    WideOperand smaller = addend;
    if (smaller.exponent > larger.exponent ||
        (smaller.exponent == larger.exponent && smaller.significand > larger.significand)) {
        std::swap(larger, smaller);
    }
    const UInt128 aligned =
        shift_right_jam(smaller.significand, larger.exponent - smaller.exponent);
    UInt128 sum = 0;
    if (larger.negative == smaller.negative) {
        sum = larger.significand + aligned;
    } else {
        sum = larger.significand - aligned;
        if (sum == 0) {
            return {exact_zero_sum<Format>(false, true, rm), 0};
        }
    }
    int exponent = larger.exponent;
    const std::uint64_t significand = narrow_jam(sum, exponent);
    return rounded<Format>(larger.negative, exponent, significand, rm);
}

template <class Format>
ResultOf<Format> fused(FusedOp op, typename Format::Bits a, typename Format::Bits b,
                       typename Format::Bits c, RoundingMode rm) {
    const bool negate_product = op == FusedOp::NegMulSub || op == FusedOp::NegMulAdd;
    const bool negate_addend = op == FusedOp::MulSub || op == FusedOp::NegMulAdd;
    return fused_multiply_add<Format>(a ^ Format::sign_bit(negate_product), b,
                                      c ^ Format::sign_bit(negate_addend), rm);
}

} // namespace

Result32 add32(std::uint32_t a, std::uint32_t b, RoundingMode rm) {
    return add<Binary32>(a, b, rm);
}
Result32 sub32(std::uint32_t a, std::uint32_t b, RoundingMode rm) {
    return add<Binary32>(a, b ^ Binary32::kSignMask, rm);
}
Result32 mul32(std::uint32_t a, std::uint32_t b, RoundingMode rm) {
    return mul<Binary32>(a, b, rm);
}
Result32 div32(std::uint32_t a, std::uint32_t b, RoundingMode rm) {
    return div<Binary32>(a, b, rm);
}
Result32 sqrt32(std::uint32_t a, RoundingMode rm) {
    return sqrt<Binary32>(a, rm);
}
Result32 fused32(FusedOp op, std::uint32_t a, std::uint32_t b, std::uint32_t c, RoundingMode rm) {
    return fused<Binary32>(op, a, b, c, rm);
}

Result64 add64(std::uint64_t a, std::uint64_t b, RoundingMode rm) {
    return add<Binary64>(a, b, rm);
}
Result64 sub64(std::uint64_t a, std::uint64_t b, RoundingMode rm) {
    return add<Binary64>(a, b ^ Binary64::kSignMask, rm);
}
Result64 mul64(std::uint64_t a, std::uint64_t b, RoundingMode rm) {
    return mul<Binary64>(a, b, rm);
}
Result64 div64(std::uint64_t a, std::uint64_t b, RoundingMode rm) {
    return div<Binary64>(a, b, rm);
}
Result64 sqrt64(std::uint64_t a, RoundingMode rm) {
    return sqrt<Binary64>(a, rm);
}
Result64 fused64(FusedOp op, std::uint64_t a, std::uint64_t b, std::uint64_t c, RoundingMode rm) {
    return fused<Binary64>(op, a, b, c, rm);
}

Result32 f64_to_f32(std::uint64_t a, RoundingMode rm) {
    if (Binary64::is_nan(a)) {
        return nan_result<Binary32>(Binary64::is_signaling_nan(a));
    }
    const std::uint32_t sign = Binary32::sign_bit(Binary64::is_negative(a));
    if (Binary64::is_infinity(a)) {
        return {sign | Binary32::kInfinity, 0};
    }
    if (Binary64::is_zero(a)) {
        return {sign, 0};
    }
    const Unpacked x = unpack<Binary64>(a);
    return rounded<Binary32>(x.negative, x.exponent, x.significand, rm);
}

} // namespace xbemu::fp::soft
