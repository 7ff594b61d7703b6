// Integer <-> floating-point and binary32 <-> binary64 conversions, against the C library
// rounding functions under fesetround (and std::round, which rounds ties away from zero like
// RMM), plus the RISC-V saturation and sign-extension rules.

#include "fp/floating_point.hpp"

#include <array>
#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <doctest/doctest.h>
#include <fmt/format.h>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using namespace xbemu::fp;

constexpr std::array kAllModes{RoundingMode::NearestEven, RoundingMode::TowardZero,
                               RoundingMode::Down, RoundingMode::Up,
                               RoundingMode::NearestMaxMagnitude};

int host_mode(RoundingMode rm) {
    switch (rm) {
    case RoundingMode::TowardZero:
        return FE_TOWARDZERO;
    case RoundingMode::Down:
        return FE_DOWNWARD;
    case RoundingMode::Up:
        return FE_UPWARD;
    default:
        return FE_TONEAREST;
    }
}

// The volatile accesses keep the rounding operation between the two fesetround calls.
double round_to_integral(double x, RoundingMode rm) {
    if (rm == RoundingMode::NearestMaxMagnitude) {
        return std::round(x);
    }
    std::fesetround(host_mode(rm));
    volatile double input = x;
    volatile double output = std::nearbyint(input);
    std::fesetround(FE_TONEAREST);
    return output;
}

template <class Integer> std::uint64_t register_value(Integer value) {
    if constexpr (sizeof(Integer) == 4) {
        return static_cast<std::uint64_t>(
            static_cast<std::int64_t>(static_cast<std::int32_t>(value)));
    } else {
        return static_cast<std::uint64_t>(value);
    }
}

template <class Integer> IntegerResult expected_integer(double x, RoundingMode rm) {
    using Limits = std::numeric_limits<Integer>;
    const IntegerResult too_large{register_value(Limits::max()), kInvalid};
    const IntegerResult too_small{register_value(Limits::min()), kInvalid};
    if (std::isnan(x)) {
        return too_large;
    }
    const double rounded = round_to_integral(x, rm);
    // 2^(bits - 1) for signed types and 2^bits for unsigned ones: both exact doubles.
    const double limit = std::ldexp(1.0, Limits::digits);
    if (rounded >= limit) {
        return too_large;
    }
    if (rounded < static_cast<double>(Limits::min())) {
        return too_small;
    }
    return {register_value(static_cast<Integer>(rounded)),
            rounded != x ? kInexact : std::uint8_t{0}};
}

// Doubles around the places where conversions change behaviour: halves and quarters of integers
// of every size, the neighbours of the 32- and 64-bit limits, and arbitrary bit patterns.
std::vector<double> conversion_inputs() {
    std::vector<double> inputs{0.0,
                               -0.0,
                               0.5,
                               -0.5,
                               1.5,
                               -1.5,
                               2.5,
                               -2.5,
                               0.49999999999999994,
                               std::numeric_limits<double>::denorm_min(),
                               -std::numeric_limits<double>::denorm_min(),
                               std::numeric_limits<double>::infinity(),
                               -std::numeric_limits<double>::infinity(),
                               std::numeric_limits<double>::quiet_NaN(),
                               std::bit_cast<double>(std::uint64_t{0x7ff4000000000000}),
                               std::bit_cast<double>(std::uint64_t{0xfff8000000000000})};
    for (const int power : {31, 32, 63, 64}) {
        for (const double sign : {1.0, -1.0}) {
            const double limit = sign * std::ldexp(1.0, power);
            double below = limit;
            double above = limit;
            for (int step = 0; step < 4; ++step) {
                inputs.push_back(below);
                inputs.push_back(above);
                below = std::nextafter(below, 0.0);
                above = std::nextafter(above, sign * HUGE_VAL);
            }
            for (const double offset : {-1.5, -1.0, -0.5, 0.5, 1.0, 1.5}) {
                inputs.push_back(limit + offset);
            }
        }
    }
    std::mt19937_64 random(0xc0de);
    for (int i = 0; i < 4000; ++i) {
        const int bits = static_cast<int>(random() % 66);
        const double integer = std::ldexp(static_cast<double>(random() >> 11), bits - 53);
        const std::array fractions{0.0, 0.25, 0.5, 0.75,
                                   static_cast<double>(random() >> 11) * 0x1p-53};
        const double value = std::floor(integer) + fractions[random() % fractions.size()];
        inputs.push_back((random() & 1) != 0 ? -value : value);
        inputs.push_back(std::bit_cast<double>(random()));
    }
    return inputs;
}

