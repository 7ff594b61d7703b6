#include "instruction_mix.hpp"

#include "compressed_instructions.hpp"
#include "control_transfer_instructions.hpp"
#include "floating_point_instructions.hpp"
#include "integer_instructions.hpp"
#include "memory_instructions.hpp"
#include "system_instructions.hpp"

#include <array>
#include <span>
#include <vector>

namespace xbemu::random_program {

namespace {

constexpr std::array<WeightedGenerator, 13> integer_families = {{
    {24, random_register_register_operation},
    {18, random_register_immediate_operation},
    {3, random_upper_immediate_operation},
    {5, random_integer_constant_reload},
    {10, random_integer_load},
    {8, random_integer_store},
    {5, random_atomic_memory_operation},
    {2, random_load_reserved_store_conditional},
    {7, random_conditional_branch},
    {2, random_jump_and_link},
    {2, random_jump_and_link_register},
    {1, random_machine_scratch_access},
    {1, random_fence},
}};

// Integer constant reloads keep feeding interesting values to the int-to-float conversions
// and fmv.*.x moves.
constexpr std::array<WeightedGenerator, 11> floating_point_families = {{
    {22, random_fp_arithmetic},
    {10, random_fp_fused_multiply_add},
    {6, random_fp_sign_injection},
    {8, random_fp_compare},
    {16, random_fp_conversion},
    {6, random_fp_move},
    {6, random_fp_load},
    {5, random_fp_store},
    {10, random_fp_constant_reload},
    {4, random_integer_constant_reload},
    {4, random_fp_csr_access},
}};

} // namespace

std::vector<WeightedGenerator> instruction_families(InstructionMix mix) {
    std::vector<WeightedGenerator> families;
    const auto append = [&families](std::span<const WeightedGenerator> more) {
        for (const WeightedGenerator& family : more) {
            families.push_back(family);
        }
    };
    switch (mix) {
    case InstructionMix::integer:
        append(integer_families);
        break;
    case InstructionMix::floating_point:
        append(floating_point_families);
        break;
    case InstructionMix::compressed:
        // About as many compressed instructions as 32-bit ones.
        append(integer_families);
        families.push_back({90, random_compressed_instruction});
        break;
    case InstructionMix::mixed:
        append(integer_families);
        append(floating_point_families);
        families.push_back({45, random_compressed_instruction});
        break;
    }
    return families;
}

std::optional<InstructionMix> parse_instruction_mix(std::string_view name) {
    for (const InstructionMix mix : {InstructionMix::integer, InstructionMix::floating_point,
                                     InstructionMix::compressed, InstructionMix::mixed}) {
        if (name == instruction_mix_name(mix)) {
            return mix;
        }
    }
    return std::nullopt;
}

std::string_view instruction_mix_name(InstructionMix mix) {
    switch (mix) {
    case InstructionMix::integer:
        return "int";
    case InstructionMix::floating_point:
        return "fp";
    case InstructionMix::compressed:
        return "compressed";
    case InstructionMix::mixed:
        return "mixed";
    }
    return "mixed";
}

} // namespace xbemu::random_program
