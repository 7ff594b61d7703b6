// xbemu: run a bare-metal RISC-V ELF program.

#include "cache_simulator_options.hpp"
#include "checkpoint_options.hpp"
#include "host_memory_check.hpp"
#include "open_file_limit.hpp"
#include "xbemu/base_extensions.hpp"
#include "xbemu/chrome_trace.hpp"
#include "xbemu/commit_log_selection.hpp"
#include "xbemu/debugger/gdb_stub.hpp"
#include "xbemu/decoder/disassembler.hpp"
#include "xbemu/decoder/extension_registry.hpp"
#include "xbemu/decoder/isa_string.hpp"
#include "xbemu/elf_image.hpp"
#include "xbemu/execution_engine.hpp"
#include "xbemu/job_interruption.hpp"
#include "xbemu/job_profile.hpp"
#include "xbemu/job_statistics.hpp"
#include "xbemu/machine_description.hpp"
#include "xbemu/memory_size.hpp"
#include "xbemu/olb/olb_table_file.hpp"
#include "xbemu/pimp/pimp_extension.hpp"
#include "xbemu/processing_element.hpp"
#include "xbemu/program_layout.hpp"
#include "xbemu/transport/in_process_job.hpp"
#include "xbemu/transport/mpi_job.hpp"
#include "xbemu/xbgas/xbgas_extension.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <fstream>
#include <iterator>
#include <optional>
#include <string_view>
#include <sys/resource.h>
#include <unistd.h>

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
    std::string stats_json;
    std::string profile;
    // xbemu's own arguments as given, for --stats-json to name.
    std::vector<std::string> command_line;
    bool disassemble = false;
    bool list_instructions = false;
    unsigned pes = 0; // 0: not given
    std::string transport = "auto";
    std::string timing = "functional";
    std::string engine{engine_name(default_engine())};
    std::string jit_cache = "32M";
    std::string machine_file;
    std::string olb_file;
    std::string network;
    bool print_machine = false;
    unsigned host_threads = 0; // 0: not given
    std::string pimp_layout = "default";
    std::string trace;
    std::uint64_t trace_limit = 0; // 0: not given
    std::string fast_forward;      // empty: not given
    std::string gdb;               // empty: no gdb stub
    bool gdb_wait = false;
    CacheSimulatorOptions caches;
    CheckpointOptions checkpoint;
};

constexpr std::uint64_t kDefaultTraceEventsPerPe = 1'000'000;

void print_error(const std::string& message) {
    std::fflush(stdout);
    std::fprintf(stderr, "xbemu: error: %s\n", message.c_str());
}

MpiTransport parse_transport(const std::string& name) {
    if (name == "shm") {
        return MpiTransport::Shm;
    }
    if (name == "rma") {
        return MpiTransport::Rma;
    }
    return MpiTransport::Auto;
}

// Linear sweep over the executable segments, like objdump -d -M no-aliases: a "<symbol>:" line
// where each function (or assembly label) begins, and branch and jump targets named.
void print_disassembly(const ElfImage& image, const DecodeTable& table) {
    const ProgramLayout layout = program_layout(image);
    DisassemblyContext context{0, image.privileged_spec, [&layout](std::uint64_t address) {
                                   return layout.name_of_pc(address);
                               }};
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
            if (const CodeRange* symbol = layout.symbol_at(pc);
                symbol != nullptr && symbol->begin == pc) {
                std::printf("\n%016llx <%s>:\n", static_cast<unsigned long long>(pc),
                            symbol->name.c_str());
            }
            context.pc = pc;
            std::printf("%16llx:\t%s\t%s\n", static_cast<unsigned long long>(pc),
                        (length == 4 ? fmt::format("{:08x}", encoding)
                                     : fmt::format("{:04x}    ", encoding))
                            .c_str(),
                        disassemble(table.find(encoding), encoding, context).c_str());
            offset += length;
        }
    }
}

