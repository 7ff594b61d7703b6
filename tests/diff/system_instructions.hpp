#pragma once
// Fences and CSR accesses whose results are the same on every implementation: mscratch (its
// value is set by the prologue) and the floating-point CSRs. frm is only ever given one of the
// five valid rounding modes, so instructions with a dynamic rounding mode never trap.

#include "generation_context.hpp"
#include "instruction_group.hpp"

namespace xbemu::random_program {

InstructionGroup random_fence(GenerationContext& context);
InstructionGroup random_machine_scratch_access(GenerationContext& context);
InstructionGroup random_fp_csr_access(GenerationContext& context);

} // namespace xbemu::random_program
