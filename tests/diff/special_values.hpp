#pragma once
// Operand values biased toward the corner cases where implementations tend to differ:
// extreme and boundary integers, IEEE special values, conversion boundaries, and single-precision
// values whose NaN-boxing is broken.

#include "random_source.hpp"

#include <cstdint>

namespace xbemu::random_program {

std::uint64_t interesting_integer(RandomSource& random);
// A 12-bit signed immediate, often 0, +-1 or an end of the range.
std::int64_t interesting_immediate(RandomSource& random);
std::uint64_t interesting_double_bits(RandomSource& random);
std::uint32_t interesting_single_bits(RandomSource& random);
// A single in a 64-bit f register pattern, usually NaN-boxed and sometimes not.
std::uint64_t interesting_single_register_bits(RandomSource& random);
// A double, or a single register pattern.
std::uint64_t interesting_fp_register_bits(RandomSource& random);

} // namespace xbemu::random_program
