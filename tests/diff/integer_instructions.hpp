#pragma once
// RV64I computational instructions (register, immediate, word and upper-immediate forms) and
// the M extension.

#include "generation_context.hpp"
#include "instruction_group.hpp"

namespace xbemu::random_program {

InstructionGroup random_register_register_operation(GenerationContext& context);
InstructionGroup random_register_immediate_operation(GenerationContext& context);
InstructionGroup random_upper_immediate_operation(GenerationContext& context);
// `li` of an interesting value, so that operands keep hitting corner cases (division by zero,
// overflow, extreme shifts) after many random operations have scrambled the registers.
InstructionGroup random_integer_constant_reload(GenerationContext& context);

} // namespace xbemu::random_program
