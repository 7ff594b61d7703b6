#pragma once
#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/decoder/disassembly_context.hpp"
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
// With the whole context: branch and jump targets named as `context.name_target` names them.
std::string disassemble(const InstructionDescriptor* descriptor, std::uint32_t instruction,
                        const DisassemblyContext& context);

} // namespace xbemu
