#pragma once
// The privileged spec version a RISC-V ELF records in its .riscv.attributes section
// (Tag_RISCV_priv_spec, _minor and _revision of the "riscv" vendor's file attributes).

#include "xbemu/decoder/privileged_spec.hpp"

#include <cstddef>
#include <span>

namespace xbemu {

// The section's contents, in the ELF build-attributes layout; the newest version, as objdump
// takes, when the section records none, records one binutils does not know, or is malformed
// (attributes only name CSRs in disassembly, so a program still runs).
PrivilegedSpec privileged_spec_from_attributes(std::span<const std::byte> section);

} // namespace xbemu
