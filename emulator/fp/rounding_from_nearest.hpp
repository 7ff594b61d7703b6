#pragma once
// Turns a host result rounded to nearest-even, plus the sign of its rounding error, into the
// result and flags of any RISC-V rounding mode. The directed modes' result is the nearest one or
// its neighbour on the side of the exact value, and RMM differs from RNE only on a tie that RNE
// resolved toward zero.

#include "fp/floating_point.hpp"
#include "fp/format.hpp"
#include "fp/soft_rounding.hpp"

#include <bit>
#include <cstdint>

namespace xbemu::fp::host {

// Binary64 results whose magnitude lies in [2^-960, 2^1022): there every rounding mode gives a
// normal number next to the nearest one, so neither underflow nor overflow can occur, and the
// error terms of products, quotients and square roots are exactly representable.
inline constexpr std::uint64_t kComfortableLow = std::uint64_t{63} << Binary64::kFractionBits;
inline constexpr std::uint64_t kComfortableHigh = std::uint64_t{2045} << Binary64::kFractionBits;

inline bool comfortably_normal(double x) {
    const std::uint64_t magnitude = Binary64::magnitude(std::bit_cast<std::uint64_t>(x));
    return magnitude - kComfortableLow < kComfortableHigh - kComfortableLow;
}

// Whether |error| is half an ulp of a comfortably normal `nearest`.
inline bool is_half_ulp(double nearest, double error) {
    const auto biased = static_cast<std::uint64_t>(
        Binary64::biased_exponent(std::bit_cast<std::uint64_t>(nearest)));
    const std::uint64_t half_ulp = (biased - Binary64::kPrecision) << Binary64::kFractionBits;
    return Binary64::magnitude(std::bit_cast<std::uint64_t>(error)) == half_ulp;
}

// `nearest` is comfortably normal; the exact result is nearest + e with sign(e) = error_sign,
// and `tie` says whether |e| is exactly half an ulp of `nearest`.
inline Result64 from_nearest(double nearest, int error_sign, bool tie, RoundingMode rm) {
    const auto bits = std::bit_cast<std::uint64_t>(nearest);
    if (error_sign == 0) {
        return {bits, 0};
    }
    const bool negative = Binary64::is_negative(bits);
    // Whether the exact result has a larger magnitude than `nearest`.
    const bool beyond = (error_sign > 0) != negative;
    // Adding one to the encoding moves one ulp away from zero, subtracting one toward it.
    std::int64_t step = 0;
    switch (rm) {
    case RoundingMode::NearestEven:
        break;
    case RoundingMode::TowardZero:
        step = beyond ? 0 : -1;
        break;
    case RoundingMode::Down:
        step = error_sign < 0 ? (negative ? 1 : -1) : 0;
        break;
    case RoundingMode::Up:
        step = error_sign > 0 ? (negative ? -1 : 1) : 0;
        break;
    case RoundingMode::NearestMaxMagnitude:
        step = tie && beyond ? 1 : 0;
        break;
    }
    return {bits + static_cast<std::uint64_t>(step), kInexact};
}

// Rounds a nonzero finite binary64 value, whose exact counterpart is value + e with
// sign(e) = error_sign and |e| far below the value's ulp, to binary32 in any mode.
inline Result32 narrow(double value, int error_sign, RoundingMode rm) {
    soft::Unpacked x = soft::unpack<Binary64>(std::bit_cast<std::uint64_t>(value));
    // Two extra bits make room for a sticky bit on either side of the value without reaching
    // the binary32 rounding position.
    x.significand <<= 2;
    x.exponent -= 2;
    if (error_sign != 0) {
        const bool beyond = (error_sign > 0) != x.negative;
        x.significand = beyond ? x.significand + 1 : x.significand - 1;
    }
    std::uint8_t flags = 0;
    const std::uint32_t bits =
        soft::round_pack<Binary32>(x.negative, x.exponent, x.significand, rm, flags);
    return {bits, flags};
}

} // namespace xbemu::fp::host
