#include "floating_point_instructions.hpp"

#include "registers.hpp"

#include <array>
#include <fmt/format.h>
#include <string_view>

namespace xbemu::random_program {

namespace {

struct RoundingMode {
    std::string_view name;
    unsigned encoding;
};

constexpr std::array<RoundingMode, 6> rounding_modes = {{
    {"rne", 0},
    {"rtz", 1},
    {"rdn", 2},
    {"rup", 3},
    {"rmm", 4},
    {"dyn", 7},
}};

struct Precision {
    std::string_view suffix;
    FpFormat format;
};

constexpr std::array<Precision, 2> precisions = {{
    {"s", FpFormat::single},
    {"d", FpFormat::double_precision},
}};

constexpr std::array<std::string_view, 4> integer_formats = {"w", "wu", "l", "lu"};

std::string source(GenerationContext& context, const Precision& precision) {
    return fp_register(context.registers().fp_source(precision.format));
}

std::string destination(GenerationContext& context, const Precision& precision) {
    return fp_register(context.registers().fp_destination(precision.format));
}

// Operands repeat now and then: min(x, x), x == x, x * x and x - x behave specially.
std::string second_source(GenerationContext& context, const Precision& precision,
                          const std::string& first, unsigned repeat_percent) {
    return context.random().percent(repeat_percent) ? first : source(context, precision);
}

// fcvt.d.s, fcvt.d.w and fcvt.d.wu are exact, so the assembler only writes them with rm=RNE;
// the other valid rounding modes are legal encodings too and are written with .insn.
std::string exact_conversion(const RoundingMode& mode, std::string_view mnemonic,
                             unsigned function7, unsigned source_selector,
                             const std::string& destination, const std::string& source) {
    if (mode.encoding == 0) {
        return fmt::format("{} {}, {}", mnemonic, destination, source);
    }
    return fmt::format(".insn r 0x53, {}, {:#x}, {}, {}, x{} /* {} {}, {}, {} */", mode.encoding,
                       function7, destination, source, source_selector, mnemonic, destination,
                       source, mode.name);
}

} // namespace

InstructionGroup random_fp_arithmetic(GenerationContext& context) {
    RandomSource& random = context.random();
    const std::string_view operation =
        random.pick<std::string_view>({"fadd", "fsub", "fmul", "fdiv", "fsqrt", "fmin", "fmax"});
    const Precision precision = random.pick_element(precisions);
    const RoundingMode mode = random.pick_element(rounding_modes);
    const std::string first = source(context, precision);
    const std::string second = second_source(context, precision, first, 10);
    const std::string result = destination(context, precision);
    if (operation == "fsqrt") {
        return single_instruction(
            fmt::format("fsqrt.{} {}, {}, {}", precision.suffix, result, first, mode.name));
    }
    if (operation == "fmin" || operation == "fmax") {
        return single_instruction(
            fmt::format("{}.{} {}, {}, {}", operation, precision.suffix, result, first, second));
    }
    return single_instruction(fmt::format("{}.{} {}, {}, {}, {}", operation, precision.suffix,
                                          result, first, second, mode.name));
}

InstructionGroup random_fp_fused_multiply_add(GenerationContext& context) {
    RandomSource& random = context.random();
    const std::string_view operation =
        random.pick<std::string_view>({"fmadd", "fmsub", "fnmadd", "fnmsub"});
    const Precision precision = random.pick_element(precisions);
    const RoundingMode mode = random.pick_element(rounding_modes);
    const std::string first = source(context, precision);
    const std::string second = second_source(context, precision, first, 10);
    const std::string third = source(context, precision);
    const std::string result = destination(context, precision);
    return single_instruction(fmt::format("{}.{} {}, {}, {}, {}, {}", operation, precision.suffix,
                                          result, first, second, third, mode.name));
}

InstructionGroup random_fp_sign_injection(GenerationContext& context) {
    RandomSource& random = context.random();
    const std::string_view operation = random.pick<std::string_view>({"fsgnj", "fsgnjn", "fsgnjx"});
    const Precision precision = random.pick_element(precisions);
    const std::string first = source(context, precision);
    // Equal sources are the fmv/fneg/fabs idioms.
    const std::string second = second_source(context, precision, first, 25);
    const std::string result = destination(context, precision);
    return single_instruction(
        fmt::format("{}.{} {}, {}, {}", operation, precision.suffix, result, first, second));
}

InstructionGroup random_fp_compare(GenerationContext& context) {
    RandomSource& random = context.random();
    const std::string_view operation =
        random.pick<std::string_view>({"feq", "flt", "fle", "fclass"});
    const Precision precision = random.pick_element(precisions);
    const std::string first = source(context, precision);
    const std::string second = second_source(context, precision, first, 10);
    const std::string result = integer_register(context.registers().destination());
    if (operation == "fclass") {
        return single_instruction(fmt::format("fclass.{} {}, {}", precision.suffix, result, first));
    }
    return single_instruction(
        fmt::format("{}.{} {}, {}, {}", operation, precision.suffix, result, first, second));
}

InstructionGroup random_fp_conversion(GenerationContext& context) {
    RandomSource& random = context.random();
    const RoundingMode mode = random.pick_element(rounding_modes);
    const Precision precision = random.pick_element(precisions);
    const std::string_view integer_format = random.pick_element(integer_formats);
    switch (random.below(3)) {
    case 0: {
        const std::string operand = source(context, precision);
        const std::string result = integer_register(context.registers().destination());
        return single_instruction(fmt::format("fcvt.{}.{} {}, {}, {}", integer_format,
                                              precision.suffix, result, operand, mode.name));
    }
    case 1: {
        const std::string operand = integer_register(context.registers().source());
        const std::string result = destination(context, precision);
        if (precision.format == FpFormat::double_precision && integer_format == "w") {
            return single_instruction(exact_conversion(mode, "fcvt.d.w", 0x69, 0, result, operand));
        }
        if (precision.format == FpFormat::double_precision && integer_format == "wu") {
            return single_instruction(
                exact_conversion(mode, "fcvt.d.wu", 0x69, 1, result, operand));
        }
        return single_instruction(fmt::format("fcvt.{}.{} {}, {}, {}", precision.suffix,
                                              integer_format, result, operand, mode.name));
    }
    default: {
        // Between the formats: fcvt.s.d rounds, fcvt.d.s is exact.
        const Precision& source_precision =
            precision.format == FpFormat::single ? precisions[1] : precisions[0];
        const std::string operand = source(context, source_precision);
        const std::string result = destination(context, precision);
        if (precision.format == FpFormat::single) {
            return single_instruction(
                fmt::format("fcvt.s.d {}, {}, {}", result, operand, mode.name));
        }
        return single_instruction(exact_conversion(mode, "fcvt.d.s", 0x21, 0, result, operand));
    }
    }
}

InstructionGroup random_fp_move(GenerationContext& context) {
    RandomSource& random = context.random();
    const Precision precision = random.pick_element(precisions);
    const std::string_view width = precision.format == FpFormat::single ? "w" : "d";
    if (random.percent(50)) {
        const std::string operand = source(context, precision);
        const std::string result = integer_register(context.registers().destination());
        return single_instruction(fmt::format("fmv.x.{} {}, {}", width, result, operand));
    }
    const std::string operand = integer_register(context.registers().source());
    const std::string result = destination(context, precision);
    return single_instruction(fmt::format("fmv.{}.x {}, {}", width, result, operand));
}

} // namespace xbemu::random_program
