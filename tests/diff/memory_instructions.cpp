#include "memory_instructions.hpp"

#include "memory_operands.hpp"
#include "registers.hpp"
#include "scratch_layout.hpp"

#include <array>
#include <fmt/format.h>
#include <string_view>

namespace xbemu::random_program {

namespace {

struct AccessForm {
    std::string_view mnemonic;
    unsigned width;

    FpFormat fp_format() const {
        return width == 4 ? FpFormat::single : FpFormat::double_precision;
    }
};

constexpr std::array<AccessForm, 7> integer_loads = {{
    {"lb", 1},
    {"lh", 2},
    {"lw", 4},
    {"ld", 8},
    {"lbu", 1},
    {"lhu", 2},
    {"lwu", 4},
}};
constexpr std::array<AccessForm, 4> integer_stores = {{{"sb", 1}, {"sh", 2}, {"sw", 4}, {"sd", 8}}};
constexpr std::array<AccessForm, 2> fp_loads = {{{"flw", 4}, {"fld", 8}}};
constexpr std::array<AccessForm, 2> fp_stores = {{{"fsw", 4}, {"fsd", 8}}};

constexpr std::array<std::string_view, 9> atomic_operations = {
    "amoswap", "amoadd", "amoxor", "amoand", "amoor", "amomin", "amomax", "amominu", "amomaxu",
};

constexpr std::array<std::string_view, 4> orderings = {"", ".aq", ".rl", ".aqrl"};

InstructionGroup access(GenerationContext& context, const AccessForm& form,
                        const std::string& data_register) {
    const MemoryOperand operand = random_buffer_operand(context, form.width);
    InstructionGroup group;
    group.add_all(operand.setup);
    group.add(fmt::format("{} {}, {}", form.mnemonic, data_register, operand.text()));
    return group;
}

std::string_view width_suffix(unsigned width) {
    return width == 4 ? ".w" : ".d";
}

} // namespace

InstructionGroup random_integer_load(GenerationContext& context) {
    RandomSource& random = context.random();
    const AccessForm form = random.pick_element(integer_loads);
    const unsigned destination = context.registers().destination();
    return access(context, form, integer_register(destination));
}

InstructionGroup random_integer_store(GenerationContext& context) {
    RandomSource& random = context.random();
    const AccessForm form = random.pick_element(integer_stores);
    const unsigned source = context.registers().source();
    return access(context, form, integer_register(source));
}

InstructionGroup random_fp_load(GenerationContext& context) {
    RandomSource& random = context.random();
    const AccessForm form = random.pick_element(fp_loads);
    const unsigned destination = context.registers().fp_destination(form.fp_format());
    return access(context, form, fp_register(destination));
}

InstructionGroup random_fp_store(GenerationContext& context) {
    RandomSource& random = context.random();
    const AccessForm form = random.pick_element(fp_stores);
    const unsigned source = context.registers().fp_source(form.fp_format());
    return access(context, form, fp_register(source));
}

InstructionGroup random_fp_constant_reload(GenerationContext& context) {
    RandomSource& random = context.random();
    const bool single = random.percent(50);
    const unsigned destination =
        context.registers().fp_destination(single ? FpFormat::single : FpFormat::double_precision);
    // flw boxes the single it loads; fld keeps the pattern, boxed or not.
    const std::string_view mnemonic = single && random.percent(75) ? "flw" : "fld";
    const int first_entry = single ? 0 : constant_pool_entries / 2;
    const auto entry = first_entry + static_cast<int>(random.below(constant_pool_entries / 2));
    return single_instruction(fmt::format("{} {}, {}({})", mnemonic, fp_register(destination),
                                          constant_pool_offset + entry * 8,
                                          integer_register(base_register)));
}

InstructionGroup random_atomic_memory_operation(GenerationContext& context) {
    RandomSource& random = context.random();
    const std::string_view operation = random.pick_element(atomic_operations);
    const unsigned width = random.pick<unsigned>({4, 8});
    const std::string_view ordering = random.pick_element(orderings);
    const unsigned source = context.registers().source();
    const MemoryOperand address = random_atomic_operand(context, width);
    const unsigned destination = context.registers().destination();
    InstructionGroup group;
    group.add_all(address.setup);
    group.add(fmt::format("{}{}{} {}, {}, ({})", operation, width_suffix(width), ordering,
                          integer_register(destination), integer_register(source),
                          integer_register(address.base)));
    return group;
}

InstructionGroup random_load_reserved_store_conditional(GenerationContext& context) {
    RandomSource& random = context.random();
    const unsigned width = random.pick<unsigned>({4, 8});
    const MemoryOperand address = random_atomic_operand(context, width);
    const std::string base = integer_register(address.base);
    const std::string_view suffix = width_suffix(width);

    // The loaded value and the first sc's status must not overwrite the address register,
    // or the following access would go astray.
    RegisterChooser& registers = context.registers();
    const unsigned stored = registers.source();
    unsigned loaded = registers.destination_never_zero();
    while (loaded == address.base) {
        loaded = registers.destination_never_zero();
    }
    const bool second_store = random.percent(30);
    unsigned status = registers.destination_never_zero();
    while (second_store && status == address.base) {
        status = registers.destination_never_zero();
    }
    const std::string_view load_ordering = random.pick_element(orderings);
    const std::string_view store_ordering = random.pick_element(orderings);

    InstructionGroup group;
    group.add_all(address.setup);
    group.add(
        fmt::format("lr{}{} {}, ({})", suffix, load_ordering, integer_register(loaded), base));
    group.add(fmt::format("sc{}{} {}, {}, ({})", suffix, store_ordering, integer_register(status),
                          integer_register(stored), base));
    if (second_store) {
        const unsigned second_stored = registers.source();
        const unsigned second_status = registers.destination_never_zero();
        group.add(fmt::format("sc{} {}, {}, ({})", suffix, integer_register(second_status),
                              integer_register(second_stored), base));
    }
    return group;
}

} // namespace xbemu::random_program
