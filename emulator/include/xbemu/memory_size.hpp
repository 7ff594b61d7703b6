#pragma once
#include <cstdint>
#include <stdexcept>
#include <string_view>

namespace xbemu {

// "256" (MiB, as Spike's -m), "256M", "1G", "65536K", "1073741824B". The result is a multiple
// of 4 KiB between 1 MiB and 64 GiB; anything else throws std::invalid_argument.
std::uint64_t parse_memory_size(std::string_view text);

} // namespace xbemu
