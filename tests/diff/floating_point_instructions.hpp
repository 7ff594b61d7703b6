#pragma once
// F and D computational instructions, conversions, compares, classify and moves. Instructions
// with a rounding-mode field get one of RNE, RTZ, RDN, RUP, RMM or DYN, never the reserved
// encodings 5 and 6.

#include "generation_context.hpp"
#include "instruction_group.hpp"

namespace xbemu::random_program {

// add, sub, mul, div, sqrt, min, max.
InstructionGroup random_fp_arithmetic(GenerationContext& context);
InstructionGroup random_fp_fused_multiply_add(GenerationContext& context);
InstructionGroup random_fp_sign_injection(GenerationContext& context);
// feq, flt, fle and fclass.
InstructionGroup random_fp_compare(GenerationContext& context);
InstructionGroup random_fp_conversion(GenerationContext& context);
// fmv.x.w, fmv.w.x, fmv.x.d, fmv.d.x.
InstructionGroup random_fp_move(GenerationContext& context);

} // namespace xbemu::random_program
