// Conversions between integers and floating point, and from binary32 to binary64. They are exact
// integer computations in every rounding mode: each is a shift plus one rounding decision, and
// the RISC-V saturation rules differ from x86's "integer indefinite" results anyway.

#include "fp/floating_point.hpp"
#include "fp/format.hpp"
#include "fp/soft_rounding.hpp"

#include <limits>
#include <type_traits>

namespace xbemu::fp {
namespace {

using soft::round_significand;
using soft::unpack;
using soft::Unpacked;

template <class Format>
using ResultOf = std::conditional_t<std::is_same_v<Format, Binary32>, Result32, Result64>;

// fcvt.w[u] writes 32-bit results sign-extended, unsigned ones included.
template <class Integer> std::uint64_t register_value(Integer value) {
    if constexpr (sizeof(Integer) == 4) {
        return static_cast<std::uint64_t>(
            static_cast<std::int64_t>(static_cast<std::int32_t>(value)));
    } else {
        return static_cast<std::uint64_t>(value);
    }
}

template <class Format, class Integer>
IntegerResult to_integer(typename Format::Bits a, RoundingMode rm) {
    using Limits = std::numeric_limits<Integer>;
    const IntegerResult too_large{register_value(Limits::max()), kInvalid};
    const IntegerResult too_small{register_value(Limits::min()), kInvalid};
    const bool negative = Format::is_negative(a);
    if (Format::is_nan(a)) {
        return too_large;
    }
    if (Format::is_infinity(a)) {
        return negative ? too_small : too_large;
    }
    if (Format::is_zero(a)) {
        return {0, 0};
    }

    const Unpacked x = unpack<Format>(a);
    std::uint64_t magnitude = 0;
    bool inexact = false;
    if (x.exponent >= 0) {
        if (x.exponent > 64 - Format::kPrecision) {
            return negative ? too_small : too_large;
        }
        magnitude = x.significand << x.exponent;
    } else {
        std::uint64_t significand = x.significand;
        int discarded_bits = -x.exponent;
        // Below 2^-10 every such value rounds like any other value strictly between 0 and 1/2.
        if (discarded_bits > 63) {
            significand = 1;
            discarded_bits = 63;
        }
        const auto rounded = round_significand(significand, discarded_bits, negative, rm);
        magnitude = rounded.value;
        inexact = rounded.inexact;
    }

    std::uint64_t value = magnitude;
    if constexpr (Limits::is_signed) {
        const auto limit = static_cast<std::uint64_t>(Limits::max()) + (negative ? 1 : 0);
        if (magnitude > limit) {
            return negative ? too_small : too_large;
        }
        value = negative ? 0 - magnitude : magnitude;
    } else {
        if (negative && magnitude != 0) {
            return too_small;
        }
        if (magnitude > Limits::max()) {
            return too_large;
        }
    }
    return {register_value(static_cast<Integer>(value)), inexact ? kInexact : std::uint8_t{0}};
}

template <class Format>
ResultOf<Format> from_integer(bool negative, std::uint64_t magnitude, RoundingMode rm) {
    if (magnitude == 0) {
        return {0, 0};
    }
    std::uint8_t flags = 0;
    const auto bits = soft::round_pack<Format>(negative, 0, magnitude, rm, flags);
    return {bits, flags};
}

template <class Format> ResultOf<Format> from_signed(std::int64_t value, RoundingMode rm) {
    const auto bits = static_cast<std::uint64_t>(value);
    return from_integer<Format>(value < 0, value < 0 ? 0 - bits : bits, rm);
}

std::int64_t low_word_signed(std::uint64_t a) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(a));
}

std::uint64_t low_word_unsigned(std::uint64_t a) {
    return static_cast<std::uint32_t>(a);
}

} // namespace

IntegerResult f32_to_i32(std::uint32_t a, RoundingMode rm) {
    return to_integer<Binary32, std::int32_t>(a, rm);
}
IntegerResult f32_to_u32(std::uint32_t a, RoundingMode rm) {
    return to_integer<Binary32, std::uint32_t>(a, rm);
}
IntegerResult f32_to_i64(std::uint32_t a, RoundingMode rm) {
    return to_integer<Binary32, std::int64_t>(a, rm);
}
IntegerResult f32_to_u64(std::uint32_t a, RoundingMode rm) {
    return to_integer<Binary32, std::uint64_t>(a, rm);
}
IntegerResult f64_to_i32(std::uint64_t a, RoundingMode rm) {
    return to_integer<Binary64, std::int32_t>(a, rm);
}
IntegerResult f64_to_u32(std::uint64_t a, RoundingMode rm) {
    return to_integer<Binary64, std::uint32_t>(a, rm);
}
IntegerResult f64_to_i64(std::uint64_t a, RoundingMode rm) {
    return to_integer<Binary64, std::int64_t>(a, rm);
}
IntegerResult f64_to_u64(std::uint64_t a, RoundingMode rm) {
    return to_integer<Binary64, std::uint64_t>(a, rm);
}

Result32 i32_to_f32(std::uint64_t a, RoundingMode rm) {
    return from_signed<Binary32>(low_word_signed(a), rm);
}
Result32 u32_to_f32(std::uint64_t a, RoundingMode rm) {
    return from_integer<Binary32>(false, low_word_unsigned(a), rm);
}
Result32 i64_to_f32(std::uint64_t a, RoundingMode rm) {
    return from_signed<Binary32>(static_cast<std::int64_t>(a), rm);
}
Result32 u64_to_f32(std::uint64_t a, RoundingMode rm) {
    return from_integer<Binary32>(false, a, rm);
}
Result64 i32_to_f64(std::uint64_t a, RoundingMode rm) {
    return from_signed<Binary64>(low_word_signed(a), rm);
}
Result64 u32_to_f64(std::uint64_t a, RoundingMode rm) {
    return from_integer<Binary64>(false, low_word_unsigned(a), rm);
}
Result64 i64_to_f64(std::uint64_t a, RoundingMode rm) {
    return from_signed<Binary64>(static_cast<std::int64_t>(a), rm);
}
Result64 u64_to_f64(std::uint64_t a, RoundingMode rm) {
    return from_integer<Binary64>(false, a, rm);
}

Result64 f32_to_f64(std::uint32_t a) {
    if (Binary32::is_nan(a)) {
        return {kCanonicalNan64, Binary32::is_signaling_nan(a) ? kInvalid : std::uint8_t{0}};
    }
    const std::uint64_t sign = Binary64::sign_bit(Binary32::is_negative(a));
    if (Binary32::is_infinity(a)) {
        return {sign | Binary64::kInfinity, 0};
    }
    if (Binary32::is_zero(a)) {
        return {sign, 0};
    }
    // Every binary32 value, subnormals included, is a normal binary64 value.
    const Unpacked x = unpack<Binary32>(a);
    const auto biased =
        static_cast<std::uint64_t>(x.exponent + Binary32::kFractionBits + Binary64::kBias);
    const std::uint64_t fraction = (x.significand & Binary32::kFractionMask)
                                   << (Binary64::kFractionBits - Binary32::kFractionBits);
    return {sign | (biased << Binary64::kFractionBits) | fraction, 0};
}

} // namespace xbemu::fp
