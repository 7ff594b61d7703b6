#pragma once
// Addresses inside the scratch buffer for loads, stores and atomics, either relative to the
// base register or through a temporary base register set up just before the access.

#include "generation_context.hpp"
#include "instruction_group.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace xbemu::random_program {

struct MemoryOperand {
    std::vector<Instruction> setup; // puts the address (minus offset) into `base`
    unsigned base = 0;
    std::int64_t offset = 0;

    std::string text() const; // "offset(xN)"
};

// An access of `width` bytes that stays inside the scratch buffer. Usually naturally aligned;
// QEMU and the specification allow misaligned plain loads and stores in M-mode, so now and
// then it is not.
MemoryOperand random_buffer_operand(GenerationContext& context, unsigned width);

// A naturally aligned address in a register, as atomics need (offset is always 0).
MemoryOperand random_atomic_operand(GenerationContext& context, unsigned width);

} // namespace xbemu::random_program