// The cycle mode's machine: built-in defaults, then --machine, then --network.
MachineDescription machine_description(const Options& options) {
    MachineDescription machine = options.machine_file.empty()
                                     ? default_machine_description()
                                     : read_machine_description(options.machine_file);
    if (!options.network.empty()) {
        machine.network.model = *netsim::model_from_name(options.network);
    }
    return machine;
}

// --fast-forward roi, checkpoint or a positive instruction count.
MachineConfig::FastForward parse_fast_forward(const std::string& text) {
    if (text == "roi") {
        return {true, 0};
    }
    if (text == "checkpoint") {
        return {false, 0, true};
    }
    std::uint64_t instructions = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), instructions);
    if (error != std::errc() || end != text.data() + text.size() || instructions == 0) {
        throw std::invalid_argument(fmt::format(
            "--fast-forward {}: give roi, checkpoint or a number of instructions greater than 0",
            text));
    }
    return {false, instructions};
}

void apply_timing_options(Options& options) {
    MachineConfig& config = options.machine;
    config.timing = options.timing == "cycle" ? TimingMode::Cycle : TimingMode::Functional;
    if (!options.fast_forward.empty()) {
        config.fast_forward = parse_fast_forward(options.fast_forward);
        if (config.timing != TimingMode::Cycle) {
            throw std::invalid_argument("--fast-forward applies to --timing cycle (it runs the "
                                        "functional mode up to where the cycle mode starts)");
        }
    }
    // The functional mode takes the PIMP FIFO depths and the grid of --machine, nothing else.
    config.machine = machine_description(options);
    config.host_threads = options.host_threads;
    if (config.timing == TimingMode::Functional) {
        for (const auto& [given, name] : {std::pair{!options.network.empty(), "--network"},
                                          std::pair{!options.trace.empty(), "--trace"},
                                          std::pair{options.trace_limit != 0, "--trace-limit"}}) {
            if (given) {
                throw std::invalid_argument(
                    fmt::format("{} applies to --timing cycle (the functional mode has no "
                                "timing model)",
                                name));
            }
        }
        return;
    }
    if (options.trace_limit != 0 && options.trace.empty()) {
        throw std::invalid_argument("--trace-limit applies to --trace");
    }
    if (!options.trace.empty()) {
        config.trace_events_per_pe =
            options.trace_limit != 0 ? options.trace_limit : kDefaultTraceEventsPerPe;
    }
}

// An output file written only after the run is refused before it, so that a run is not lost to a
// path that cannot be written: appending creates the file and keeps what it holds, so that every
// rank under mpirun may check.
void check_writable(const std::string& path, std::string_view what) {
    if (path.empty()) {
        return;
    }
    std::FILE* file = std::fopen(path.c_str(), "a");
    if (file == nullptr) {
        throw std::runtime_error(
            fmt::format("cannot write {} {}: {}", what, path, std::strerror(errno)));
    }
    std::fclose(file);
}

// Under mpirun every rank opens the file, and all of them do so before the job's first
// collective step, which no rank passes before the others have opened it: truncating loses
// nothing. Appending whole lines then keeps the lines of several logging ranks apart.
std::FILE* open_log_file(const std::string& path) {
    const int descriptor = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0666);
    if (descriptor < 0) {
        return nullptr;
    }
    std::FILE* file = ::fdopen(descriptor, "a");
    if (file == nullptr) {
        ::close(descriptor);
        return nullptr;
    }
    if (launched_by_mpi()) {
        std::setvbuf(file, nullptr, _IOLBF, 0);
    }
    return file;
}

// Every extension this build knows; --isa picks from them.
ExtensionRegistry known_extensions(PimpLayout pimp_layout) {
    ExtensionRegistry registry;
    register_base_extensions(registry);
    registry.add(extension_xbgas());
    registry.add(extension_pimp(pimp_layout));
    return registry;
}

// The machine's decoder; an overlap of the rcmc PIMP layout with xBGAS gets the reason.
DecodeTable decode_table(const std::vector<const Extension*>& extensions, const Options& options) {
    try {
        return DecodeTable(extensions);
    } catch (const DecodeTableError& error) {
        if (options.pimp_layout != "rcmc") {
            throw;
        }
        throw std::invalid_argument(fmt::format(
            "--isa {} with --pimp-layout rcmc: {}: that layout puts the PIMP branches on "
            "custom-3, where xBGAS has its stores; the default layout has both extensions",
            options.machine.isa, error.what()));
    }
}

