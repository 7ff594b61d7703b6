// Round-to-nearest, ties-to-max-magnitude (RMM), which the host cannot do, checked on exact ties
// computed by hand (and confirmed with exact rational arithmetic): each case gives the RMM result
// and, where they differ, the RNE result, so a mode mix-up cannot pass.

#include "fp/floating_point.hpp"

#include <cstdint>
#include <doctest/doctest.h>
#include <source_location>

namespace {

using namespace xbemu::fp;

constexpr RoundingMode kRmm = RoundingMode::NearestMaxMagnitude;
constexpr RoundingMode kRne = RoundingMode::NearestEven;
constexpr std::uint8_t kTinyInexact = kUnderflow | kInexact;

template <class Result, class Bits>
void expect(const Result& actual, Bits bits, std::uint8_t flags,
            std::source_location location = std::source_location::current()) {
    INFO("checked at line ", location.line());
    CHECK(actual.bits == bits);
    CHECK(actual.flags == flags);
}

void expect_integer(const IntegerResult& actual, std::uint64_t value, std::uint8_t flags,
                    std::source_location location = std::source_location::current()) {
    INFO("checked at line ", location.line());
    CHECK(actual.value == value);
    CHECK(actual.flags == flags);
}

TEST_CASE("RMM binary32 add and sub round ties away from zero") {
    // 2^24 + 1 lies halfway between 2^24 (even) and 2^24 + 2.
    expect(add32(0x4b800000, 0x3f800000, kRmm), 0x4b800001U, kInexact);
    expect(add32(0x4b800000, 0x3f800000, kRne), 0x4b800000U, kInexact);
    expect(add32(0xcb800000, 0xbf800000, kRmm), 0xcb800001U, kInexact);
    expect(sub32(0x4b800000, 0xbf800000, kRmm), 0x4b800001U, kInexact);
    expect(sub32(0xcb800000, 0x3f800000, kRmm), 0xcb800001U, kInexact);
    // 2^24 + 3: the tie's upper neighbour is also the even one.
    expect(add32(0x4b800001, 0x3f800000, kRmm), 0x4b800002U, kInexact);
    // Not a tie: 2^24 + 1 - 2^-1 is nearer 2^24.
    expect(add32(0x4b800000, 0x3f000000, kRmm), 0x4b800000U, kInexact);
}

TEST_CASE("RMM binary64 add and sub round ties away from zero") {
    // 2^53 + 1
    expect(add64(0x4340000000000000, 0x3ff0000000000000, kRmm), 0x4340000000000001ULL, kInexact);
    expect(add64(0x4340000000000000, 0x3ff0000000000000, kRne), 0x4340000000000000ULL, kInexact);
    expect(sub64(0xc340000000000000, 0x3ff0000000000000, kRmm), 0xc340000000000001ULL, kInexact);
}

TEST_CASE("RMM mul rounds ties away from zero, also in the subnormal range") {
    // 4097 * 4097 = 2^24 + 2^13 + 1, halfway between two binary32 numbers 2 apart.
    expect(mul32(0x45800800, 0x45800800, kRmm), 0x4b801001U, kInexact);
    expect(mul32(0x45800800, 0x45800800, kRne), 0x4b801000U, kInexact);
    expect(mul32(0xc5800800, 0x45800800, kRmm), 0xcb801001U, kInexact);
    // The smallest subnormal times 1/2 is halfway between it and zero.
    expect(mul32(0x00000001, 0x3f000000, kRmm), 0x00000001U, kTinyInexact);
    expect(mul32(0x00000001, 0x3f000000, kRne), 0x00000000U, kTinyInexact);
    expect(mul32(0x80000001, 0x3f000000, kRmm), 0x80000001U, kTinyInexact);
    // 2.5 and 1.5 units of the smallest subnormal.
    expect(mul32(0x00000005, 0x3f000000, kRmm), 0x00000003U, kTinyInexact);
    expect(mul32(0x00000005, 0x3f000000, kRne), 0x00000002U, kTinyInexact);
    expect(mul32(0x00000003, 0x3f000000, kRmm), 0x00000002U, kTinyInexact);
    // (2^26 + 1) * (2^27 + 1) = 2^53 + 2^27 + 2^26 + 1
    expect(mul64(0x4190000004000000, 0x41a0000002000000, kRmm), 0x4340000006000001ULL, kInexact);
    expect(mul64(0x4190000004000000, 0x41a0000002000000, kRne), 0x4340000006000000ULL, kInexact);
    expect(mul64(0x0000000000000005, 0x3fe0000000000000, kRmm), 0x3ULL, kTinyInexact);
}

TEST_CASE("RMM div ties, which only occur in the subnormal range") {
    expect(div32(0x00000001, 0x40000000, kRmm), 0x00000001U, kTinyInexact);
    expect(div32(0x00000001, 0x40000000, kRne), 0x00000000U, kTinyInexact);
    expect(div32(0x00000005, 0x40000000, kRmm), 0x00000003U, kTinyInexact);
    expect(div32(0x80000005, 0x40000000, kRmm), 0x80000003U, kTinyInexact);
    expect(div32(0x00000005, 0x40000000, kRne), 0x00000002U, kTinyInexact);
    expect(div64(0x0000000000000001, 0x4000000000000000, kRmm), 0x1ULL, kTinyInexact);
    expect(div64(0x0000000000000005, 0x4000000000000000, kRmm), 0x3ULL, kTinyInexact);
    expect(div64(0x0000000000000005, 0x4000000000000000, kRne), 0x2ULL, kTinyInexact);
    // 1/3 is not a tie: RMM rounds to nearest like RNE.
    expect(div32(0x3f800000, 0x40400000, kRmm), 0x3eaaaaabU, kInexact);
    expect(div64(0x3ff0000000000000, 0x4008000000000000, kRmm), 0x3fd5555555555555ULL, kInexact);
}

TEST_CASE("RMM sqrt rounds to nearest (a square root is never a tie)") {
    expect(sqrt32(0x40000000, kRmm), 0x3fb504f3U, kInexact);
    expect(sqrt64(0x4000000000000000, kRmm), 0x3ff6a09e667f3bcdULL, kInexact);
    expect(sqrt32(0x40800000, kRmm), 0x40000000U, 0);
    // sqrt(3) = 1.7320508075688772935...: 0x3fddb3d7 is 1.73205077648, 0x3fddb3d8 1.73205089569.
    expect(sqrt32(0x40400000, kRmm), 0x3fddb3d7U, kInexact);
    // sqrt of the smallest binary64 subnormal is exactly 2^-537.
    expect(sqrt64(0x0000000000000001, kRmm), 0x1e60000000000000ULL, 0);
}

TEST_CASE("RMM fused multiply-add rounds the exact result once, ties away") {
    // 4097 * 4097 - 8192 = 2^24 + 1; rounding the product first would give the same neighbours,
    // but only the exact sum is a tie.
    expect(fused32(FusedOp::MulAdd, 0x45800800, 0x45800800, 0xc6000000, kRmm), 0x4b800001U,
           kInexact);
    expect(fused32(FusedOp::MulAdd, 0x45800800, 0x45800800, 0xc6000000, kRne), 0x4b800000U,
           kInexact);
    expect(fused32(FusedOp::MulSub, 0x45800800, 0x45800800, 0x46000000, kRmm), 0x4b800001U,
           kInexact);
    expect(fused32(FusedOp::NegMulSub, 0x45800800, 0x45800800, 0x46000000, kRmm), 0xcb800001U,
           kInexact);
    expect(fused32(FusedOp::NegMulAdd, 0x45800800, 0x45800800, 0xc6000000, kRmm), 0xcb800001U,
           kInexact);
    // min_subnormal * 1/2 - min_subnormal = -min_subnormal / 2
    expect(fused32(FusedOp::MulAdd, 0x00000001, 0x3f000000, 0x80000001, kRmm), 0x80000001U,
           kTinyInexact);
    expect(fused32(FusedOp::MulAdd, 0x00000001, 0x3f000000, 0x80000001, kRne), 0x80000000U,
           kTinyInexact);
    // (2^26 + 1) * (2^27 + 1) - (2^27 + 2^26) = 2^53 + 1
    expect(
        fused64(FusedOp::MulAdd, 0x4190000004000000, 0x41a0000002000000, 0xc1a8000000000000, kRmm),
        0x4340000000000001ULL, kInexact);
    expect(
        fused64(FusedOp::MulAdd, 0x4190000004000000, 0x41a0000002000000, 0xc1a8000000000000, kRne),
        0x4340000000000000ULL, kInexact);
}

TEST_CASE("RMM binary64 to binary32 conversion") {
    // 1 + 2^-24
    expect(f64_to_f32(0x3ff0000010000000, kRmm), 0x3f800001U, kInexact);
    expect(f64_to_f32(0x3ff0000010000000, kRne), 0x3f800000U, kInexact);
    // 2^-150 and 5 * 2^-150: ties in the binary32 subnormal range.
    expect(f64_to_f32(0x3690000000000000, kRmm), 0x00000001U, kTinyInexact);
    expect(f64_to_f32(0x3690000000000000, kRne), 0x00000000U, kTinyInexact);
    expect(f64_to_f32(0x36b4000000000000, kRmm), 0x00000003U, kTinyInexact);
    // The largest binary32 plus half an ulp overflows, just below it does not.
    expect(f64_to_f32(0x47effffff0000000, kRmm), 0x7f800000U, kOverflow | kInexact);
    expect(f64_to_f32(0x47efffffefffffff, kRmm), 0x7f7fffffU, kInexact);
    // 2^-126 * (1 - 2^-25) rounds to 2^-126 with an unbounded exponent, so it is not tiny.
    expect(f64_to_f32(0x380ffffff0000000, kRmm), 0x00800000U, kInexact);
}

TEST_CASE("RMM integer to floating-point conversion") {
    expect(i32_to_f32(16777217, kRmm), 0x4b800001U, kInexact);
    expect(i32_to_f32(16777217, kRne), 0x4b800000U, kInexact);
    expect(i32_to_f32(static_cast<std::uint64_t>(-16777217), kRmm), 0xcb800001U, kInexact);
    expect(u32_to_f32(16777219, kRmm), 0x4b800002U, kInexact);
    // 2^63 + 2^39 and -(2^60 + 2^36)
    expect(u64_to_f32(0x8000008000000000, kRmm), 0x5f000001U, kInexact);
    expect(u64_to_f32(0x8000008000000000, kRne), 0x5f000000U, kInexact);
    expect(i64_to_f32(static_cast<std::uint64_t>(-0x1000001000000000), kRmm), 0xdd800001U,
           kInexact);
    // 2^53 + 1, -(2^53 + 1), 2^63 + 2^10
    expect(i64_to_f64(0x20000000000001, kRmm), 0x4340000000000001ULL, kInexact);
    expect(i64_to_f64(static_cast<std::uint64_t>(-0x20000000000001), kRmm), 0xc340000000000001ULL,
           kInexact);
    expect(u64_to_f64(0x8000000000000400, kRmm), 0x43e0000000000001ULL, kInexact);
    expect(u64_to_f64(0x8000000000000400, kRne), 0x43e0000000000000ULL, kInexact);
    expect(u64_to_f64(0xffffffffffffffff, kRmm), 0x43f0000000000000ULL, kInexact);
}

TEST_CASE("RMM floating-point to integer conversion") {
    constexpr std::uint64_t kTwoAndAHalf = 0x4004000000000000;
    constexpr std::uint64_t kMinusTwoAndAHalf = 0xc004000000000000;
    constexpr std::uint64_t kHalf = 0x3fe0000000000000;
    constexpr std::uint64_t kMinusHalf = 0xbfe0000000000000;
    expect_integer(f64_to_i32(kTwoAndAHalf, kRmm), 3, kInexact);
    expect_integer(f64_to_i32(kTwoAndAHalf, kRne), 2, kInexact);
    expect_integer(f64_to_i32(kMinusTwoAndAHalf, kRmm), static_cast<std::uint64_t>(-3), kInexact);
    expect_integer(f64_to_i64(kHalf, kRmm), 1, kInexact);
    expect_integer(f64_to_i64(kHalf, kRne), 0, kInexact);
    expect_integer(f64_to_i64(kMinusHalf, kRmm), static_cast<std::uint64_t>(-1), kInexact);
    expect_integer(f64_to_u64(kTwoAndAHalf, kRmm), 3, kInexact);
    // -0.5 rounds to -1, which an unsigned result cannot hold; -0.25 rounds to 0.
    expect_integer(f64_to_u32(kMinusHalf, kRmm), 0, kInvalid);
    expect_integer(f64_to_u32(kMinusHalf, kRne), 0, kInexact);
    expect_integer(f64_to_u64(0xbfd0000000000000, kRmm), 0, kInexact);
    // 2147483646.5 rounds to INT32_MAX; 2147483647.5 rounds past it and saturates.
    expect_integer(f64_to_i32(0x41dfffffffa00000, kRmm), 0x7fffffff, kInexact);
    expect_integer(f64_to_i32(0x41dfffffffe00000, kRmm), 0x7fffffff, kInvalid);
    expect_integer(f64_to_i32(0x41dfffffffe00000, kRne), 0x7fffffff, kInvalid);
    // -2147483648.5 rounds to -2147483649.
    expect_integer(f64_to_i32(0xc1e0000000100000, kRmm), 0xffffffff80000000, kInvalid);
    expect_integer(f64_to_i32(0xc1e0000000100000, kRne), 0xffffffff80000000, kInexact);
    // 4294967294.5 -> 4294967295, written sign-extended.
    expect_integer(f64_to_u32(0x41efffffffd00000, kRmm), 0xffffffffffffffff, kInexact);
    expect_integer(f64_to_u32(0x41efffffffd00000, kRne), 0xfffffffffffffffe, kInexact);
    // Binary32 sources: 2.5f and -0.5f.
    expect_integer(f32_to_i32(0x40200000, kRmm), 3, kInexact);
    expect_integer(f32_to_i64(0xbf000000, kRmm), static_cast<std::uint64_t>(-1), kInexact);
    expect_integer(f32_to_u32(0x40200000, kRmm), 3, kInexact);
    expect_integer(f32_to_u64(0x3f000000, kRmm), 1, kInexact);
}

} // namespace
