// xbemu: run a bare-metal RISC-V ELF program.

#include "xbemu/base_extensions.hpp"
#include "xbemu/decoder/disassembler.hpp"
#include "xbemu/decoder/extension_registry.hpp"
#include "xbemu/decoder/isa_string.hpp"
#include "xbemu/elf_image.hpp"
#include "xbemu/memory_size.hpp"
#include "xbemu/processing_element.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstring>

namespace {

using namespace xbemu;

constexpr int kUsageError = 2;
constexpr int kGuestFailure = 1;

struct Options {
    MachineConfig machine;
    std::string memory = "256M";
    bool log = false;
    std::string log_file;
    bool stats = false;
    bool disassemble = false;
};

void print_error(const std::string& message) {
    std::fflush(stdout);
    std::fprintf(stderr, "xbemu: error: %s\n", message.c_str());
}

std::uint64_t peak_host_memory_bytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
}

void print_statistics(const ProcessingElement& pe, double seconds) {
    const std::uint64_t instructions = pe.instructions_retired();
    std::fflush(stdout);
    std::fprintf(stderr,
                 "xbemu statistics:\n"
                 "  instructions: %llu\n"
                 "  host seconds: %.6f\n"
                 "  MIPS: %.2f\n"
                 "  peak host memory: %.1f MiB\n",
                 static_cast<unsigned long long>(instructions), seconds,
                 seconds > 0 ? static_cast<double>(instructions) / seconds / 1e6 : 0.0,
                 static_cast<double>(peak_host_memory_bytes()) / (1 << 20));
}

// Linear sweep over the executable segments, like objdump -d -M no-aliases.
void print_disassembly(const ElfImage& image, const DecodeTable& table) {
    for (const ElfSegment& segment : image.segments) {
        if (!segment.executable) {
            continue;
        }
        std::size_t offset = 0;
        while (offset + 2 <= segment.data.size()) {
            std::uint32_t encoding = 0;
            std::memcpy(&encoding, segment.data.data() + offset, 2);
            std::size_t length = 2;
            if ((encoding & 3U) == 3U) {
                if (offset + 4 > segment.data.size()) {
                    break;
                }
                std::memcpy(&encoding, segment.data.data() + offset, 4);
                length = 4;
            }
            const std::uint64_t pc = segment.address + offset;
            std::printf("%16llx:\t%s\t%s\n", static_cast<unsigned long long>(pc),
                        (length == 4 ? fmt::format("{:08x}", encoding)
                                     : fmt::format("{:04x}    ", encoding))
                            .c_str(),
                        disassemble(table, encoding, pc).c_str());
            offset += length;
        }
    }
}

int run(Options& options) {
    MachineConfig& config = options.machine;
    config.memory_size = parse_memory_size(options.memory);
    ExtensionRegistry registry;
    register_base_extensions(registry);
    const std::vector<const Extension*> extensions = registry.resolve(config.isa);
    const DecodeTable table(extensions);
    const ElfImage image = read_elf_image(config.program);
    if (options.disassemble) {
        print_disassembly(image, table);
        return 0;
    }

    std::FILE* log_file = nullptr;
    if (!options.log_file.empty()) {
        log_file = std::fopen(options.log_file.c_str(), "w");
        if (log_file == nullptr) {
            throw std::runtime_error(
                fmt::format("cannot open log file {}: {}", options.log_file, std::strerror(errno)));
        }
        config.commit_log = log_file;
    } else if (options.log) {
        config.commit_log = stderr;
    }

    ProcessingElement pe(config, table);
    pe.load(image);
    const auto start = std::chrono::steady_clock::now();
    int status = 0;
    try {
        status = pe.run();
    } catch (const GuestFatalError& error) {
        std::fflush(stdout);
        std::fprintf(stderr, "xbemu: %s\n", error.what());
        status = kGuestFailure;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fflush(stdout);
    if (log_file != nullptr) {
        std::fclose(log_file);
    }
    if (options.stats) {
        print_statistics(pe, seconds);
    }
    return status;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"xbemu: a fast, faithful RISC-V (RV64GC) emulator for bare-metal programs.\n"
                 "Usage: xbemu [options] program.elf [guest arguments...]",
                 "xbemu"};
    Options options;
    app.set_version_flag("--version", "xbemu " XBEMU_VERSION);
    app.add_option("--isa", options.machine.isa,
                   "ISA string: rv64gc (default), rv64imac, rv64imafd...")
        ->capture_default_str();
    app.add_option("-m,--memory", options.memory,
                   "guest RAM at 0x80000000: a size such as 256M or 1G (a plain number is MiB)")
        ->capture_default_str();
    app.add_option("--max-instructions", options.machine.max_instructions,
                   "stop with an error after this many instructions (0 = no limit)");
    app.add_flag("-l,--log", options.log,
                 "commit log on standard error: one line per retired instruction");
    app.add_option("--log-file", options.log_file, "write the commit log to this file instead");
    app.add_flag("--stats", options.stats,
                 "print instructions, host seconds and MIPS on standard error at exit");
    app.add_option("--fs-root", options.machine.file_system_root,
                   "directory that the guest's semihosting file operations are confined to")
        ->check(CLI::ExistingDirectory)
        ->capture_default_str();
    app.add_flag("--allow-system", options.machine.allow_system,
                 "let the guest run host shell commands through semihosting SYS_SYSTEM");
    app.add_flag("--disassemble", options.disassemble,
                 "print the disassembly of the program's code and exit");
    app.prefix_command();
    app.footer("Exit status: the guest's; 1 when xbemu stops the guest (unhandled trap, deadlock,\n"
               "instruction limit); 2 for a bad command line or program file.");

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        print_error(fmt::format("{} (see xbemu --help)", e.what()));
        return kUsageError;
    }
    std::vector<std::string> rest = app.remaining();
    if (rest.empty()) {
        print_error("no program given (usage: xbemu [options] program.elf [arguments...])");
        return kUsageError;
    }
    // prefix_command() hands over everything from the first word it does not know.
    if (rest.front().starts_with('-')) {
        print_error(fmt::format("unknown option {} (see xbemu --help)", rest.front()));
        return kUsageError;
    }
    options.machine.program = rest.front();
    options.machine.arguments.assign(rest.begin() + 1, rest.end());

    try {
        return run(options);
    } catch (const GuestFatalError& error) {
        std::fflush(stdout);
        std::fprintf(stderr, "xbemu: %s\n", error.what());
        return kGuestFailure;
    } catch (const std::exception& error) {
        print_error(error.what());
        return kUsageError;
    }
}
