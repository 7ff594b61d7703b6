#pragma once
#include "xbemu/decoder/extension.hpp"

namespace xbemu {

// "xbgas": the xBGAS 2.0.0 instructions plus the 2024 remote atomics; sets misa bit 23.
const Extension& extension_xbgas();

} // namespace xbemu
