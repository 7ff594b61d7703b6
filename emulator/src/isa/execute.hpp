#pragma once
// Execute functions shared between instruction tables: compressed instructions reuse the
// functions of the 32-bit instructions they expand to.

#include "xbemu/decoder/decoded_instruction.hpp"

namespace xbemu::execute {

#define XBEMU_EXECUTE(name) void name(Hart& hart, const DecodedInstruction& op)
XBEMU_EXECUTE(lui);
XBEMU_EXECUTE(addi);
XBEMU_EXECUTE(addiw);
XBEMU_EXECUTE(andi);
XBEMU_EXECUTE(slli);
XBEMU_EXECUTE(srli);
XBEMU_EXECUTE(srai);
XBEMU_EXECUTE(add);
XBEMU_EXECUTE(sub);
XBEMU_EXECUTE(xor_);
XBEMU_EXECUTE(or_);
XBEMU_EXECUTE(and_);
XBEMU_EXECUTE(addw);
XBEMU_EXECUTE(subw);
XBEMU_EXECUTE(jal);
XBEMU_EXECUTE(jalr);
XBEMU_EXECUTE(beq);
XBEMU_EXECUTE(bne);
XBEMU_EXECUTE(lw);
XBEMU_EXECUTE(ld);
XBEMU_EXECUTE(sw);
XBEMU_EXECUTE(sd);
XBEMU_EXECUTE(ebreak);
XBEMU_EXECUTE(fld);
XBEMU_EXECUTE(fsd);
#undef XBEMU_EXECUTE

} // namespace xbemu::execute
