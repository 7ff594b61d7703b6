#pragma once
// Simulated time, in cycles of the nominal 1 GHz clock.

#include <cstdint>
#include <limits>

namespace xbemu::netsim {

using Cycle = std::uint64_t;
inline constexpr Cycle kNever = std::numeric_limits<Cycle>::max();

} // namespace xbemu::netsim