class Mismatches {
public:
    void compare(const std::string& operation, const IntegerResult& expected,
                 const IntegerResult& actual) {
        ++cases_;
        flags_seen_ |= expected.flags;
        if (expected.value != actual.value || expected.flags != actual.flags) {
            if (count_++ < 8) {
                report_ += fmt::format("{}: expected {:#x} flags {:#x}, got {:#x} flags {:#x}\n",
                                       operation, expected.value, expected.flags, actual.value,
                                       actual.flags);
            }
        }
    }
    template <class Result>
    void compare(const std::string& operation, const Result& expected, const Result& actual) {
        compare(operation, IntegerResult{expected.bits, expected.flags},
                IntegerResult{actual.bits, actual.flags});
    }
    int count() const { return count_; }
    int cases() const { return cases_; }
    std::uint8_t flags_seen() const { return flags_seen_; }
    const std::string& report() const { return report_; }

private:
    int count_ = 0;
    int cases_ = 0;
    std::uint8_t flags_seen_ = 0;
    std::string report_;
};

TEST_CASE("float to integer conversions round, saturate and flag like the reference") {
    const std::vector<double> inputs = conversion_inputs();
    Mismatches mismatches;
    for (const RoundingMode rm : kAllModes) {
        for (const double x : inputs) {
            const auto a = std::bit_cast<std::uint64_t>(x);
            const std::string name = fmt::format("mode {} input {:#x}", static_cast<int>(rm), a);
            mismatches.compare("f64_to_i32 " + name, expected_integer<std::int32_t>(x, rm),
                               f64_to_i32(a, rm));
            mismatches.compare("f64_to_u32 " + name, expected_integer<std::uint32_t>(x, rm),
                               f64_to_u32(a, rm));
            mismatches.compare("f64_to_i64 " + name, expected_integer<std::int64_t>(x, rm),
                               f64_to_i64(a, rm));
            mismatches.compare("f64_to_u64 " + name, expected_integer<std::uint64_t>(x, rm),
                               f64_to_u64(a, rm));
            // Inputs that binary32 represents exactly go through the binary32 conversions too.
            const Result32 narrowed = f64_to_f32(a, RoundingMode::NearestEven);
            if (std::isnan(x) || narrowed.flags != 0) {
                continue;
            }
            const std::uint32_t a32 = narrowed.bits;
            mismatches.compare("f32_to_i32 " + name, expected_integer<std::int32_t>(x, rm),
                               f32_to_i32(a32, rm));
            mismatches.compare("f32_to_u32 " + name, expected_integer<std::uint32_t>(x, rm),
                               f32_to_u32(a32, rm));
            mismatches.compare("f32_to_i64 " + name, expected_integer<std::int64_t>(x, rm),
                               f32_to_i64(a32, rm));
            mismatches.compare("f32_to_u64 " + name, expected_integer<std::uint64_t>(x, rm),
                               f32_to_u64(a32, rm));
        }
    }
    CHECK_MESSAGE(mismatches.count() == 0, mismatches.report());
    CHECK(mismatches.flags_seen() == (kInvalid | kInexact));
    CHECK(mismatches.cases() > 100000);
}

