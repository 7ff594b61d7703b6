#include "system_instructions.hpp"

#include "registers.hpp"

#include <array>
#include <fmt/format.h>
#include <string_view>

namespace xbemu::random_program {

namespace {

constexpr std::array<std::string_view, 8> fences = {
    "fence",          "fence rw, rw", "fence r, r", "fence w, w",
    "fence iorw, ow", "fence i, o",   "fence.tso",  "fence.i",
};

constexpr std::array<std::string_view, 3> register_csr_mnemonics = {"csrrw", "csrrs", "csrrc"};
constexpr std::array<std::string_view, 3> immediate_csr_mnemonics = {"csrrwi", "csrrsi", "csrrci"};

} // namespace

InstructionGroup random_fence(GenerationContext& context) {
    return single_instruction(std::string(context.random().pick_element(fences)));
}

InstructionGroup random_machine_scratch_access(GenerationContext& context) {
    RandomSource& random = context.random();
    if (random.percent(50)) {
        const std::string_view mnemonic = random.pick_element(register_csr_mnemonics);
        const unsigned source = context.registers().source();
        const unsigned destination = context.registers().destination();
        return single_instruction(fmt::format("{} {}, mscratch, {}", mnemonic,
                                              integer_register(destination),
                                              integer_register(source)));
    }
    const std::string destination = integer_register(context.registers().destination());
    const std::string_view mnemonic = random.pick_element(immediate_csr_mnemonics);
    const std::int64_t immediate = random.between(0, 31);
    return single_instruction(fmt::format("{} {}, mscratch, {}", mnemonic, destination, immediate));
}

InstructionGroup random_fp_csr_access(GenerationContext& context) {
    RandomSource& random = context.random();
    const std::string destination = integer_register(context.registers().destination());
    switch (random.below(6)) {
    case 0: {
        const std::string_view csr = random.pick<std::string_view>({"fflags", "frm", "fcsr"});
        return single_instruction(fmt::format("csrrs {}, {}, x0", destination, csr));
    }
    case 1: {
        const std::int64_t rounding_mode = random.between(0, 4);
        return single_instruction(fmt::format("csrrwi {}, frm, {}", destination, rounding_mode));
    }
    case 2: {
        const std::string_view mnemonic = random.pick_element(immediate_csr_mnemonics);
        const std::int64_t flags = random.between(0, 31);
        return single_instruction(fmt::format("{} {}, fflags, {}", mnemonic, destination, flags));
    }
    case 3: {
        // fflags keeps only its five bits of a wider source value.
        const std::string_view mnemonic = random.pick_element(register_csr_mnemonics);
        const unsigned source = context.registers().source();
        return single_instruction(
            fmt::format("{} {}, fflags, {}", mnemonic, destination, integer_register(source)));
    }
    case 4: {
        // A five-bit immediate sets the flags and resets frm to round-to-nearest-even.
        const std::int64_t flags = random.between(0, 31);
        return single_instruction(fmt::format("csrrwi {}, fcsr, {}", destination, flags));
    }
    default: {
        const std::string_view mnemonic = random.pick<std::string_view>({"csrrsi", "csrrci"});
        const std::int64_t flags = random.between(0, 31);
        return single_instruction(fmt::format("{} {}, fcsr, {}", mnemonic, destination, flags));
    }
    }
}

} // namespace xbemu::random_program
