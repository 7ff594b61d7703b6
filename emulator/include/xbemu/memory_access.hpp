#pragma once
// The kinds of memory access that PMP permissions and debug triggers tell apart; the values
// are the R/W/X bits of a pmpcfg byte and the load/store/execute bits of mcontrol6.

#include <cstdint>

namespace xbemu {

enum class MemoryAccess : std::uint8_t { Read = 1, Write = 2, Execute = 4 };

} // namespace xbemu
