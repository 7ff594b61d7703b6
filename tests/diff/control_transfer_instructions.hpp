#pragma once
// Conditional branches, jal and jalr. Every transfer goes forward over a few groups, so
// control flow depends on register values yet the program always reaches its report.

#include "generation_context.hpp"
#include "instruction_group.hpp"

namespace xbemu::random_program {

// Groups a forward transfer skips at most; small enough for c.beqz's +-256-byte reach.
inline constexpr unsigned longest_forward_skip = 4;

ForwardTarget random_forward_target(GenerationContext& context);

InstructionGroup random_conditional_branch(GenerationContext& context);
InstructionGroup random_jump_and_link(GenerationContext& context);
// auipc/jalr pairs, sometimes through addi and an odd offset that jalr must clear.
InstructionGroup random_jump_and_link_register(GenerationContext& context);

} // namespace xbemu::random_program