// A program built for extensions --isa leaves out may never run their instructions (a library
// that tests for them first), so this warns rather than refuses, as QEMU and Spike at most do;
// if it does run one, the illegal-instruction report names the extension again.
void warn_about_missing_extensions(const ElfImage& image, const ExtensionRegistry& registry,
                                   const std::vector<const Extension*>& enabled,
                                   const MachineConfig& config) {
    std::vector<std::string> missing;
    for (const std::string& name : extensions_of_architecture(image.architecture)) {
        const Extension* known = registry.find(name);
        if (known != nullptr && std::find(enabled.begin(), enabled.end(), known) == enabled.end()) {
            missing.push_back(name);
        }
    }
    // Compressed loads and stores of doubles come with D where C is enabled.
    if (std::find(missing.begin(), missing.end(), "d") != missing.end()) {
        std::erase(missing, "zcd");
    }
    if (missing.empty()) {
        return;
    }
    std::vector<std::string> spellings;
    for (const std::string& name : missing) {
        std::string spelling = extension_spelling(name);
        if (std::find(spellings.begin(), spellings.end(), spelling) == spellings.end()) {
            spellings.push_back(std::move(spelling));
        }
    }
    const char* noun = spellings.size() == 1 ? "extension" : "extensions";
    std::string list = spellings.back();
    if (spellings.size() > 1) {
        spellings.pop_back();
        list = fmt::format("{} and {}", fmt::join(spellings, ", "), list);
    }
    std::fprintf(stderr,
                 "xbemu: warning: %s was built for %s: --isa %s leaves out the %s %s, which "
                 "the program may use; run it with --isa %s\n",
                 config.program.string().c_str(), image.architecture.c_str(), config.isa.c_str(),
                 list.c_str(), noun, isa_string_with(config.isa, missing).c_str());
}

// One row per table entry: extension, mnemonic, match, mask and operand format, for tools that
// check other descriptions of the instructions (the binutils patch) against these tables.
void print_instruction_tables(const ExtensionRegistry& registry) {
    for (const std::string_view name : registry.names()) {
        for (const InstructionDescriptor& row : registry.find(name)->instructions) {
            fmt::print("{:<9} {:<16} 0x{:08x} 0x{:08x} {}\n", name, row.mnemonic, row.match,
                       row.mask, row.format->name);
        }
    }
}

