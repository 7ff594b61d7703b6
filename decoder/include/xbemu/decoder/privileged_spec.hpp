#pragma once
// Versions of the RISC-V privileged specification, as binutils orders them: CSR names come and
// go between versions, and objdump names CSRs as the version an ELF records in its
// .riscv.attributes (Tag_RISCV_priv_spec, _minor, _revision), or the newest one without it.

#include <cstdint>
#include <optional>

namespace xbemu {

enum class PrivilegedSpec : std::uint8_t {
    None, // in a CSR declaration: valid in every version
    V1_9_1,
    V1_10,
    V1_11,
    V1_12,
    Draft, // in a CSR declaration: still valid in the newest version
};

inline constexpr PrivilegedSpec kNewestPrivilegedSpec = PrivilegedSpec::V1_12;

// The version an ELF attribute triple names; nullopt for any other triple, for which objdump
// falls back to the newest version too.
std::optional<PrivilegedSpec> privileged_spec_from_numbers(std::uint64_t major, std::uint64_t minor,
                                                           std::uint64_t revision);

} // namespace xbemu
