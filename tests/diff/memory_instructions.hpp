#pragma once
// Loads and stores of every width (integer and floating point), AMOs, and LR/SC pairs, all on
// addresses inside the scratch buffer.

#include "generation_context.hpp"
#include "instruction_group.hpp"

namespace xbemu::random_program {

InstructionGroup random_integer_load(GenerationContext& context);
InstructionGroup random_integer_store(GenerationContext& context);
InstructionGroup random_fp_load(GenerationContext& context);
InstructionGroup random_fp_store(GenerationContext& context);
// Reloads an f register from the constant pool of special values: singles (its first half,
// some with broken NaN-boxes) or doubles (its second half).
InstructionGroup random_fp_constant_reload(GenerationContext& context);
InstructionGroup random_atomic_memory_operation(GenerationContext& context);
// lr immediately followed by sc on the same address, which must succeed; sometimes a second
// sc follows, which must fail because the first one consumed the reservation.
InstructionGroup random_load_reserved_store_conditional(GenerationContext& context);

} // namespace xbemu::random_program
