#pragma once
// The measurement hints of guest-lib/include/xbemu.h: slti x0 HINT encodings (docs/measuring.md),
// rows of the base table so that they decode and disassemble by name; each asks its PE for a
// measurement at the end of its block.

#include "xbemu/decoder/instruction_descriptor.hpp"

namespace xbemu::measurement_hints {

// slti x0, rs1, imm: rd = x0 and funct3 = 2 on OP-IMM; imm selects the hint, rs1 = a0 holds
// xbemu_stats_dump's label.
inline constexpr std::uint32_t kRoiBegin = 0x10002013;   // slti x0, x0, 0x100
inline constexpr std::uint32_t kRoiEnd = 0x10102013;     // slti x0, x0, 0x101
inline constexpr std::uint32_t kStatsReset = 0x10202013; // slti x0, x0, 0x102
inline constexpr std::uint32_t kStatsDump = 0x10352013;  // slti x0, a0, 0x103
inline constexpr std::uint32_t kCheckpoint = 0x10402013; // slti x0, x0, 0x104

void roi_begin(Hart& hart, const DecodedInstruction& op);
void roi_end(Hart& hart, const DecodedInstruction& op);
void stats_reset(Hart& hart, const DecodedInstruction& op);
void stats_dump(Hart& hart, const DecodedInstruction& op);
void checkpoint(Hart& hart, const DecodedInstruction& op);

} // namespace xbemu::measurement_hints