std::string file_contents(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// What the ranks of an MPI job must share: the options that change what the program computes or
// which collective steps a rank takes (a rank that gathers a trace the others do not waits for
// ever), and the program itself, which may come from a different file on each node.
std::vector<RankSetting> rank_settings(const Options& options) {
    const MachineConfig& config = options.machine;
    const std::string program = file_contents(config.program);
    const std::string olb =
        options.olb_file.empty() ? std::string() : file_contents(options.olb_file);
    const std::string machine = machine_description_json(config.machine);
    const std::string network(netsim::model_name(config.machine.network.model));
    const std::string machine_source =
        options.machine_file.empty() ? std::string("the built-in one") : options.machine_file;
    const std::string trace = options.trace.empty() ? "none" : "a trace";
    const std::string fast_forward = options.fast_forward.empty() ? "none" : options.fast_forward;
    const std::string checkpoint =
        options.checkpoint.write.empty() ? "none" : options.checkpoint.write;
    const std::string restore =
        options.checkpoint.restore.empty() ? "none" : options.checkpoint.restore;
    return {
        {"--timing", options.timing, options.timing},
        {"--isa", config.isa, config.isa},
        {"--pimp-layout", options.pimp_layout, options.pimp_layout},
        {"--transport", options.transport, options.transport},
        // Every PE's RAM is taken to be as large as this rank's.
        {"-m", std::to_string(config.memory_size), options.memory},
        {"--max-instructions", std::to_string(config.max_instructions),
         std::to_string(config.max_instructions)},
        {"--network", network, network},
        {"--machine (the effective description, as --print-machine prints it)", machine,
         machine_source},
        {"--olb", olb, options.olb_file.empty() ? "none" : options.olb_file},
        {"--trace", trace, trace},
        {"--profile", options.profile.empty() ? "off" : "on",
         options.profile.empty() ? "none" : options.profile},
        {"--stats-roi", config.stats_roi ? "on" : "off", config.stats_roi ? "on" : "off"},
        {"--fast-forward", fast_forward, fast_forward},
        {"--checkpoint", checkpoint, checkpoint},
        {"--checkpoint-exit", options.checkpoint.exit_after_write ? "on" : "off",
         options.checkpoint.exit_after_write ? "on" : "off"},
        {"--restore", restore, restore},
        {"--trace-limit", std::to_string(config.trace_events_per_pe),
         std::to_string(config.trace_events_per_pe)},
        {"the program's contents", program,
         fmt::format("{} ({} bytes)", config.program.string(), program.size())},
    };
}

// What --stats-json says of how the run was made.
RunDescription run_description(const Options& options, unsigned pes, int status,
                               const std::optional<std::string>& failure) {
    RunDescription description;
    description.version = XBEMU_VERSION;
    description.command_line = options.command_line;
    description.isa = options.machine.isa;
    description.engine = std::string(engine_name(options.machine.engine));
    description.machine_source =
        options.machine_file.empty() ? std::string("built-in") : options.machine_file;
    description.machine_description = machine_description_json(options.machine.machine);
    description.pes = pes;
    description.launcher = launched_by_mpi() ? "mpirun" : "in-process";
    if (launched_by_mpi()) {
        description.transport = options.transport;
    }
    description.exit_status = status;
    description.failure = failure.value_or("");
    return description;
}

// --profile: every PE's hart feeds `profile` from here on.
void start_profile(Options& options, const ElfImage& image, std::optional<JobProfile>& profile) {
    if (options.profile.empty()) {
        return;
    }
    MachineConfig& config = options.machine;
    profile.emplace(image, config.program, config.timing == TimingMode::Cycle, config.stats_roi);
    config.profile = &*profile;
}

int run(Options& options) {
    MachineConfig& config = options.machine;
    config.memory_size = parse_memory_size(options.memory);
    apply_timing_options(options);
    config.engine = *parse_engine_name(options.engine);
    apply_cache_simulator_options(options.caches, config);
    try {
        config.jit_cache_bytes = parse_memory_size(options.jit_cache);
    } catch (const std::invalid_argument& error) {
        throw std::invalid_argument(fmt::format("--jit-cache: {}", error.what()));
    }
    if (config.engine == EngineKind::Jit && !jit_available()) {
        throw std::invalid_argument("--engine jit: this xbemu was built without the JIT (it "
                                    "needs an x86-64 host and libasmjit-dev); use --engine interp");
    }
    const ExtensionRegistry registry =
        known_extensions(*pimp_layout_from_name(options.pimp_layout));
    const std::vector<const Extension*> extensions = registry.resolve(config.isa);
    const DecodeTable table = decode_table(extensions, options);
    const ElfImage image = read_elf_image(config.program);
    if (options.disassemble) {
        print_disassembly(image, table);
        return 0;
    }
    warn_about_missing_extensions(image, registry, extensions, config);
    config.known_extensions = &registry;

    check_writable(options.trace, "the trace");
    check_writable(options.stats_json, "statistics to");
    check_writable(options.profile, "the profile");
    if (!options.profile.empty()) {
        check_writable(JobProfile::folded_path(options.profile).string(), "the profile");
    }
    apply_checkpoint_options(options.checkpoint, XBEMU_VERSION, launched_by_mpi(),
                             !options.gdb.empty(), uses_message_passing(table), config,
                             options.pes);
    if (!options.olb_file.empty()) {
        config.olb_table = read_olb_table(options.olb_file);
    }
    std::FILE* log_file = nullptr;
    if (!options.log_file.empty()) {
        log_file = open_log_file(options.log_file);
        if (log_file == nullptr) {
            throw std::runtime_error(
                fmt::format("cannot open log file {}: {}", options.log_file, std::strerror(errno)));
        }
        config.commit_log = log_file;
    } else if (options.log || !config.commit_log_pes.empty()) {
        config.commit_log = stderr;
    }

    std::optional<GdbStub> gdb_stub;
    if (!options.gdb.empty()) {
        gdb_stub.emplace(GdbStubOptions{gdb::parse_gdb_endpoint(options.gdb), options.gdb_wait},
                         table);
    } else if (options.gdb_wait) {
        throw std::invalid_argument("--gdb-wait needs --gdb PORT");
    }
    AttachedDebugger* debugger = gdb_stub ? &*gdb_stub : nullptr;

    // From here on SIGINT and SIGTERM stop the PEs rather than xbemu, so that what the run
    // collected is still written. Not under gdb: a PE the debugger holds (--gdb-wait, a
    // breakpoint in the cycle mode) would not see the stop, and gdb interrupts on its own.
    std::optional<InterruptionWatch> interruption_watch;
    if (debugger == nullptr) {
        interruption_watch.emplace();
    }
    if (config.fast_forward && debugger != nullptr) {
        throw std::invalid_argument("--fast-forward does not work with --gdb");
    }
    JobOutcome outcome;
    std::optional<JobProfile> profile;
    if (launched_by_mpi()) {
        config.pe_count = options.pes;
        start_profile(options, image, profile);
        outcome = run_mpi_job(
            config, table, image, parse_transport(options.transport), rank_settings(options),
            [&](unsigned pes) {
                check_host_memory(config, image, pes);
                raise_open_file_limit();
            },
            debugger);
    } else {
        if (options.transport != "auto") {
            throw std::invalid_argument(
                fmt::format("--transport {} applies to runs under mpirun", options.transport));
        }
        config.pe_count = options.pes == 0 ? 1 : options.pes;
        if (const auto error = commit_log_pes_error(config)) {
            throw std::invalid_argument(*error);
        }
        check_host_memory(config, image, config.pe_count);
        raise_open_file_limit();
        start_profile(options, image, profile);
        outcome = run_in_process_job(config, table, image, debugger);
    }
    std::fflush(stdout);
    if (log_file != nullptr) {
        std::fclose(log_file);
    }
    int status = outcome.status;
    if (outcome.failure) {
        std::fprintf(stderr, "xbemu: %s\n", outcome.failure->c_str());
        status = kGuestFailure;
    }
    const int signal = InterruptionWatch::signal_received();
    const std::string_view interrupted_by = signal != 0 ? signal_name(signal) : "";
    if (signal != 0) {
        // A shell's convention for a process that a signal ended.
        status = 128 + signal;
    }
    // Under mpirun every rank is interrupted; rank 0, which holds the statistics, says so.
    if (signal != 0 && !outcome.statistics.empty()) {
        std::fprintf(stderr,
                     "xbemu: interrupted by %s: stopped the PEs; statistics and trace cover the "
                     "run so far\n",
                     std::string(interrupted_by).c_str());
    }
    const netsim::NetworkStatistics* network = outcome.network ? &*outcome.network : nullptr;
    if (options.stats && !outcome.statistics.empty()) {
        print_statistics(outcome.statistics, network, stderr, interrupted_by);
    }
    if (!options.stats_json.empty() && !outcome.statistics.empty()) {
        const RunDescription description = run_description(
            options, static_cast<unsigned>(outcome.statistics.size()), status, outcome.failure);
        write_statistics_json(outcome.statistics, network, options.stats_json, interrupted_by,
                              &description);
    }
    // Under mpirun rank 0 writes the profile of every PE.
    if (profile && !outcome.statistics.empty()) {
        const RunDescription description = run_description(
            options, static_cast<unsigned>(outcome.statistics.size()), status, outcome.failure);
        profile->write(options.profile, description);
        std::fflush(stdout);
        std::fputs(profile->summary(options.profile).c_str(), stderr);
    }
    // Under mpirun only rank 0 holds the statistics, and the trace.
    if (!options.trace.empty() && !outcome.statistics.empty()) {
        if (outcome.trace_truncated) {
            std::fprintf(stderr,
                         "xbemu: the trace holds the first %llu events of each PE only "
                         "(--trace-limit)\n",
                         static_cast<unsigned long long>(config.trace_events_per_pe));
        }
        write_chrome_trace(options.trace, std::move(outcome.trace),
                           static_cast<unsigned>(outcome.statistics.size()),
                           outcome.trace_truncated, interrupted_by);
    }
    return status;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"xbemu: a fast, faithful RISC-V (RV64GC) emulator for bare-metal programs.\n"
                 "Run as: xbemu [options] program.elf [guest arguments...]",
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
    app.add_option("--log-pe", options.machine.commit_log_pes,
                   "commit log of these PEs only (a list: --log-pe 0,2); implies -l")
        ->allow_extra_args(false)
        ->delimiter(',');
    app.add_flag("--stats", options.stats,
                 "print instructions, host seconds, MIPS, host memory and remote traffic per PE "
                 "on standard error at exit");
    app.add_option("--stats-json", options.stats_json, "write the statistics as JSON to this file");
    app.add_flag("--stats-roi", options.machine.stats_roi,
                 "count the statistics inside the guest's regions of interest only "
                 "(xbemu_roi_begin to xbemu_roi_end, see docs/measuring.md)");
    app.add_option("--profile", options.profile,
                   "write a profile as JSON to this file and its call stacks, folded for "
                   "flamegraph.pl and speedscope, to FILE.folded; the top functions on standard "
                   "error (see docs/measuring.md)");
    app.add_option("-n,--pes", options.pes,
                   "number of PEs in this process, up to 65536 as the host's memory allows "
                   "(under mpirun: must equal the rank count)")
        ->check(CLI::Range(1U, 65536U));
    app.add_option("--transport", options.transport,
                   "under mpirun: auto (shared memory on a node, MPI one-sided across nodes), "
                   "shm, or rma (one-sided MPI for every remote access)")
        ->check(CLI::IsMember({"auto", "shm", "rma"}))
        ->capture_default_str();
    app.add_option("--olb", options.olb_file,
                   "OLB table file: lines 'object_id pe' mapping more xBGAS object IDs")
        ->check(CLI::ExistingFile);
    app.add_flag("--tag-output", options.machine.tag_output,
                 "prefix each line a PE prints with [PE n]");
    app.add_option("--fs-root", options.machine.file_system_root,
                   "directory that the guest's semihosting file operations are confined to")
        ->check(CLI::ExistingDirectory)
        ->capture_default_str();
    app.add_flag("--allow-system", options.machine.allow_system,
                 "let the guest run host shell commands through semihosting SYS_SYSTEM");
    app.add_flag("--disassemble", options.disassemble,
                 "print the disassembly of the program's code and exit");
    app.add_option("--timing", options.timing,
                   "functional (default: one cycle per instruction, fastest) or cycle (the "
                   "cycle timing model: the same cycles and statistics on every run)")
        ->check(CLI::IsMember({"functional", "cycle"}))
        ->capture_default_str();
    app.add_option("--engine", options.engine,
                   "what runs the program: jit (translates hot code to host code; the default "
                   "where built) or interp (the interpreter), with the same results and, in the "
                   "cycle mode, the same cycles; the default comes from XBEMU_ENGINE when set. "
                   "The commit log always interprets")
        ->check(CLI::IsMember({"interp", "jit"}))
        ->envname("XBEMU_ENGINE")
        ->capture_default_str();
    app.add_option("--jit-threshold", options.machine.jit_threshold,
                   "the JIT translates a block on this run of it: 1 translates all code at "
                   "once, and in the cycle mode also runs translated code in runs of under 64 "
                   "cycles, which otherwise interpret; higher values leave code that runs only "
                   "a few times to the interpreter (XBEMU_JIT_THRESHOLD when set)")
        ->check(CLI::Range(1U, 1000000U))
        ->envname("XBEMU_JIT_THRESHOLD")
        ->capture_default_str();
    app.add_option("--jit-cache", options.jit_cache,
                   "each PE's translation cache (host memory only as it fills): 32M, 4M...; "
                   "the JIT empties it when full")
        ->capture_default_str();
    app.add_option("--machine", options.machine_file,
                   "machine description (JSON) overriding the built-in latencies, network and "
                   "PIMP FIFO depths (the functional mode takes only the FIFO depths and grid)")
        ->check(CLI::ExistingFile);
    app.add_option("--network", options.network,
                   "cycle mode: network model: ideal, fixed, mesh, torus or paternoster")
        ->check(CLI::IsMember({"ideal", "fixed", "mesh", "torus", "paternoster"}));
    app.add_flag("--print-machine", options.print_machine,
                 "print the effective machine description (defaults, --machine, --network) "
                 "and exit");
    app.add_option("--host-threads", options.host_threads,
                   "host threads that run the PEs of this process (default: one per host "
                   "core)")
        ->check(CLI::Range(1U, 4096U));
    app.add_option("--pimp-layout", options.pimp_layout,
                   "encodings of the PIMP branches: default (custom-2, coexists with xBGAS) or "
                   "rcmc (custom-3, as the rcmc simulator; not with xBGAS)")
        ->check(CLI::IsMember({"default", "rcmc"}))
        ->capture_default_str();
    app.add_option("--trace", options.trace,
                   "cycle mode: write a Chrome trace-event JSON file (open it in Perfetto): per "
                   "PE its waits and polling loops, and every message as a flow");
    app.add_option("--trace-limit", options.trace_limit,
                   "cycle mode: events each PE keeps in the trace (default 1000000)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    app.add_option("--fast-forward", options.fast_forward,
                   "cycle mode: run the functional mode (at full speed) until every PE has "
                   "reached xbemu_roi_begin() (roi), xbemu_checkpoint() (checkpoint) or retired N "
                   "instructions, then switch every PE to the cycle mode (see docs/measuring.md)");
    add_checkpoint_options(app, options.checkpoint);
    app.add_option("--gdb", options.gdb,
                   "serve gdb on this TCP port (tcp:HOST:PORT for another interface than "
                   "localhost; 0: any free port, printed); under mpirun rank r uses PORT + r");
    app.add_flag("--gdb-wait", options.gdb_wait,
                 "with --gdb: stop before the first instruction until gdb continues");
    add_cache_simulator_options(app, options.caches);
    app.add_flag("--list-instructions", options.list_instructions,
                 "print every instruction xbemu knows (extension, mnemonic, match, mask, operand "
                 "format) and exit");
    app.prefix_command();
    app.footer("Exit status: the guest's; 1 when xbemu stops the guest (unhandled trap, deadlock,\n"
               "instruction limit); 2 for a bad command line or program file.");

    options.command_line.assign(argv, argv + argc);
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
    if (options.print_machine) {
        try {
            std::fputs(machine_description_json(machine_description(options)).c_str(), stdout);
            return 0;
        } catch (const std::exception& error) {
            print_error(error.what());
            return kUsageError;
        }
    }
    if (options.list_instructions) {
        if (!rest.empty()) {
            print_error("--list-instructions takes no program");
            return kUsageError;
        }
        print_instruction_tables(known_extensions(*pimp_layout_from_name(options.pimp_layout)));
        return 0;
    }
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
    } catch (const InterruptedAtStartUp& interruption) {
        std::fflush(stdout);
        std::fprintf(stderr, "xbemu: %s\n", interruption.what());
        // A shell's convention for a process that a signal ended, as after a run.
        return 128 + interruption.signal();
    } catch (const GuestFatalError& error) {
        std::fflush(stdout);
        std::fprintf(stderr, "xbemu: %s\n", error.what());
        return kGuestFailure;
    } catch (const std::exception& error) {
        print_error(error.what());
        return kUsageError;
    }
}