TEST_CASE("float to integer conversions follow the RISC-V saturation rules") {
    const auto expect = [](IntegerResult actual, std::uint64_t value, std::uint8_t flags) {
        CHECK(actual.value == value);
        CHECK(actual.flags == flags);
    };
    constexpr auto rne = RoundingMode::NearestEven;
    // fcvt.wu.s of 3e9 writes the 32-bit result sign-extended.
    expect(f32_to_u32(0x4f32d05e, rne), 0xffffffffb2d05e00, 0);
    expect(f32_to_i32(0x7fc00000, rne), 0x7fffffff, kInvalid);
    expect(f32_to_u32(0xffc00000, rne), 0xffffffffffffffff, kInvalid);
    expect(f64_to_i64(0xfff8000000000000, rne), 0x7fffffffffffffff, kInvalid);
    expect(f64_to_u64(0x7ff4000000000000, rne), 0xffffffffffffffff, kInvalid);
    expect(f32_to_i32(0xff800000, rne), 0xffffffff80000000, kInvalid);
    expect(f32_to_u64(0xff800000, rne), 0, kInvalid);
    expect(f64_to_i32(0x7ff0000000000000, rne), 0x7fffffff, kInvalid);
    expect(f64_to_u32(0xbff0000000000000, rne), 0, kInvalid);
    expect(f64_to_i64(0xc3e0000000000000, rne), 0x8000000000000000, 0);
    expect(f64_to_i64(0x43e0000000000000, rne), 0x7fffffffffffffff, kInvalid);
    expect(f64_to_u64(0x43efffffffffffff, rne), 0xfffffffffffff800, 0);
    expect(f64_to_u64(0x43f0000000000000, rne), 0xffffffffffffffff, kInvalid);
    expect(f64_to_i32(0xc1e0000000000000, rne), 0xffffffff80000000, 0);
    expect(f64_to_u32(0x41effffffff00000, RoundingMode::TowardZero), 0xffffffffffffffff, kInexact);
    expect(f64_to_u32(0x41effffffff00000, RoundingMode::Up), 0xffffffffffffffff, kInvalid);
    expect(f32_to_i64(0x5f000000, rne), 0x7fffffffffffffff, kInvalid);
    expect(f32_to_i64(0xdf000000, rne), 0x8000000000000000, 0);
    // -0.75 truncates to 0, but rounds down to -1, which an unsigned integer cannot hold.
    expect(f64_to_u64(0xbfe8000000000000, RoundingMode::TowardZero), 0, kInexact);
    expect(f64_to_u64(0xbfe8000000000000, RoundingMode::Down), 0, kInvalid);
    expect(f64_to_u64(0x8000000000000000, rne), 0, 0);
}

template <class Float, class Integer>
Float convert_in_host_mode(Integer value, RoundingMode rm, bool& inexact) {
    std::fesetround(host_mode(rm));
    std::feclearexcept(FE_ALL_EXCEPT);
    volatile Integer input = value;
    volatile Float output = static_cast<Float>(input);
    inexact = std::fetestexcept(FE_INEXACT) != 0;
    std::fesetround(FE_TONEAREST);
    return output;
}

__extension__ using Int128 = __int128;

// The host rounds in RNE, RTZ, RDN and RUP; RMM is the RNE result except on an exact tie, which
// is decided exactly in 128-bit integers from the two neighbours.
template <class Float, class Integer>
Float expected_float(Integer value, RoundingMode rm, std::uint8_t& flags) {
    bool inexact = false;
    Float result = convert_in_host_mode<Float>(value, rm, inexact);
    flags = inexact ? kInexact : 0;
    if (rm == RoundingMode::NearestMaxMagnitude && inexact) {
        bool ignored = false;
        const Float toward_zero =
            convert_in_host_mode<Float>(value, RoundingMode::TowardZero, ignored);
        const Float away = convert_in_host_mode<Float>(
            value, value < 0 ? RoundingMode::Down : RoundingMode::Up, ignored);
        if (static_cast<Int128>(toward_zero) + static_cast<Int128>(away) ==
            2 * static_cast<Int128>(value)) {
            result = away;
        }
    }
    return result;
}

