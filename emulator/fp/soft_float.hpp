#pragma once
// Exact integer implementations of the rounded arithmetic operations, correct in every rounding
// mode and every range. The public functions fall back to them where the host fast path does not
// apply (NaN, infinite or zero operands, results near the underflow or overflow thresholds, hosts
// without FMA3); the unit tests check them against the host's SSE unit run in each IEEE mode.

#include "fp/floating_point.hpp"

#include <cstdint>

namespace xbemu::fp::soft {

Result32 add32(std::uint32_t a, std::uint32_t b, RoundingMode rm);
Result32 sub32(std::uint32_t a, std::uint32_t b, RoundingMode rm);
Result32 mul32(std::uint32_t a, std::uint32_t b, RoundingMode rm);
Result32 div32(std::uint32_t a, std::uint32_t b, RoundingMode rm);
Result32 sqrt32(std::uint32_t a, RoundingMode rm);
Result32 fused32(FusedOp op, std::uint32_t a, std::uint32_t b, std::uint32_t c, RoundingMode rm);

Result64 add64(std::uint64_t a, std::uint64_t b, RoundingMode rm);
Result64 sub64(std::uint64_t a, std::uint64_t b, RoundingMode rm);
Result64 mul64(std::uint64_t a, std::uint64_t b, RoundingMode rm);
Result64 div64(std::uint64_t a, std::uint64_t b, RoundingMode rm);
Result64 sqrt64(std::uint64_t a, RoundingMode rm);
Result64 fused64(FusedOp op, std::uint64_t a, std::uint64_t b, std::uint64_t c, RoundingMode rm);

Result32 f64_to_f32(std::uint64_t a, RoundingMode rm);

} // namespace xbemu::fp::soft
