#pragma once
// The generator's command line.

#include "program_writer.hpp"

#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace xbemu::random_program {

inline constexpr std::uint64_t largest_instruction_count = 1'000'000;

struct GeneratorOptions {
    ProgramParameters program;
    std::string output_path; // empty: standard output
};

struct HelpRequested {};

struct UsageError {
    std::string message;
};

using ParsedCommandLine = std::variant<GeneratorOptions, HelpRequested, UsageError>;

// `arguments` excludes the program name.
ParsedCommandLine parse_command_line(std::span<const std::string_view> arguments);
std::string usage_text(std::string_view program_name);

} // namespace xbemu::random_program
