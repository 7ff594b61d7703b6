#pragma once
// The integer core of the soft-float. Every operation computes its exact result as a sign, a
// binary exponent and a significand in which bit 0 is "sticky" (ORed with everything discarded
// below it); round_pack then rounds that to the destination format in any rounding mode, so one
// implementation serves RMM as well as the four modes the host hardware can check it in.

#include "fp/floating_point.hpp"
#include "fp/format.hpp"

#include <bit>
#include <cstdint>

namespace xbemu::fp::soft {

__extension__ using UInt128 = unsigned __int128;

// value = (-1)^negative * significand * 2^exponent
struct Unpacked {
    bool negative;
    int exponent;
    std::uint64_t significand;
};

// Shifting right with a sticky bit keeps exactly what rounding needs to know about the discarded
// bits (zero, below half, half, above half) as long as at least two bits separate bit 0 from the
// rounding position.
constexpr std::uint64_t shift_right_jam(std::uint64_t value, int count) {
    if (count <= 0) {
        return value;
    }
    if (count >= 64) {
        return value != 0 ? 1 : 0;
    }
    return (value >> count) | ((value << (64 - count)) != 0 ? 1 : 0);
}

constexpr UInt128 shift_right_jam(UInt128 value, int count) {
    if (count <= 0) {
        return value;
    }
    if (count >= 128) {
        return value != 0 ? 1 : 0;
    }
    return (value >> count) | ((value << (128 - count)) != 0 ? 1 : 0);
}

constexpr int bit_length(UInt128 value) {
    const auto high = static_cast<std::uint64_t>(value >> 64);
    if (high != 0) {
        return 128 - std::countl_zero(high);
    }
    return 64 - std::countl_zero(static_cast<std::uint64_t>(value));
}

// Brings an exact 128-bit significand below 2^63 (the range round_pack works in), folding the
// discarded bits into the sticky bit.
constexpr std::uint64_t narrow_jam(UInt128 significand, int& exponent) {
    const int shift = bit_length(significand) - 63;
    if (shift > 0) {
        exponent += shift;
        return static_cast<std::uint64_t>(shift_right_jam(significand, shift));
    }
    return static_cast<std::uint64_t>(significand);
}

// Whether a magnitude whose kept part has the given parity and whose discarded part is
// `remainder`, out of a unit of 2 * half, is rounded up to the next magnitude.
constexpr bool rounds_away(RoundingMode rm, bool negative, bool odd, std::uint64_t remainder,
                           std::uint64_t half) {
    // Bitwise rather than short-circuit operators: with random data the comparisons are
    // unpredictable, and branches on them would cost more than evaluating all of them.
    switch (rm) {
    case RoundingMode::NearestEven:
        return (remainder > half) | ((remainder == half) & odd);
    case RoundingMode::TowardZero:
        return false;
    case RoundingMode::Down:
        return negative & (remainder != 0);
    case RoundingMode::Up:
        return !negative & (remainder != 0);
    case RoundingMode::NearestMaxMagnitude:
        return remainder >= half;
    }
    return false;
}

// A finite nonzero operand with its significand normalized so that the leading one is at bit
// kFractionBits, subnormals included.
template <class Format> constexpr Unpacked unpack(typename Format::Bits x) {
    const int biased = Format::biased_exponent(x);
    std::uint64_t significand = x & Format::kFractionMask;
    int exponent = 1 - Format::kBias - Format::kFractionBits;
    if (biased != 0) {
        significand |= Format::kHiddenBit;
        exponent = biased - Format::kBias - Format::kFractionBits;
    } else {
        const int shift = std::countl_zero(significand) - (63 - Format::kFractionBits);
        significand <<= shift;
        exponent -= shift;
    }
    return {Format::is_negative(x), exponent, significand};
}

template <class Format>
constexpr typename Format::Bits overflow_result(bool negative, RoundingMode rm) {
    const bool to_infinity =
        rm == RoundingMode::NearestEven || rm == RoundingMode::NearestMaxMagnitude ||
        (rm == RoundingMode::Down && negative) || (rm == RoundingMode::Up && !negative);
    return Format::sign_bit(negative) | (to_infinity ? Format::kInfinity : Format::kLargestFinite);
}

struct RoundedSignificand {
    std::uint64_t value;
    bool inexact;
};

constexpr RoundedSignificand round_significand(std::uint64_t significand, int discarded_bits,
                                               bool negative, RoundingMode rm) {
    const std::uint64_t kept = significand >> discarded_bits;
    const std::uint64_t remainder = significand & ((std::uint64_t{1} << discarded_bits) - 1);
    const std::uint64_t half = std::uint64_t{1} << (discarded_bits - 1);
    const bool away = rounds_away(rm, negative, (kept & 1) != 0, remainder, half);
    return {kept + (away ? 1 : 0), remainder != 0};
}

// Rounds the nonzero value (-1)^negative * significand * 2^exponent to Format, with tininess
// detected after rounding and underflow signalled only for tiny inexact results, as RISC-V
// requires.
template <class Format>
constexpr typename Format::Bits round_pack(bool negative, int exponent, std::uint64_t significand,
                                           RoundingMode rm, std::uint8_t& flags) {
    using Bits = typename Format::Bits;
    // Normalize so that the leading one sits at bit 62: the bit above it absorbs the carry of
    // rounding up.
    const int leading_zeros = std::countl_zero(significand);
    if (leading_zeros == 0) {
        significand = shift_right_jam(significand, 1);
        exponent += 1;
    } else {
        significand <<= leading_zeros - 1;
        exponent -= leading_zeros - 1;
    }
    constexpr int kDiscardedBits = 63 - Format::kPrecision;
    int biased = exponent + 62 + Format::kBias;
    const Bits sign = Format::sign_bit(negative);

    if (biased >= 1) {
        auto [rounded, inexact] = round_significand(significand, kDiscardedBits, negative, rm);
        if ((rounded >> Format::kPrecision) != 0) {
            rounded >>= 1;
            ++biased;
        }
        if (biased >= Format::kMaxBiasedExponent) {
            flags |= kOverflow | kInexact;
            return overflow_result<Format>(negative, rm);
        }
        if (inexact) {
            flags |= kInexact;
        }
        // The implicit bit of `rounded` adds the missing 1 to the exponent field.
        return sign | ((static_cast<Bits>(biased - 1) << Format::kFractionBits) +
                       static_cast<Bits>(rounded));
    }

    // Tiny unless rounding to full precision with an unbounded exponent carries up to the
    // smallest normal.
    const bool tiny =
        biased < 0 || (round_significand(significand, kDiscardedBits, negative, rm).value >>
                       Format::kPrecision) == 0;
    const auto [rounded, inexact] =
        round_significand(shift_right_jam(significand, 1 - biased), kDiscardedBits, negative, rm);
    if (inexact) {
        flags |= kInexact | (tiny ? kUnderflow : 0);
    }
    // A carry into bit kFractionBits produces the smallest normal's encoding by itself.
    return sign | static_cast<Bits>(rounded);
}

} // namespace xbemu::fp::soft
