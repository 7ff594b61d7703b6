// feq/flt/fle, fmin/fmax (F extension 2.2 semantics) and fclass.

#include "fp/floating_point.hpp"

#include <bit>
#include <cstdint>
#include <doctest/doctest.h>
#include <random>

namespace {

using namespace xbemu::fp;

constexpr std::uint32_t kPositiveZero32 = 0x00000000;
constexpr std::uint32_t kNegativeZero32 = 0x80000000;
constexpr std::uint32_t kOne32 = 0x3f800000;
constexpr std::uint32_t kTwo32 = 0x40000000;
constexpr std::uint32_t kMinusOne32 = 0xbf800000;
constexpr std::uint32_t kQuietNan32 = 0xffc00001;
constexpr std::uint32_t kSignalingNan32 = 0x7f800001;
constexpr std::uint64_t kPositiveZero64 = 0;
constexpr std::uint64_t kNegativeZero64 = 0x8000000000000000;
constexpr std::uint64_t kOne64 = 0x3ff0000000000000;
constexpr std::uint64_t kMinusInfinity64 = 0xfff0000000000000;
constexpr std::uint64_t kQuietNan64 = 0x7ff8000000000001;
constexpr std::uint64_t kSignalingNan64 = 0xfff0000000000001;

void expect(CompareResult actual, bool value, std::uint8_t flags) {
    CHECK(actual.value == value);
    CHECK(actual.flags == flags);
}

TEST_CASE("feq is quiet: only signaling NaNs raise NV") {
    expect(eq32(kOne32, kOne32), true, 0);
    expect(eq32(kOne32, kTwo32), false, 0);
    expect(eq32(kPositiveZero32, kNegativeZero32), true, 0);
    expect(eq32(kQuietNan32, kQuietNan32), false, 0);
    expect(eq32(kQuietNan32, kOne32), false, 0);
    expect(eq32(kOne32, kSignalingNan32), false, kInvalid);
    expect(eq64(kNegativeZero64, kPositiveZero64), true, 0);
    expect(eq64(kQuietNan64, kOne64), false, 0);
    expect(eq64(kSignalingNan64, kSignalingNan64), false, kInvalid);
}

TEST_CASE("flt and fle are signaling: any NaN raises NV") {
    expect(lt32(kMinusOne32, kOne32), true, 0);
    expect(lt32(kOne32, kOne32), false, 0);
    expect(le32(kOne32, kOne32), true, 0);
    expect(lt32(kNegativeZero32, kPositiveZero32), false, 0);
    expect(le32(kPositiveZero32, kNegativeZero32), true, 0);
    expect(lt32(kQuietNan32, kOne32), false, kInvalid);
    expect(le32(kOne32, kQuietNan32), false, kInvalid);
    expect(lt64(kMinusInfinity64, kNegativeZero64), true, 0);
    expect(le64(kOne64, kMinusInfinity64), false, 0);
    expect(lt64(kOne64, kSignalingNan64), false, kInvalid);
    expect(le64(kQuietNan64, kQuietNan64), false, kInvalid);
}

TEST_CASE("comparisons of numbers agree with the host's") {
    std::mt19937_64 random(0xc0ffee);
    int checked = 0;
    for (int i = 0; i < 20000; ++i) {
        // Equal exponents half of the time so that close values are compared.
        const std::uint64_t a = random();
        const std::uint64_t b =
            (i & 1) != 0 ? (a & 0xfff0000000000000) | (random() >> 12) : random();
        const double x = std::bit_cast<double>(a);
        const double y = std::bit_cast<double>(b);
        if (x != x || y != y) {
            continue;
        }
        ++checked;
        const std::uint32_t a32 = static_cast<std::uint32_t>(a >> 32);
        const std::uint32_t b32 = static_cast<std::uint32_t>(b >> 32);
        const float x32 = std::bit_cast<float>(a32);
        const float y32 = std::bit_cast<float>(b32);
        const bool nan32 = x32 != x32 || y32 != y32;
        if (eq64(a, b).value != (x == y) || lt64(a, b).value != (x < y) ||
            le64(a, b).value != (x <= y) ||
            (!nan32 &&
             (eq32(a32, b32).value != (x32 == y32) || lt32(a32, b32).value != (x32 < y32) ||
              le32(a32, b32).value != (x32 <= y32)))) {
            FAIL_CHECK("comparison of ", a, " and ", b);
        }
    }
    CHECK(checked > 15000);
}

TEST_CASE("fmin and fmax return the number when one operand is NaN") {
    const auto expect_result = [](auto actual, auto bits, std::uint8_t flags) {
        CHECK(actual.bits == bits);
        CHECK(actual.flags == flags);
    };
    expect_result(min32(kQuietNan32, kOne32), kOne32, 0);
    expect_result(max32(kOne32, kQuietNan32), kOne32, 0);
    expect_result(min32(kSignalingNan32, kOne32), kOne32, kInvalid);
    expect_result(max32(kQuietNan32, kQuietNan32), kCanonicalNan32, 0);
    expect_result(min32(kSignalingNan32, kQuietNan32), kCanonicalNan32, kInvalid);
    expect_result(min64(kOne64, kQuietNan64), kOne64, 0);
    expect_result(max64(kSignalingNan64, kMinusInfinity64), kMinusInfinity64, kInvalid);
    expect_result(max64(kQuietNan64, kSignalingNan64), kCanonicalNan64, kInvalid);
}

TEST_CASE("fmin and fmax order -0 below +0 and pick the smaller or larger number") {
    const auto expect_result = [](auto actual, auto bits) {
        CHECK(actual.bits == bits);
        CHECK(actual.flags == 0);
    };
    expect_result(min32(kPositiveZero32, kNegativeZero32), kNegativeZero32);
    expect_result(min32(kNegativeZero32, kPositiveZero32), kNegativeZero32);
    expect_result(max32(kNegativeZero32, kPositiveZero32), kPositiveZero32);
    expect_result(max32(kPositiveZero32, kNegativeZero32), kPositiveZero32);
    expect_result(min32(kMinusOne32, kTwo32), kMinusOne32);
    expect_result(max32(kMinusOne32, kTwo32), kTwo32);
    expect_result(min32(0xc0000000, kMinusOne32), 0xc0000000U);
    expect_result(max32(0xc0000000, kMinusOne32), kMinusOne32);
    expect_result(min64(kNegativeZero64, kPositiveZero64), kNegativeZero64);
    expect_result(max64(kNegativeZero64, kPositiveZero64), kPositiveZero64);
    expect_result(min64(kMinusInfinity64, kOne64), kMinusInfinity64);
    expect_result(max64(kMinusInfinity64, kOne64), kOne64);

    std::mt19937_64 random(0xfeed);
    for (int i = 0; i < 20000; ++i) {
        const std::uint64_t a = random();
        const std::uint64_t b = random();
        const double x = std::bit_cast<double>(a);
        const double y = std::bit_cast<double>(b);
        if (x != x || y != y || x == y) {
            continue;
        }
        if (min64(a, b).bits != (x < y ? a : b) || max64(a, b).bits != (x < y ? b : a)) {
            FAIL_CHECK("fmin/fmax of ", a, " and ", b);
        }
    }
}

TEST_CASE("fclass sets exactly one bit per class") {
    CHECK(classify32(0xff800000) == 1U << 0);
    CHECK(classify32(0xbf800000) == 1U << 1);
    CHECK(classify32(0x807fffff) == 1U << 2);
    CHECK(classify32(0x80000000) == 1U << 3);
    CHECK(classify32(0x00000000) == 1U << 4);
    CHECK(classify32(0x00000001) == 1U << 5);
    CHECK(classify32(0x00800000) == 1U << 6);
    CHECK(classify32(0x7f800000) == 1U << 7);
    CHECK(classify32(0x7f800001) == 1U << 8);
    CHECK(classify32(0xffbfffff) == 1U << 8);
    CHECK(classify32(0x7fc00000) == 1U << 9);
    CHECK(classify32(0xffc00001) == 1U << 9);

    CHECK(classify64(0xfff0000000000000) == 1U << 0);
    CHECK(classify64(0x8010000000000000) == 1U << 1);
    CHECK(classify64(0x8000000000000001) == 1U << 2);
    CHECK(classify64(0x8000000000000000) == 1U << 3);
    CHECK(classify64(0x0000000000000000) == 1U << 4);
    CHECK(classify64(0x000fffffffffffff) == 1U << 5);
    CHECK(classify64(0x7fefffffffffffff) == 1U << 6);
    CHECK(classify64(0x7ff0000000000000) == 1U << 7);
    CHECK(classify64(0x7ff7ffffffffffff) == 1U << 8);
    CHECK(classify64(0x7ff8000000000000) == 1U << 9);
}

} // namespace
