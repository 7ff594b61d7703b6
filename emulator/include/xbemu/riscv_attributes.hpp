#pragma once
// What a RISC-V ELF records in its .riscv.attributes section (the "riscv" vendor's file
// attributes): the privileged spec version (Tag_RISCV_priv_spec, _minor and _revision) and the
// architecture it was built for (Tag_RISCV_arch).

#include "xbemu/decoder/privileged_spec.hpp"

#include <cstddef>
#include <span>
#include <string>

namespace xbemu {

// The section's contents, in the ELF build-attributes layout; the newest version, as objdump
// takes, when the section records none, records one binutils does not know, or is malformed
// (attributes only name CSRs in disassembly, so a program still runs).
PrivilegedSpec privileged_spec_from_attributes(std::span<const std::byte> section);

// The architecture string, versions included ("rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0"), or
// empty when the section records none or is malformed.
std::string architecture_from_attributes(std::span<const std::byte> section);

} // namespace xbemu
