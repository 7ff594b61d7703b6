#pragma once
// A PE's record of the last progress epoch at which it found its wait unchanged
// (PeGroup::deadlocked); on its own so that the PIMP ports and the hart can keep one without
// depending on the PE group.

#include <cstdint>

namespace xbemu {

// No confirmation yet.
inline constexpr std::uint64_t kNoConfirmation = ~0ULL;

} // namespace xbemu
