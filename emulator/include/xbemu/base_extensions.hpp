#pragma once
// The standard extensions of RV64GC, each an instruction table like any plugin's.

#include "xbemu/decoder/extension.hpp"
#include "xbemu/decoder/extension_registry.hpp"

namespace xbemu {

const Extension& extension_rv64i();    // "i" (with the machine-mode mret and wfi)
const Extension& extension_rv64m();    // "m"
const Extension& extension_rv64a();    // "a"
const Extension& extension_rv64f();    // "f"
const Extension& extension_rv64d();    // "d"
const Extension& extension_zca();      // "zca": C without floating point
const Extension& extension_zcd();      // "zcd": compressed double-precision loads/stores
const Extension& extension_zicsr();    // "zicsr"
const Extension& extension_zifencei(); // "zifencei"

void register_base_extensions(ExtensionRegistry& registry);

} // namespace xbemu
