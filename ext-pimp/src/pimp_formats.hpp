#pragma once
// Operand formats of the PIMP instructions, as binutils writes them.

#include "xbemu/decoder/operand_format.hpp"

namespace xbemu::pimp_formats {

extern const OperandFormat send;    // send rs1, rs2: node, payload
extern const OperandFormat receive; // src rd, recv rd
extern const OperandFormat branch;  // bnr target (B-type offset; rs1 = rs2 = 0)

} // namespace xbemu::pimp_formats
