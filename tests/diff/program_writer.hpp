#pragma once
// Writes a complete bare-metal program: a prologue that gives every register, fcsr and the
// scratch buffer random initial contents, the random body, and a report that prints the final
// state through semihosting and exits with status 0.

#include "instruction_mix.hpp"

#include <cstdint>
#include <string>

namespace xbemu::random_program {

struct ProgramParameters {
    std::uint64_t seed = 0;
    std::uint64_t instruction_count = 0;
    InstructionMix mix = InstructionMix::mixed;
};

// The same parameters always give the same text.
std::string generate_program(const ProgramParameters& parameters);

} // namespace xbemu::random_program
