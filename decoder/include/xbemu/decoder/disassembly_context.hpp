#pragma once
#include "xbemu/decoder/privileged_spec.hpp"

#include <cstdint>
#include <functional>
#include <string>

namespace xbemu {

// What an instruction's text depends on besides its bits.
struct DisassemblyContext {
    std::uint64_t pc = 0;                                   // resolves pc-relative targets
    PrivilegedSpec privileged_spec = kNewestPrivilegedSpec; // names CSRs
    // Names a branch or jump target as objdump does after its address (" <main+0x8>"), for
    // --disassemble; empty or unset: the address alone (the commit log, as Spike prints it).
    std::function<std::string(std::uint64_t)> name_target;

    // The target's address, then its name if any: "80000120 <main>".
    std::string target_text(std::uint64_t address) const;
};

} // namespace xbemu
