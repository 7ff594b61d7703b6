#pragma once
// Every RV64C instruction except c.ebreak, written with its explicit c.* mnemonic and legal
// operands (no reserved encodings, no HINTs): nonzero immediates and destinations where the
// encoding requires them, x8..x15 in the three-bit register fields.

#include "generation_context.hpp"
#include "instruction_group.hpp"

namespace xbemu::random_program {

InstructionGroup random_compressed_instruction(GenerationContext& context);

} // namespace xbemu::random_program
