#pragma once
// Decoded blocks run as threaded code: an instruction's body, then a sibling call to the next
// instruction of the block, until a sentinel at the end of the block returns to the dispatch
// loop. Each instruction thus has its own indirect jump, which the host predicts far better
// than one shared call site. A block holds at most a few hundred instructions, so the chain
// stays shallow even where the compiler does not turn the call into a jump.

#include "xbemu/decoder/decoded_instruction.hpp"

namespace xbemu {

inline void continue_block(Hart& hart, const DecodedInstruction& op) {
    const DecodedInstruction* next = &op + 1;
    next->execute(hart, *next);
}

template <ExecuteFn body> void threaded(Hart& hart, const DecodedInstruction& op) {
    body(hart, op);
    continue_block(hart, op);
}

} // namespace xbemu
