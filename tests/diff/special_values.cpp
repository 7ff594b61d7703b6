#include "special_values.hpp"

#include <array>

namespace xbemu::random_program {

namespace {

constexpr std::array<std::uint64_t, 16> boundary_integers = {
    0x0000000000000000, 0x0000000000000001, 0xffffffffffffffff, 0x0000000000000002,
    0x8000000000000000, 0x7fffffffffffffff, 0xffffffff80000000, 0x000000007fffffff,
    0x0000000080000000, 0x00000000ffffffff, 0x0000000100000000, 0xffffffff00000000,
    0x8000000000000001, 0x7ffffffffffffffe, 0x00000000fffff800, 0xfffffffffffff800,
};

constexpr std::array<std::uint64_t, 41> special_doubles = {
    0x0000000000000000, // +0
    0x8000000000000000, // -0
    0x7ff0000000000000, // +inf
    0xfff0000000000000, // -inf
    0x7ff8000000000000, // canonical quiet NaN
    0xfff8000000000000, // negative quiet NaN
    0x7ff8000000000123, // quiet NaN with a payload
    0x7ff0000000000001, // signaling NaN
    0xfff4000000000000, // negative signaling NaN
    0x7ff7ffffffffffff, // signaling NaN, largest payload
    0x0000000000000001, // smallest subnormal
    0x000fffffffffffff, // largest subnormal
    0x800fffffffffffff, // negative largest subnormal
    0x0010000000000000, // smallest normal
    0x8010000000000000, // negative smallest normal
    0x7fefffffffffffff, // largest finite
    0xffefffffffffffff, // most negative finite
    0x3ff0000000000000, // 1.0
    0xbff0000000000000, // -1.0
    0x3fe0000000000000, // 0.5
    0xbfe0000000000000, // -0.5
    0x3ff8000000000000, // 1.5
    0x4004000000000000, // 2.5
    0x3ca0000000000000, // 2^-53
    0x4340000000000000, // 2^53
    0x4330000000000001, // 2^52 + 1
    0x41dfffffffc00000, // 2^31 - 1
    0x41dfffffffe00000, // 2^31 - 0.5
    0x41e0000000000000, // 2^31
    0xc1e0000000000000, // -2^31
    0xc1e0000000100000, // -2^31 - 0.5
    0xc1e0000000200000, // -2^31 - 1
    0x41efffffffe00000, // 2^32 - 1
    0x41effffffff00000, // 2^32 - 0.5
    0x41f0000000000000, // 2^32
    0x43dfffffffffffff, // largest below 2^63
    0x43e0000000000000, // 2^63
    0xc3e0000000000000, // -2^63
    0xc3e0000000000001, // just below -2^63
    0x43efffffffffffff, // largest below 2^64
    0x43f0000000000000, // 2^64
};

constexpr std::array<std::uint32_t, 38> special_singles = {
    0x00000000, // +0
    0x80000000, // -0
    0x7f800000, // +inf
    0xff800000, // -inf
    0x7fc00000, // canonical quiet NaN
    0xffc00000, // negative quiet NaN
    0x7fc00123, // quiet NaN with a payload
    0x7f800001, // signaling NaN
    0xffa00000, // negative signaling NaN
    0x7fbfffff, // signaling NaN, largest payload
    0x00000001, // smallest subnormal
    0x007fffff, // largest subnormal
    0x807fffff, // negative largest subnormal
    0x00800000, // smallest normal
    0x80800000, // negative smallest normal
    0x7f7fffff, // largest finite
    0xff7fffff, // most negative finite
    0x3f800000, // 1.0
    0xbf800000, // -1.0
    0x3f000000, // 0.5
    0xbf000000, // -0.5
    0x3fc00000, // 1.5
    0x40200000, // 2.5
    0x33800000, // 2^-24
    0x4b000000, // 2^23
    0x4b000001, // 2^23 + 1
    0x4effffff, // largest below 2^31
    0x4f000000, // 2^31
    0xcf000000, // -2^31
    0xcf000001, // just below -2^31
    0x4f7fffff, // largest below 2^32
    0x4f800000, // 2^32
    0x5effffff, // largest below 2^63
    0x5f000000, // 2^63
    0xdf000000, // -2^63
    0xdf000001, // just below -2^63
    0x5f7fffff, // largest below 2^64
    0x5f800000, // 2^64
};

constexpr std::uint64_t nan_box = 0xffffffff00000000;

std::uint64_t power_of_two(RandomSource& random) {
    const std::uint64_t power = std::uint64_t{1} << random.below(64);
    return random.percent(30) ? 0 - power : power;
}

// A finite value of moderate magnitude; a short mantissa makes exact results likely, so both
// exact and inexact arithmetic get exercised.
std::uint64_t moderate_double_bits(RandomSource& random) {
    const std::uint64_t sign = random.below(2) << 63;
    const std::uint64_t exponent = static_cast<std::uint64_t>(random.between(1023 - 70, 1023 + 70));
    std::uint64_t mantissa = random.next() & ((std::uint64_t{1} << 52) - 1);
    if (random.percent(40)) {
        mantissa &= ~((std::uint64_t{1} << 44) - 1);
    }
    return sign | (exponent << 52) | mantissa;
}

std::uint32_t moderate_single_bits(RandomSource& random) {
    const std::uint32_t sign = static_cast<std::uint32_t>(random.below(2)) << 31;
    const auto exponent = static_cast<std::uint32_t>(random.between(127 - 40, 127 + 40));
    std::uint32_t mantissa = static_cast<std::uint32_t>(random.next()) & ((1u << 23) - 1);
    if (random.percent(40)) {
        mantissa &= ~((1u << 15) - 1);
    }
    return sign | (exponent << 23) | mantissa;
}

} // namespace

std::uint64_t interesting_integer(RandomSource& random) {
    switch (random.weighted_index(std::array<unsigned, 6>{45, 15, 15, 10, 10, 5})) {
    case 0: {
        const std::uint64_t value = random.pick_element(boundary_integers);
        return random.percent(20) ? value + static_cast<std::uint64_t>(random.between(-2, 2))
                                  : value;
    }
    case 1:
        return static_cast<std::uint64_t>(random.between(-16, 16));
    case 2:
        return power_of_two(random);
    case 3:
        return power_of_two(random) - 1;
    case 4:
        return static_cast<std::uint64_t>(static_cast<std::int64_t>(
            static_cast<std::int32_t>(static_cast<std::uint32_t>(random.next()))));
    default:
        return random.next();
    }
}

std::int64_t interesting_immediate(RandomSource& random) {
    switch (random.weighted_index(std::array<unsigned, 3>{30, 35, 35})) {
    case 0:
        return random.pick<std::int64_t>({0, 1, -1, 2047, -2048, 2046, -2047});
    case 1:
        return random.between(-32, 32);
    default:
        return random.between(-2048, 2047);
    }
}

std::uint64_t interesting_double_bits(RandomSource& random) {
    switch (random.weighted_index(std::array<unsigned, 3>{35, 55, 10})) {
    case 0:
        return random.pick_element(special_doubles);
    case 1:
        return moderate_double_bits(random);
    default:
        return random.next();
    }
}

std::uint32_t interesting_single_bits(RandomSource& random) {
    switch (random.weighted_index(std::array<unsigned, 3>{35, 55, 10})) {
    case 0:
        return random.pick_element(special_singles);
    case 1:
        return moderate_single_bits(random);
    default:
        return static_cast<std::uint32_t>(random.next());
    }
}

std::uint64_t interesting_fp_register_bits(RandomSource& random) {
    return random.percent(50) ? interesting_double_bits(random)
                              : interesting_single_register_bits(random);
}

std::uint64_t interesting_single_register_bits(RandomSource& random) {
    const std::uint64_t single = interesting_single_bits(random);
    if (random.percent(85)) {
        return nan_box | single;
    }
    // Broken boxes: an F instruction must read any of these as the canonical NaN.
    const std::uint64_t upper =
        random.pick<std::uint64_t>({0, 0xfffffffe, 0x7fffffff, random.next() & 0xffffffff});
    return (upper << 32) | single;
}

} // namespace xbemu::random_program
