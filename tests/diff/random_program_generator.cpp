// random_program_generator: writes a seeded random RV64GC test program as assembly. The
// program prints its final architectural state, so running it on xbemu and on QEMU and
// comparing the output checks every instruction it executed.

#include "generator_options.hpp"
#include "program_writer.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr int exit_usage_error = 2;
constexpr int exit_write_error = 1;

int write_output(const std::string& path, const std::string& text) {
    if (path.empty()) {
        std::cout << text;
        std::cout.flush();
        return std::cout ? 0 : exit_write_error;
    }
    std::ofstream file(path, std::ios::binary);
    file << text;
    file.close();
    return file ? 0 : exit_write_error;
}

} // namespace

int main(int argc, char** argv) {
    using namespace xbemu::random_program;
    const std::string_view program_name = argc > 0 ? argv[0] : "random_program_generator";
    const std::vector<std::string_view> arguments(argv + (argc > 0 ? 1 : 0), argv + argc);
    const ParsedCommandLine parsed = parse_command_line(arguments);

    if (std::holds_alternative<HelpRequested>(parsed)) {
        std::cout << usage_text(program_name);
        return 0;
    }
    if (const auto* error = std::get_if<UsageError>(&parsed)) {
        std::cerr << program_name << ": " << error->message << " (see --help)\n";
        return exit_usage_error;
    }
    const auto& options = std::get<GeneratorOptions>(parsed);
    const int status = write_output(options.output_path, generate_program(options.program));
    if (status != 0) {
        const std::string destination = options.output_path.empty()
                                            ? std::string("standard output")
                                            : "'" + options.output_path + "'";
        std::cerr << program_name << ": cannot write " << destination << "\n";
    }
    return status;
}
