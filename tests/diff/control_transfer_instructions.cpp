#include "control_transfer_instructions.hpp"

#include "registers.hpp"

#include <array>
#include <fmt/format.h>
#include <string_view>

namespace xbemu::random_program {

namespace {

constexpr std::array<std::string_view, 6> branch_mnemonics = {"beq", "bne",  "blt",
                                                              "bge", "bltu", "bgeu"};

} // namespace

ForwardTarget random_forward_target(GenerationContext& context) {
    const auto groups_to_skip =
        static_cast<unsigned>(context.random().between(0, longest_forward_skip));
    return {context.new_label("target"), groups_to_skip};
}

InstructionGroup random_conditional_branch(GenerationContext& context) {
    RandomSource& random = context.random();
    const std::string_view mnemonic = random.pick_element(branch_mnemonics);
    const unsigned first_source = context.registers().source();
    const unsigned second_source = random.percent(10) ? first_source : context.registers().source();
    const ForwardTarget target = random_forward_target(context);
    InstructionGroup group =
        single_instruction(fmt::format("{} {}, {}, {}", mnemonic, integer_register(first_source),
                                       integer_register(second_source), target.label));
    group.target = target;
    return group;
}

InstructionGroup random_jump_and_link(GenerationContext& context) {
    const unsigned link = context.registers().destination();
    const ForwardTarget target = random_forward_target(context);
    InstructionGroup group =
        single_instruction(fmt::format("jal {}, {}", integer_register(link), target.label));
    group.target = target;
    return group;
}

InstructionGroup random_jump_and_link_register(GenerationContext& context) {
    const std::string address = integer_register(context.registers().address_register());
    const std::string link = integer_register(context.registers().destination());
    const bool through_addi = context.random().percent(40);
    const ForwardTarget target = random_forward_target(context);
    const std::string anchor = context.new_label("anchor");

    InstructionGroup group;
    group.add(fmt::format("{}: auipc {}, %pcrel_hi({})", anchor, address, target.label));
    if (through_addi) {
        group.add(fmt::format("addi {}, {}, %pcrel_lo({})", address, address, anchor));
        group.add(fmt::format("jalr {}, 1({})", link, address));
    } else {
        group.add(fmt::format("jalr {}, %pcrel_lo({})({})", link, anchor, address));
    }
    group.target = target;
    return group;
}

} // namespace xbemu::random_program
