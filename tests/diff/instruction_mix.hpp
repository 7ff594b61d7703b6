#pragma once
// The instruction mixes a program can be drawn from, and the relative frequency of each
// instruction family within them.

#include "weighted_generator.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace xbemu::random_program {

enum class InstructionMix { integer, floating_point, compressed, mixed };

// "int", "fp", "compressed" or "mixed".
std::optional<InstructionMix> parse_instruction_mix(std::string_view name);
std::string_view instruction_mix_name(InstructionMix mix);

std::vector<WeightedGenerator> instruction_families(InstructionMix mix);

} // namespace xbemu::random_program
