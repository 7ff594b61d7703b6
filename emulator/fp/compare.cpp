// Comparisons, fmin/fmax and fclass. They are exact and mode-independent, so they work on the bit
// patterns directly: for two non-NaN values of the same sign, the order of the magnitudes is the
// order of the encodings.

#include "fp/floating_point.hpp"
#include "fp/format.hpp"

#include <type_traits>

namespace xbemu::fp {
namespace {

template <class Format>
using ResultOf = std::conditional_t<std::is_same_v<Format, Binary32>, Result32, Result64>;

template <class Format> bool either_signaling(typename Format::Bits a, typename Format::Bits b) {
    return Format::is_signaling_nan(a) || Format::is_signaling_nan(b);
}

// a < b for non-NaN operands, with -0 ordered below +0 (the order fmin/fmax need).
template <class Format> bool totally_less(typename Format::Bits a, typename Format::Bits b) {
    const bool a_negative = Format::is_negative(a);
    if (a_negative != Format::is_negative(b)) {
        return a_negative;
    }
    return a_negative ? a > b : a < b;
}

template <class Format> bool both_zero(typename Format::Bits a, typename Format::Bits b) {
    return Format::is_zero(a) && Format::is_zero(b);
}

template <class Format>
ResultOf<Format> min_or_max(typename Format::Bits a, typename Format::Bits b, bool maximum) {
    const std::uint8_t flags = either_signaling<Format>(a, b) ? kInvalid : 0;
    if (Format::is_nan(a)) {
        return {Format::is_nan(b) ? Format::kCanonicalNan : b, flags};
    }
    if (Format::is_nan(b)) {
        return {a, flags};
    }
    const bool a_first = totally_less<Format>(a, b) != maximum;
    return {a_first ? a : b, flags};
}

template <class Format> CompareResult equal(typename Format::Bits a, typename Format::Bits b) {
    if (Format::is_nan(a) || Format::is_nan(b)) {
        return {false, either_signaling<Format>(a, b) ? kInvalid : std::uint8_t{0}};
    }
    return {a == b || both_zero<Format>(a, b), 0};
}

template <class Format> CompareResult less(typename Format::Bits a, typename Format::Bits b) {
    if (Format::is_nan(a) || Format::is_nan(b)) {
        return {false, kInvalid};
    }
    return {!both_zero<Format>(a, b) && totally_less<Format>(a, b), 0};
}

template <class Format>
CompareResult less_or_equal(typename Format::Bits a, typename Format::Bits b) {
    if (Format::is_nan(a) || Format::is_nan(b)) {
        return {false, kInvalid};
    }
    return {both_zero<Format>(a, b) || !totally_less<Format>(b, a), 0};
}

template <class Format> std::uint32_t classify(typename Format::Bits a) {
    const bool negative = Format::is_negative(a);
    if (Format::is_nan(a)) {
        return Format::is_signaling_nan(a) ? 1U << 8 : 1U << 9;
    }
    if (Format::is_infinity(a)) {
        return negative ? 1U << 0 : 1U << 7;
    }
    if (Format::is_zero(a)) {
        return negative ? 1U << 3 : 1U << 4;
    }
    if (Format::biased_exponent(a) == 0) {
        return negative ? 1U << 2 : 1U << 5;
    }
    return negative ? 1U << 1 : 1U << 6;
}

} // namespace

Result32 min32(std::uint32_t a, std::uint32_t b) {
    return min_or_max<Binary32>(a, b, false);
}
Result32 max32(std::uint32_t a, std::uint32_t b) {
    return min_or_max<Binary32>(a, b, true);
}
CompareResult eq32(std::uint32_t a, std::uint32_t b) {
    return equal<Binary32>(a, b);
}
CompareResult lt32(std::uint32_t a, std::uint32_t b) {
    return less<Binary32>(a, b);
}
CompareResult le32(std::uint32_t a, std::uint32_t b) {
    return less_or_equal<Binary32>(a, b);
}
std::uint32_t classify32(std::uint32_t a) {
    return classify<Binary32>(a);
}

Result64 min64(std::uint64_t a, std::uint64_t b) {
    return min_or_max<Binary64>(a, b, false);
}
Result64 max64(std::uint64_t a, std::uint64_t b) {
    return min_or_max<Binary64>(a, b, true);
}
CompareResult eq64(std::uint64_t a, std::uint64_t b) {
    return equal<Binary64>(a, b);
}
CompareResult lt64(std::uint64_t a, std::uint64_t b) {
    return less<Binary64>(a, b);
}
CompareResult le64(std::uint64_t a, std::uint64_t b) {
    return less_or_equal<Binary64>(a, b);
}
std::uint32_t classify64(std::uint64_t a) {
    return classify<Binary64>(a);
}

} // namespace xbemu::fp
