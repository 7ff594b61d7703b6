// The RISC-V rules of the F and D extensions for rounded arithmetic, checked through the public
// functions in every rounding mode: canonical NaNs, invalid operations, division by zero,
// overflow by mode, tininess after rounding, exact subnormals and the signs of zero results.

#include "fp/floating_point.hpp"

#include <array>
#include <cstdint>
#include <doctest/doctest.h>
#include <source_location>

namespace {

using namespace xbemu::fp;

constexpr std::array kAllModes{RoundingMode::NearestEven, RoundingMode::TowardZero,
                               RoundingMode::Down, RoundingMode::Up,
                               RoundingMode::NearestMaxMagnitude};
constexpr std::array kFusedOps{FusedOp::MulAdd, FusedOp::MulSub, FusedOp::NegMulSub,
                               FusedOp::NegMulAdd};

constexpr std::uint32_t kOne32 = 0x3f800000;
constexpr std::uint32_t kTwo32 = 0x40000000;
constexpr std::uint32_t kInfinity32 = 0x7f800000;
constexpr std::uint32_t kMax32 = 0x7f7fffff;
constexpr std::uint32_t kQuietNanWithPayload32 = 0xffc12345;
constexpr std::uint32_t kSignalingNan32 = 0x7f800001;
constexpr std::uint64_t kOne64 = 0x3ff0000000000000;
constexpr std::uint64_t kInfinity64 = 0x7ff0000000000000;
constexpr std::uint64_t kQuietNanWithPayload64 = 0xfff8000000012345;
constexpr std::uint64_t kSignalingNan64 = 0x7ff4000000000000;
constexpr std::uint32_t kNegative32 = 0x80000000;
constexpr std::uint64_t kNegative64 = 0x8000000000000000;

template <class Result, class Bits>
void expect(const Result& actual, Bits bits, std::uint8_t flags,
            std::source_location location = std::source_location::current()) {
    INFO("checked at line ", location.line());
    CHECK(actual.bits == bits);
    CHECK(actual.flags == flags);
}

TEST_CASE("quiet NaN operands give the canonical NaN without flags") {
    for (const RoundingMode rm : kAllModes) {
        CAPTURE(rm);
        expect(add32(kQuietNanWithPayload32, kOne32, rm), kCanonicalNan32, 0);
        expect(sub32(kOne32, kQuietNanWithPayload32, rm), kCanonicalNan32, 0);
        expect(mul32(kQuietNanWithPayload32, kTwo32, rm), kCanonicalNan32, 0);
        expect(div32(kOne32, kQuietNanWithPayload32, rm), kCanonicalNan32, 0);
        expect(sqrt32(kQuietNanWithPayload32, rm), kCanonicalNan32, 0);
        expect(add64(kOne64, kQuietNanWithPayload64, rm), kCanonicalNan64, 0);
        expect(mul64(kQuietNanWithPayload64, kOne64, rm), kCanonicalNan64, 0);
        expect(div64(kQuietNanWithPayload64, kOne64, rm), kCanonicalNan64, 0);
        expect(sqrt64(kQuietNanWithPayload64, rm), kCanonicalNan64, 0);
        expect(f64_to_f32(kQuietNanWithPayload64, rm), kCanonicalNan32, 0);
        for (const FusedOp op : kFusedOps) {
            expect(fused32(op, kOne32, kOne32, kQuietNanWithPayload32, rm), kCanonicalNan32, 0);
            expect(fused64(op, kQuietNanWithPayload64, kOne64, kOne64, rm), kCanonicalNan64, 0);
        }
    }
    expect(f32_to_f64(kQuietNanWithPayload32), kCanonicalNan64, 0);
}

TEST_CASE("signaling NaN operands raise NV") {
    for (const RoundingMode rm : kAllModes) {
        CAPTURE(rm);
        expect(add32(kSignalingNan32, kOne32, rm), kCanonicalNan32, kInvalid);
        expect(sub32(kQuietNanWithPayload32, kSignalingNan32, rm), kCanonicalNan32, kInvalid);
        expect(mul32(kOne32, kSignalingNan32, rm), kCanonicalNan32, kInvalid);
        expect(div32(kSignalingNan32, kOne32, rm), kCanonicalNan32, kInvalid);
        expect(sqrt32(kSignalingNan32 | kNegative32, rm), kCanonicalNan32, kInvalid);
        expect(add64(kSignalingNan64, kOne64, rm), kCanonicalNan64, kInvalid);
        expect(mul64(kOne64, kSignalingNan64, rm), kCanonicalNan64, kInvalid);
        expect(div64(kOne64, kSignalingNan64, rm), kCanonicalNan64, kInvalid);
        expect(sqrt64(kSignalingNan64, rm), kCanonicalNan64, kInvalid);
        expect(f64_to_f32(kSignalingNan64, rm), kCanonicalNan32, kInvalid);
        expect(fused32(FusedOp::MulAdd, kSignalingNan32, kOne32, kOne32, rm), kCanonicalNan32,
               kInvalid);
        expect(fused32(FusedOp::MulAdd, kOne32, kSignalingNan32, kOne32, rm), kCanonicalNan32,
               kInvalid);
        expect(fused64(FusedOp::NegMulAdd, kOne64, kOne64, kSignalingNan64, rm), kCanonicalNan64,
               kInvalid);
    }
    expect(f32_to_f64(kSignalingNan32), kCanonicalNan64, kInvalid);
}

TEST_CASE("invalid operations raise NV and give the canonical NaN") {
    for (const RoundingMode rm : kAllModes) {
        CAPTURE(rm);
        expect(add32(kInfinity32, kInfinity32 | kNegative32, rm), kCanonicalNan32, kInvalid);
        expect(sub64(kInfinity64, kInfinity64, rm), kCanonicalNan64, kInvalid);
        expect(mul32(kInfinity32, 0, rm), kCanonicalNan32, kInvalid);
        expect(mul64(kNegative64, kInfinity64, rm), kCanonicalNan64, kInvalid);
        expect(div32(0, kNegative32, rm), kCanonicalNan32, kInvalid);
        expect(div64(kInfinity64, kInfinity64 | kNegative64, rm), kCanonicalNan64, kInvalid);
        expect(sqrt32(kOne32 | kNegative32, rm), kCanonicalNan32, kInvalid);
        expect(sqrt64(kInfinity64 | kNegative64, rm), kCanonicalNan64, kInvalid);
        expect(sqrt64(0x8000000000000001, rm), kCanonicalNan64, kInvalid);
        for (const FusedOp op : kFusedOps) {
            CAPTURE(op);
            expect(fused32(op, kInfinity32, 0, kOne32, rm), kCanonicalNan32, kInvalid);
            expect(fused64(op, 0, kInfinity64 | kNegative64, kOne64, rm), kCanonicalNan64,
                   kInvalid);
            // RISC-V signals inf * 0 even when the addend is a quiet NaN (x86 does not).
            expect(fused32(op, kInfinity32, 0, kCanonicalNan32, rm), kCanonicalNan32, kInvalid);
            expect(fused64(op, 0, kInfinity64, kQuietNanWithPayload64, rm), kCanonicalNan64,
                   kInvalid);
        }
        // (+inf * 1) + -inf, and the same through the sign-negating variants.
        expect(fused32(FusedOp::MulAdd, kInfinity32, kOne32, kInfinity32 | kNegative32, rm),
               kCanonicalNan32, kInvalid);
        expect(fused32(FusedOp::MulSub, kInfinity32, kOne32, kInfinity32, rm), kCanonicalNan32,
               kInvalid);
        expect(fused64(FusedOp::NegMulSub, kInfinity64, kOne64, kInfinity64, rm), kCanonicalNan64,
               kInvalid);
        expect(fused64(FusedOp::NegMulAdd, kInfinity64, kOne64, kInfinity64 | kNegative64, rm),
               kCanonicalNan64, kInvalid);
        expect(fused64(FusedOp::NegMulAdd, kInfinity64, kOne64, kInfinity64, rm),
               kInfinity64 | kNegative64, 0);
    }
}

TEST_CASE("exact special results raise no flags") {
    for (const RoundingMode rm : kAllModes) {
        CAPTURE(rm);
        expect(sqrt32(kNegative32, rm), kNegative32, 0);
        expect(sqrt64(kInfinity64, rm), kInfinity64, 0);
        expect(div32(kInfinity32, 0, rm), kInfinity32, 0);
        expect(div64(kOne64, kInfinity64 | kNegative64, rm), kNegative64, 0);
        expect(mul32(kInfinity32, kMax32 | kNegative32, rm), kInfinity32 | kNegative32, 0);
        expect(add64(kInfinity64, 0x7fefffffffffffff, rm), kInfinity64, 0);
        expect(fused32(FusedOp::MulAdd, kInfinity32, kTwo32, kMax32 | kNegative32, rm), kInfinity32,
               0);
    }
}

TEST_CASE("dividing a finite nonzero number by zero raises DZ") {
    for (const RoundingMode rm : kAllModes) {
        CAPTURE(rm);
        expect(div32(kOne32, 0, rm), kInfinity32, kDivideByZero);
        expect(div32(kOne32 | kNegative32, 0, rm), kInfinity32 | kNegative32, kDivideByZero);
        expect(div64(kOne64, kNegative64, rm), kInfinity64 | kNegative64, kDivideByZero);
        expect(div64(0x0000000000000001, 0, rm), kInfinity64, kDivideByZero);
    }
}

TEST_CASE("overflow gives infinity or the largest finite number depending on the mode") {
    struct Case {
        RoundingMode rm;
        std::uint32_t positive;
        std::uint32_t negative;
    };
    constexpr std::array cases{
        Case{RoundingMode::NearestEven, kInfinity32, kInfinity32 | kNegative32},
        Case{RoundingMode::TowardZero, kMax32, kMax32 | kNegative32},
        Case{RoundingMode::Down, kMax32, kInfinity32 | kNegative32},
        Case{RoundingMode::Up, kInfinity32, kMax32 | kNegative32},
        Case{RoundingMode::NearestMaxMagnitude, kInfinity32, kInfinity32 | kNegative32},
    };
    constexpr std::uint8_t kOverflowInexact = kOverflow | kInexact;
    for (const Case& c : cases) {
        CAPTURE(c.rm);
        expect(mul32(kMax32, kTwo32, c.rm), c.positive, kOverflowInexact);
        expect(mul32(kMax32 | kNegative32, kTwo32, c.rm), c.negative, kOverflowInexact);
        expect(add32(kMax32, kMax32, c.rm), c.positive, kOverflowInexact);
        expect(f64_to_f32(0x47f0000000000000, c.rm), c.positive, kOverflowInexact);
        expect(fused32(FusedOp::NegMulSub, kMax32, kMax32, kOne32, c.rm), c.negative,
               kOverflowInexact);
        const std::uint64_t expected64 =
            c.positive == kInfinity32 ? kInfinity64 : 0x7fefffffffffffff;
        expect(div64(0x7fefffffffffffff, 0x3fe0000000000000, c.rm), expected64, kOverflowInexact);
    }
}

TEST_CASE("underflow is raised for tiny inexact results, tininess detected after rounding") {
    constexpr std::uint64_t kMinNormal64 = 0x0010000000000000;
    constexpr std::uint64_t kLargestSubnormal64 = 0x000fffffffffffff;
    for (const RoundingMode rm : kAllModes) {
        CAPTURE(rm);
        const bool rounds_up = rm != RoundingMode::TowardZero && rm != RoundingMode::Down;
        const std::uint64_t rounded = rounds_up ? kMinNormal64 : kLargestSubnormal64;
        // 2^-1022 * (1 - 2^-104): rounds to 2^-1022 with an unbounded exponent in the modes that
        // round up, so it is not tiny there even though it is below 2^-1022 before rounding.
        expect(mul64(0x0010000000000001, 0x3feffffffffffffe, rm), rounded,
               rounds_up ? kInexact : kUnderflow | kInexact);
        // 2^-1022 * (1 - 2^-53) is exact with an unbounded exponent, hence tiny in every mode.
        expect(mul64(kMinNormal64, 0x3fefffffffffffff, rm), rounded, kUnderflow | kInexact);
        // Tiny but exact results raise nothing.
        expect(sub32(0x00800000, 0x00000001, rm), 0x007fffffU, 0);
        expect(mul32(0x00000002, 0x3f000000, rm), 0x00000001U, 0);
        expect(div64(0x0000000000000006, 0x4008000000000000, rm), 0x2ULL, 0);
        // 3/2 - 1 units of the smallest subnormal: a tie between 0 and the smallest subnormal.
        const bool away = rm == RoundingMode::Up || rm == RoundingMode::NearestMaxMagnitude;
        expect(fused64(FusedOp::MulAdd, 0x0000000000000003, 0x3fe0000000000000, 0x8000000000000001,
                       rm),
               away ? 0x1ULL : 0x0ULL, kUnderflow | kInexact);
    }
}

TEST_CASE("subnormal operands and results are exact, never flushed") {
    for (const RoundingMode rm : kAllModes) {
        CAPTURE(rm);
        expect(add64(0x0000000000000001, 0x0000000000000001, rm), 0x2ULL, 0);
        expect(add32(0x00400000, 0x00400000, rm), 0x00800000U, 0);
        expect(mul32(0x00000003, 0x4b000000, rm), 0x01400000U, 0);
        expect(div64(0x0008000000000000, 0x4000000000000000, rm), 0x0004000000000000ULL, 0);
        expect(sqrt32(0x00000002, rm), 0x1a800000U, 0);
        expect(f64_to_f32(0x36a0000000000000, rm), 0x00000001U, 0);
        expect(f32_to_f64(0x00000001), 0x36a0000000000000ULL, 0);
    }
}

TEST_CASE("exact zero results are +0, or -0 when rounding down") {
    for (const RoundingMode rm : kAllModes) {
        CAPTURE(rm);
        const std::uint32_t zero32 = rm == RoundingMode::Down ? kNegative32 : 0;
        const std::uint64_t zero64 = rm == RoundingMode::Down ? kNegative64 : 0;
        expect(sub32(kOne32, kOne32, rm), zero32, 0);
        expect(add64(kOne64, kOne64 | kNegative64, rm), zero64, 0);
        expect(add32(0, kNegative32, rm), zero32, 0);
        expect(add32(kNegative32, kNegative32, rm), kNegative32, 0);
        expect(sub64(0, 0, rm), zero64, 0);
        expect(fused32(FusedOp::MulAdd, kOne32, kOne32, kOne32 | kNegative32, rm), zero32, 0);
        expect(fused64(FusedOp::MulAdd, kNegative64, kOne64, 0, rm), zero64, 0);
        expect(fused64(FusedOp::NegMulSub, 0, kOne64, 0, rm), zero64, 0);
        expect(fused64(FusedOp::NegMulAdd, 0, kOne64, 0, rm), kNegative64, 0);
        // A nonzero exact result that underflows to zero keeps its sign.
        expect(mul64(0x8000000000000001, 0x3fc0000000000000, rm),
               rm == RoundingMode::Down ? 0x8000000000000001ULL : kNegative64,
               kUnderflow | kInexact);
    }
}

TEST_CASE("fused multiply-add rounds once and applies the variant's signs") {
    // (1 + 2^-12)^2 - 1 = 2^-11 + 2^-24 exactly; rounding the product first would lose 2^-24.
    constexpr std::uint32_t kOnePlus2ToMinus12 = 0x3f800800;
    for (const RoundingMode rm : kAllModes) {
        CAPTURE(rm);
        expect(fused32(FusedOp::MulAdd, kOnePlus2ToMinus12, kOnePlus2ToMinus12,
                       kOne32 | kNegative32, rm),
               0x3a000400U, 0);
        expect(fused32(FusedOp::MulSub, kOnePlus2ToMinus12, kOnePlus2ToMinus12, kOne32, rm),
               0x3a000400U, 0);
        expect(fused32(FusedOp::NegMulSub, kOnePlus2ToMinus12, kOnePlus2ToMinus12, kOne32, rm),
               0xba000400U, 0);
        expect(fused32(FusedOp::NegMulAdd, kOnePlus2ToMinus12, kOnePlus2ToMinus12,
                       kOne32 | kNegative32, rm),
               0xba000400U, 0);
        // 2 * 3 + 1, 2 * 3 - 1, -(2 * 3) + 1, -(2 * 3) - 1
        expect(fused64(FusedOp::MulAdd, 0x4000000000000000, 0x4008000000000000, kOne64, rm),
               0x401c000000000000ULL, 0);
        expect(fused64(FusedOp::MulSub, 0x4000000000000000, 0x4008000000000000, kOne64, rm),
               0x4014000000000000ULL, 0);
        expect(fused64(FusedOp::NegMulSub, 0x4000000000000000, 0x4008000000000000, kOne64, rm),
               0xc014000000000000ULL, 0);
        expect(fused64(FusedOp::NegMulAdd, 0x4000000000000000, 0x4008000000000000, kOne64, rm),
               0xc01c000000000000ULL, 0);
    }
}

} // namespace
