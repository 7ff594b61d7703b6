#include "integer_instructions.hpp"

#include "registers.hpp"
#include "special_values.hpp"

#include <array>
#include <fmt/format.h>
#include <string_view>

namespace xbemu::random_program {

namespace {

constexpr std::array<std::string_view, 28> register_register_mnemonics = {
    "add",  "sub",  "sll",  "slt",  "sltu", "xor",   "srl",  "sra",    "or",    "and",
    "addw", "subw", "sllw", "srlw", "sraw", "mul",   "mulh", "mulhsu", "mulhu", "div",
    "divu", "rem",  "remu", "mulw", "divw", "divuw", "remw", "remuw",
};

constexpr std::array<std::string_view, 7> immediate_mnemonics = {
    "addi", "slti", "sltiu", "xori", "ori", "andi", "addiw",
};

constexpr std::array<std::string_view, 3> shift_mnemonics = {"slli", "srli", "srai"};
constexpr std::array<std::string_view, 3> word_shift_mnemonics = {"slliw", "srliw", "sraiw"};

// Shift amounts at the ends of the range are where implementations slip.
std::int64_t random_shift_amount(RandomSource& random, std::int64_t largest) {
    return random.percent(30) ? random.pick<std::int64_t>({0, 1, largest - 1, largest})
                              : random.between(0, largest);
}

} // namespace

InstructionGroup random_register_register_operation(GenerationContext& context) {
    RandomSource& random = context.random();
    RegisterChooser& registers = context.registers();
    const std::string_view mnemonic = random.pick_element(register_register_mnemonics);
    const unsigned first_source = registers.source();
    const unsigned second_source = random.percent(10) ? first_source : registers.source();
    const unsigned destination = registers.destination();
    return single_instruction(fmt::format("{} {}, {}, {}", mnemonic, integer_register(destination),
                                          integer_register(first_source),
                                          integer_register(second_source)));
}

InstructionGroup random_register_immediate_operation(GenerationContext& context) {
    RandomSource& random = context.random();
    const std::string source = integer_register(context.registers().source());
    const std::string destination = integer_register(context.registers().destination());
    std::string_view mnemonic;
    std::int64_t immediate = 0;
    switch (random.weighted_index(std::array<unsigned, 3>{60, 25, 15})) {
    case 0:
        mnemonic = random.pick_element(immediate_mnemonics);
        immediate = interesting_immediate(random);
        break;
    case 1:
        mnemonic = random.pick_element(shift_mnemonics);
        immediate = random_shift_amount(random, 63);
        break;
    default:
        mnemonic = random.pick_element(word_shift_mnemonics);
        immediate = random_shift_amount(random, 31);
        break;
    }
    return single_instruction(
        fmt::format("{} {}, {}, {}", mnemonic, destination, source, immediate));
}

InstructionGroup random_upper_immediate_operation(GenerationContext& context) {
    RandomSource& random = context.random();
    const std::string_view mnemonic = random.pick<std::string_view>({"lui", "auipc"});
    const std::int64_t immediate =
        random.percent(30) ? random.pick<std::int64_t>({0, 1, 0x7ffff, 0x80000, 0xfffff})
                           : random.between(0, 0xfffff);
    return single_instruction(fmt::format(
        "{} {}, {:#x}", mnemonic, integer_register(context.registers().destination()), immediate));
}

InstructionGroup random_integer_constant_reload(GenerationContext& context) {
    const unsigned destination = context.registers().destination_never_zero();
    return single_instruction(fmt::format("li {}, {:#018x}", integer_register(destination),
                                          interesting_integer(context.random())));
}

} // namespace xbemu::random_program