std::vector<std::uint64_t> integer_inputs() {
    std::vector<std::uint64_t> inputs{
        0,          1,          0xffffffffffffffff, 0x8000000000000000, 0x7fffffffffffffff,
        0x80000000, 0x7fffffff, 0xffffffff};
    std::mt19937_64 random(0xabcd);
    for (int i = 0; i < 4000; ++i) {
        const int bits = 1 + static_cast<int>(random() % 64);
        std::uint64_t value = random() >> (64 - bits);
        // Clear a random number of low bits and maybe set the one just below the precision, to
        // make exact values and ties common.
        if ((i & 1) != 0) {
            const int clear = static_cast<int>(random() % bits);
            value &= ~((std::uint64_t{1} << clear) - 1);
            if (clear > 0) {
                value |= std::uint64_t{1} << (clear - 1);
            }
        }
        inputs.push_back(value);
        inputs.push_back(0 - value);
        inputs.push_back(value ^ (random() << 32));
    }
    return inputs;
}

TEST_CASE("integer to float conversions round like the host, and RMM rounds ties away") {
    Mismatches mismatches;
    for (const RoundingMode rm : kAllModes) {
        for (const std::uint64_t x : integer_inputs()) {
            const std::string name = fmt::format("mode {} input {:#x}", static_cast<int>(rm), x);
            const auto check32 = [&](const char* operation, auto value, Result32 actual) {
                std::uint8_t flags = 0;
                const float expected = expected_float<float>(value, rm, flags);
                mismatches.compare(std::string(operation) + name,
                                   Result32{std::bit_cast<std::uint32_t>(expected), flags}, actual);
            };
            const auto check64 = [&](const char* operation, auto value, Result64 actual) {
                std::uint8_t flags = 0;
                const double expected = expected_float<double>(value, rm, flags);
                mismatches.compare(std::string(operation) + name,
                                   Result64{std::bit_cast<std::uint64_t>(expected), flags}, actual);
            };
            const auto low_signed = static_cast<std::int32_t>(static_cast<std::uint32_t>(x));
            const auto low_unsigned = static_cast<std::uint32_t>(x);
            check32("i32_to_f32 ", low_signed, i32_to_f32(x, rm));
            check32("u32_to_f32 ", low_unsigned, u32_to_f32(x, rm));
            check32("i64_to_f32 ", static_cast<std::int64_t>(x), i64_to_f32(x, rm));
            check32("u64_to_f32 ", x, u64_to_f32(x, rm));
            check64("i32_to_f64 ", low_signed, i32_to_f64(x, rm));
            check64("u32_to_f64 ", low_unsigned, u32_to_f64(x, rm));
            check64("i64_to_f64 ", static_cast<std::int64_t>(x), i64_to_f64(x, rm));
            check64("u64_to_f64 ", x, u64_to_f64(x, rm));
        }
    }
    CHECK_MESSAGE(mismatches.count() == 0, mismatches.report());
    CHECK(mismatches.flags_seen() == kInexact);
}

TEST_CASE("32-bit integer sources use only the low word of the register") {
    CHECK(i32_to_f32(0xdeadbeef00000001, RoundingMode::NearestEven).bits == 0x3f800000);
    CHECK(u32_to_f64(0x12345678ffffffff, RoundingMode::NearestEven).bits == 0x41efffffffe00000);
    CHECK(i32_to_f64(0x00000000ffffffff, RoundingMode::NearestEven).bits == 0xbff0000000000000);
}

TEST_CASE("binary32 to binary64 is exact") {
    std::mt19937_64 random(0x3264);
    int checked = 0;
    for (int i = 0; i < 20000; ++i) {
        const auto a = static_cast<std::uint32_t>(random() >> ((i & 1) != 0 ? 41 : 32));
        const auto x = std::bit_cast<float>(a);
        if (std::isnan(x)) {
            continue;
        }
        ++checked;
        const Result64 result = f32_to_f64(a);
        if (result.bits != std::bit_cast<std::uint64_t>(static_cast<double>(x)) ||
            result.flags != 0) {
            FAIL_CHECK("f32_to_f64 of ", a);
        }
    }
    CHECK(checked > 19000);
    CHECK(f32_to_f64(0x80000001).bits == 0xb6a0000000000000);
    CHECK(f32_to_f64(0xff800000).bits == 0xfff0000000000000);
    CHECK(f32_to_f64(0x80000000).bits == 0x8000000000000000);
}

} // namespace
