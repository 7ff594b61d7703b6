#include "generator_options.hpp"

#include "state_checkpoint.hpp"

#include <charconv>
#include <fmt/format.h>
#include <optional>

namespace xbemu::random_program {

namespace {

// Decimal, or hexadecimal with a 0x prefix; no sign, no trailing characters.
std::optional<std::uint64_t> parse_unsigned(std::string_view text) {
    int base = 10;
    if (text.starts_with("0x") || text.starts_with("0X")) {
        text.remove_prefix(2);
        base = 16;
    }
    if (text.empty()) {
        return std::nullopt;
    }
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
    if (error != std::errc{} || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

} // namespace

ParsedCommandLine parse_command_line(std::span<const std::string_view> arguments) {
    std::optional<std::uint64_t> seed;
    std::optional<std::uint64_t> count;
    std::optional<InstructionMix> mix;
    std::string output_path;
    for (std::size_t index = 0; index < arguments.size(); ++index) {
        const std::string_view option = arguments[index];
        if (option == "-h" || option == "--help") {
            return HelpRequested{};
        }
        if (option != "--seed" && option != "--count" && option != "--mix" && option != "-o" &&
            option != "--output") {
            return UsageError{fmt::format("unknown argument '{}'", option)};
        }
        if (index + 1 == arguments.size()) {
            return UsageError{fmt::format("{} needs a value", option)};
        }
        const std::string_view value = arguments[++index];
        if (option == "--seed") {
            seed = parse_unsigned(value);
            if (!seed) {
                return UsageError{fmt::format(
                    "invalid seed '{}': expected an unsigned 64-bit number (decimal or 0x...)",
                    value)};
            }
        } else if (option == "--count") {
            count = parse_unsigned(value);
            if (!count || *count == 0 || *count > largest_instruction_count) {
                return UsageError{fmt::format("invalid count '{}': expected 1 to {}", value,
                                              largest_instruction_count)};
            }
        } else if (option == "--mix") {
            mix = parse_instruction_mix(value);
            if (!mix) {
                return UsageError{
                    fmt::format("invalid mix '{}': expected int, fp, compressed or mixed", value)};
            }
        } else {
            if (value.empty()) {
                return UsageError{"the output path is empty"};
            }
            output_path = value;
        }
    }
    if (!seed) {
        return UsageError{"missing --seed"};
    }
    if (!count) {
        return UsageError{"missing --count"};
    }
    if (!mix) {
        return UsageError{"missing --mix"};
    }
    return GeneratorOptions{{*seed, *count, *mix}, output_path};
}

std::string usage_text(std::string_view program_name) {
    return fmt::format(
        "usage: {} --seed SEED --count N --mix MIX [-o FILE]\n"
        "\n"
        "Writes the RISC-V assembly (.S) of a self-contained bare-metal RV64GC program that\n"
        "gives all registers random initial values, runs N random instructions drawn from MIX\n"
        "(saving the whole register state every {} or so), prints every register, fcsr, hashes\n"
        "of its scratch buffer and of the saved states, and a checksum through semihosting, and\n"
        "exits with status 0. The same arguments always give the same file.\n"
        "\n"
        "  --seed SEED   unsigned 64-bit seed, decimal or 0x-prefixed hexadecimal\n"
        "  --count N     number of random instructions, 1 to {} (address set-ups\n"
        "                count as instructions, a li pseudo-instruction as one)\n"
        "  --mix MIX     int         RV64IM, loads/stores, AMOs, LR/SC, branches and jumps\n"
        "                fp          F and D: arithmetic, fma, conversions, compares, moves,\n"
        "                            loads/stores, frm and fflags accesses\n"
        "                compressed  every RV64C instruction mixed with the int ones\n"
        "                mixed       all of the above\n"
        "  -o, --output FILE  write there instead of standard output\n"
        "  -h, --help    show this text\n"
        "\n"
        "Build the result with riscv64-unknown-elf-gcc -march=rv64gc -mabi=lp64d\n"
        "-mcmodel=medany -nostdlib -T cmake/bare-metal.ld.\n",
        program_name, checkpoint_interval, largest_instruction_count);
}

} // namespace xbemu::random_program
