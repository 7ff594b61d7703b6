#pragma once
#include "xbemu/decoder/extension.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

namespace xbemu {

// Where the four PIMP branches are encoded. send, src and recv are on custom-2 (0x5b) in both.
enum class PimpLayout : std::uint8_t {
    Default, // branches on custom-2 too (funct3 4-7): coexists with xBGAS
    Rcmc,    // branches on custom-3 (0x7b), as the public rcmc simulator has them; overlaps xBGAS
};
std::optional<PimpLayout> pimp_layout_from_name(std::string_view name);

// The exceptions PIMP instructions raise (the custom range of mcause).
namespace pimp_cause {
inline constexpr std::uint64_t kSendFifoFull = 24;     // mtval: the destination node
inline constexpr std::uint64_t kReceiveFifoEmpty = 25; // mtval: 0
inline constexpr std::uint64_t kNoSuchNode = 26;       // mtval: the node id; checked first
} // namespace pimp_cause

// "xpimp" ("pimp" in ISA strings): message passing through per-PE FIFOs; sets misa bit 23.
const Extension& extension_pimp(PimpLayout layout);

} // namespace xbemu
