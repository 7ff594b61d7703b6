#pragma once
// Operand formats of xBGAS instructions that name extended registers (printed e0-e31).

#include "xbemu/decoder/operand_format.hpp"

namespace xbemu::xbgas_formats {

extern const OperandFormat extended_load;               // ele   extd, imm(rs1)
extern const OperandFormat extended_store;              // ese   ext2, imm(rs1)
extern const OperandFormat raw_load;                    // erlX  rd, rs1, ext2
extern const OperandFormat raw_load_extended;           // erle  extd, rs1, ext2
extern const OperandFormat raw_store;                   // ersX  rs1, rs2, ext3
extern const OperandFormat raw_store_extended;          // erse  ext1, rs2, ext3
extern const OperandFormat integer_from_extended;       // eaddi rd, ext1, imm
extern const OperandFormat extended_from_integer;       // eaddie extd, rs1, imm
extern const OperandFormat extended_from_extended;      // eaddix extd, ext1, imm
extern const OperandFormat move_integer_from_extended;  // movebe rd, ext1
extern const OperandFormat move_extended_from_integer;  // moveeb extd, rs1
extern const OperandFormat move_extended_from_extended; // moveee extd, ext1

} // namespace xbemu::xbgas_formats
