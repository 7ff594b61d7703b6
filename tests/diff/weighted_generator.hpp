#pragma once
// Picking one instruction generator out of a table, each with its relative frequency.

#include "generation_context.hpp"
#include "instruction_group.hpp"

#include <span>

namespace xbemu::random_program {

using GroupGenerator = InstructionGroup (*)(GenerationContext&);

struct WeightedGenerator {
    unsigned weight;
    GroupGenerator generate;
};

InstructionGroup generate_weighted(GenerationContext& context,
                                   std::span<const WeightedGenerator> generators);

} // namespace xbemu::random_program
