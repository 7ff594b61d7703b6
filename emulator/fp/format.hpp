#pragma once
// Bit-level description of the IEEE-754 binary interchange formats used by the F and D
// extensions, shared by the host and the integer (soft-float) implementations.

#include "fp/floating_point.hpp"

#include <cstdint>

namespace xbemu::fp {

template <class BitsType, int precision, int exponent_bits> struct BinaryFormat {
    using Bits = BitsType;
    // Significand bits including the implicit leading one.
    static constexpr int kPrecision = precision;
    static constexpr int kFractionBits = precision - 1;
    static constexpr int kWidth = static_cast<int>(sizeof(Bits)) * 8;
    static constexpr int kBias = (1 << (exponent_bits - 1)) - 1;
    static constexpr int kMaxBiasedExponent = (1 << exponent_bits) - 1;

    static constexpr Bits kSignMask = Bits{1} << (kWidth - 1);
    static constexpr Bits kExponentMask = static_cast<Bits>(kMaxBiasedExponent) << kFractionBits;
    static constexpr Bits kFractionMask = (Bits{1} << kFractionBits) - 1;
    static constexpr Bits kHiddenBit = Bits{1} << kFractionBits;
    static constexpr Bits kQuietBit = Bits{1} << (kFractionBits - 1);
    static constexpr Bits kInfinity = kExponentMask;
    static constexpr Bits kLargestFinite = kExponentMask - 1;
    static constexpr Bits kCanonicalNan = kExponentMask | kQuietBit;

    static constexpr bool is_negative(Bits x) { return (x & kSignMask) != 0; }
    static constexpr Bits magnitude(Bits x) { return x & ~kSignMask; }
    static constexpr bool is_nan(Bits x) { return magnitude(x) > kExponentMask; }
    static constexpr bool is_signaling_nan(Bits x) { return is_nan(x) && (x & kQuietBit) == 0; }
    static constexpr bool is_infinity(Bits x) { return magnitude(x) == kExponentMask; }
    static constexpr bool is_zero(Bits x) { return magnitude(x) == 0; }
    static constexpr int biased_exponent(Bits x) {
        return static_cast<int>((x & kExponentMask) >> kFractionBits);
    }
    static constexpr Bits sign_bit(bool negative) { return negative ? kSignMask : Bits{0}; }
    static constexpr Bits canonicalize(Bits x) { return is_nan(x) ? kCanonicalNan : x; }
};

using Binary32 = BinaryFormat<std::uint32_t, 24, 8>;
using Binary64 = BinaryFormat<std::uint64_t, 53, 11>;

static_assert(Binary32::kCanonicalNan == kCanonicalNan32);
static_assert(Binary64::kCanonicalNan == kCanonicalNan64);

} // namespace xbemu::fp
