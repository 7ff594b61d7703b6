#include "compressed_instructions.hpp"

#include "control_transfer_instructions.hpp"
#include "registers.hpp"
#include "scratch_layout.hpp"
#include "weighted_generator.hpp"

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <string_view>

namespace xbemu::random_program {

namespace {

struct CompressedAccess {
    std::string_view mnemonic;
    unsigned width;
    bool fp;
    bool store;
    std::int64_t largest_offset; // of the scaled five- or six-bit offset field
};

constexpr std::array<CompressedAccess, 6> register_based_accesses = {{
    {"c.lw", 4, false, false, 124},
    {"c.ld", 8, false, false, 248},
    {"c.fld", 8, true, false, 248},
    {"c.sw", 4, false, true, 124},
    {"c.sd", 8, false, true, 248},
    {"c.fsd", 8, true, true, 248},
}};

constexpr std::array<CompressedAccess, 6> stack_pointer_accesses = {{
    {"c.lwsp", 4, false, false, 252},
    {"c.ldsp", 8, false, false, 504},
    {"c.fldsp", 8, true, false, 504},
    {"c.swsp", 4, false, true, 252},
    {"c.sdsp", 8, false, true, 504},
    {"c.fsdsp", 8, true, true, 504},
}};

std::int64_t nonzero_between(RandomSource& random, std::int64_t low, std::int64_t high) {
    for (;;) {
        const std::int64_t value = random.between(low, high);
        if (value != 0) {
            return value;
        }
    }
}

// A multiple of `step` in [low, high]; the bounds need not be multiples themselves.
std::int64_t multiple_between(RandomSource& random, std::int64_t low, std::int64_t high,
                              std::int64_t step) {
    const std::int64_t first = (low + step - 1) / step;
    const std::int64_t last = high / step;
    return random.between(first, last) * step;
}

// The data register of an sp-relative access: loads never target x0 (reserved) or sp (the
// base); stores may store any register.
std::string stack_access_data_register(RegisterChooser& registers, const CompressedAccess& access) {
    if (access.fp) {
        return fp_register(access.store ? registers.fp_source(FpFormat::double_precision)
                                        : registers.fp_destination(FpFormat::double_precision));
    }
    return integer_register(access.store ? registers.source() : registers.destination_never_zero());
}

// The data register of an access through a register in x8..x15.
std::string register_based_data_register(RegisterChooser& registers,
                                         const CompressedAccess& access) {
    if (access.fp) {
        return fp_register(access.store ? registers.compressed_fp_source()
                                        : registers.compressed_fp_destination());
    }
    return integer_register(access.store ? registers.compressed_source()
                                         : registers.compressed_destination());
}

InstructionGroup register_based_access(GenerationContext& context) {
    RandomSource& random = context.random();
    const CompressedAccess access = random.pick_element(register_based_accesses);
    // c.addi4spn adds multiples of 4, so doublewords can also be misaligned by 4.
    const bool misaligned = access.width == 8 && random.percent(15);
    const std::int64_t address =
        misaligned ? multiple_between(random, 0, scratch_buffer_bytes - 16, 8) + 4
                   : multiple_between(random, 0, scratch_buffer_bytes - access.width, access.width);
    const std::int64_t offset =
        multiple_between(random, 0, std::min(access.largest_offset, address), access.width);
    const std::int64_t displacement = address - offset;
    const std::string data = register_based_data_register(context.registers(), access);
    const std::string base = integer_register(context.registers().compressed_address_register());
    InstructionGroup group;
    if (displacement == 0) {
        group.add_compressed(fmt::format("c.mv {}, {}", base, integer_register(base_register)));
    } else {
        group.add_compressed(fmt::format("c.addi4spn {}, {}, {}", base,
                                         integer_register(base_register), displacement));
    }
    group.add_compressed(fmt::format("{} {}, {}({})", access.mnemonic, data, offset, base));
    return group;
}

InstructionGroup stack_pointer_access(GenerationContext& context) {
    RandomSource& random = context.random();
    const CompressedAccess access = random.pick_element(stack_pointer_accesses);
    const std::string data = stack_access_data_register(context.registers(), access);
    const std::int64_t offset = multiple_between(random, 0, access.largest_offset, access.width);
    return single_compressed_instruction(fmt::format("{} {}, {}({})", access.mnemonic, data, offset,
                                                     integer_register(base_register)));
}

// c.addi16sp moves the base register, one sp-relative access uses the moved base, and a
// second c.addi16sp moves it back.
InstructionGroup moved_stack_pointer_access(GenerationContext& context) {
    RandomSource& random = context.random();
    const CompressedAccess access = random.pick_element(stack_pointer_accesses);
    const std::int64_t lowest_adjustment =
        -std::min<std::int64_t>(256, access.largest_offset / 16 * 16);
    const std::int64_t adjustment = nonzero_between(random, lowest_adjustment / 16, 16) * 16;
    const std::int64_t offset = multiple_between(
        random, std::max<std::int64_t>(0, -adjustment),
        std::min(access.largest_offset, scratch_buffer_bytes - access.width - adjustment),
        access.width);
    const std::string data = stack_access_data_register(context.registers(), access);
    const std::string sp = integer_register(base_register);
    InstructionGroup group;
    group.add_compressed(fmt::format("c.addi16sp {}, {}", sp, adjustment));
    group.add_compressed(fmt::format("{} {}, {}({})", access.mnemonic, data, offset, sp));
    group.add_compressed(fmt::format("c.addi16sp {}, {}", sp, -adjustment));
    return group;
}

InstructionGroup add_scaled_stack_pointer(GenerationContext& context) {
    const std::string destination = integer_register(context.registers().compressed_destination());
    const std::int64_t immediate = context.random().between(1, 255) * 4;
    return single_compressed_instruction(fmt::format("c.addi4spn {}, {}, {}", destination,
                                                     integer_register(base_register), immediate));
}

InstructionGroup no_operation(GenerationContext&) {
    return single_compressed_instruction("c.nop");
}

InstructionGroup six_bit_immediate_operation(GenerationContext& context) {
    RandomSource& random = context.random();
    const std::string_view mnemonic = random.pick<std::string_view>({"c.addi", "c.addiw", "c.li"});
    const std::string destination =
        integer_register(mnemonic == "c.li" ? context.registers().destination_never_zero()
                                            : context.registers().updated());
    // c.addi with a zero immediate is a HINT; c.addiw and c.li accept zero.
    const std::int64_t immediate =
        mnemonic == "c.addi" ? nonzero_between(random, -32, 31) : random.between(-32, 31);
    return single_compressed_instruction(
        fmt::format("{} {}, {}", mnemonic, destination, immediate));
}

InstructionGroup load_upper_immediate(GenerationContext& context) {
    RandomSource& random = context.random();
    const std::string destination = integer_register(context.registers().destination_never_zero());
    // The six-bit immediate is sign-extended into bits 17..12: 1..31 or 0xfffe0..0xfffff.
    const std::int64_t immediate =
        random.percent(50) ? random.between(1, 31) : random.between(0xfffe0, 0xfffff);
    return single_compressed_instruction(fmt::format("c.lui {}, {:#x}", destination, immediate));
}

InstructionGroup shift_immediate(GenerationContext& context) {
    RandomSource& random = context.random();
    const std::string_view mnemonic = random.pick<std::string_view>({"c.srli", "c.srai", "c.slli"});
    // c.slli reaches every register, the right shifts only x8..x15; a zero amount is a HINT.
    const std::string destination =
        integer_register(mnemonic == "c.slli" ? context.registers().updated()
                                              : context.registers().compressed_updated());
    const std::int64_t amount =
        random.percent(30) ? random.pick<std::int64_t>({1, 31, 32, 63}) : random.between(1, 63);
    return single_compressed_instruction(fmt::format("{} {}, {}", mnemonic, destination, amount));
}

InstructionGroup and_immediate(GenerationContext& context) {
    const std::string destination = integer_register(context.registers().compressed_updated());
    const std::int64_t immediate = context.random().between(-32, 31);
    return single_compressed_instruction(fmt::format("c.andi {}, {}", destination, immediate));
}

InstructionGroup compressed_register_operation(GenerationContext& context) {
    RandomSource& random = context.random();
    const std::string_view mnemonic =
        random.pick<std::string_view>({"c.sub", "c.xor", "c.or", "c.and", "c.subw", "c.addw"});
    const std::string source = integer_register(context.registers().compressed_source());
    const std::string destination = integer_register(context.registers().compressed_updated());
    return single_compressed_instruction(fmt::format("{} {}, {}", mnemonic, destination, source));
}

InstructionGroup full_register_operation(GenerationContext& context) {
    RandomSource& random = context.random();
    const std::string_view mnemonic = random.pick<std::string_view>({"c.mv", "c.add"});
    // rs2 = x0 would be a different instruction (c.jr/c.jalr/c.ebreak).
    const std::string source = integer_register(context.registers().source_never_zero());
    const std::string destination =
        integer_register(mnemonic == "c.mv" ? context.registers().destination_never_zero()
                                            : context.registers().updated());
    return single_compressed_instruction(fmt::format("{} {}, {}", mnemonic, destination, source));
}

InstructionGroup compressed_jump(GenerationContext& context) {
    const ForwardTarget target = random_forward_target(context);
    InstructionGroup group = single_compressed_instruction("c.j " + target.label);
    group.target = target;
    return group;
}

InstructionGroup compressed_branch(GenerationContext& context) {
    RandomSource& random = context.random();
    const std::string_view mnemonic = random.pick<std::string_view>({"c.beqz", "c.bnez"});
    const std::string source = integer_register(context.registers().compressed_source());
    const ForwardTarget target = random_forward_target(context);
    InstructionGroup group =
        single_compressed_instruction(fmt::format("{} {}, {}", mnemonic, source, target.label));
    group.target = target;
    return group;
}

InstructionGroup compressed_jump_register(GenerationContext& context) {
    RandomSource& random = context.random();
    const std::string_view mnemonic = random.pick<std::string_view>({"c.jr", "c.jalr"});
    const std::string address = integer_register(context.registers().address_register());
    const ForwardTarget target = random_forward_target(context);
    const std::string anchor = context.new_label("anchor");
    InstructionGroup group;
    group.add(fmt::format("{}: auipc {}, %pcrel_hi({})", anchor, address, target.label));
    group.add(fmt::format("addi {}, {}, %pcrel_lo({})", address, address, anchor));
    group.add_compressed(fmt::format("{} {}", mnemonic, address));
    group.target = target;
    return group;
}

// Roughly one share per mnemonic a generator covers.
constexpr std::array<WeightedGenerator, 14> generators = {{
    {6, register_based_access},
    {6, stack_pointer_access},
    {2, moved_stack_pointer_access},
    {2, add_scaled_stack_pointer},
    {1, no_operation},
    {4, six_bit_immediate_operation},
    {2, load_upper_immediate},
    {4, shift_immediate},
    {2, and_immediate},
    {6, compressed_register_operation},
    {3, full_register_operation},
    {2, compressed_jump},
    {3, compressed_branch},
    {2, compressed_jump_register},
}};

} // namespace

InstructionGroup random_compressed_instruction(GenerationContext& context) {
    return generate_weighted(context, generators);
}

} // namespace xbemu::random_program
