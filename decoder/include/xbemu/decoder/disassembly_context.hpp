#pragma once
#include "xbemu/decoder/privileged_spec.hpp"

#include <cstdint>

namespace xbemu {

// What an instruction's text depends on besides its bits.
struct DisassemblyContext {
    std::uint64_t pc = 0;                                   // resolves pc-relative targets
    PrivilegedSpec privileged_spec = kNewestPrivilegedSpec; // names CSRs
};

} // namespace xbemu
