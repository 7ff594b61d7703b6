#pragma once
#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/decoder/privileged_spec.hpp"

#include <cstdint>
#include <string>

namespace xbemu {

// objdump -M no-aliases style text ("addi    a0,a0,1", "amoadd.w.aqrl a0,a1,(a2)");
// an undecodable instruction disassembles as "unknown". CSRs are named as objdump names them
// for `spec` (for an ELF: the version its attributes record).
std::string disassemble(const InstructionDescriptor* descriptor, std::uint32_t instruction,
                        std::uint64_t pc, PrivilegedSpec spec = kNewestPrivilegedSpec);
std::string disassemble(const DecodeTable& table, std::uint32_t instruction, std::uint64_t pc,
                        PrivilegedSpec spec = kNewestPrivilegedSpec);

} // namespace xbemu
