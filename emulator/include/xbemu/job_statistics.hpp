#pragma once
// What --stats and --stats-json report about a run: per PE, instructions, host time, MIPS,
// host memory, the JIT's translation cache and what each extension counts
// (extension_statistics.hpp; PIMP: messages and waits, xBGAS: remote traffic per target PE); in
// the cycle mode also cycles, CPI, stall cycles by cause, and the network's messages, latencies
// and link use.

#include "xbemu/execution_engine.hpp"
#include "xbemu/extension_statistics.hpp"
#include "xbemu/memory_hierarchy_statistics.hpp"
#include "xbemu/netsim/network_statistics.hpp"
#include "xbemu/stall_cause.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace xbemu {

// A region of interest of one PE (xbemu_roi_begin to xbemu_roi_end), where it lies in the PE's
// whole run: its instructions and (in the cycle mode) cycles at both ends. `ended` is false for
// a region still open when the PE's run ended (it counts up to that end).
struct RegionOfInterest {
    std::uint64_t begin_instructions = 0;
    std::uint64_t begin_cycles = 0;
    std::uint64_t end_instructions = 0;
    std::uint64_t end_cycles = 0;
    bool ended = false;
};

struct StatisticsDump;

struct PeStatistics {
    unsigned pe = 0;
    std::uint64_t instructions = 0;
    double seconds = 0;
    // Functional mode: host CPU time of the thread that ran the PE (a PE waiting for messages
    // sleeps, so it stays well below `seconds`); on a pool of host threads, the pool's CPU time
    // shared among its PEs by the time their slices held a thread (share_pool_cpu_seconds).
    double cpu_seconds = 0;
    // Host memory the PE's guest RAM occupies at the end, and the peak resident set of the
    // process that ran it (shared by the PEs of one process).
    std::uint64_t guest_ram_resident_bytes = 0;
    std::uint64_t process_peak_bytes = 0;
    // What the extensions the build knows count (zero for those the ISA leaves out, or nothing
    // for those reported only when enabled), in the order --stats reports them.
    ExtensionStatisticsList extensions;
    // The cycle timing mode: simulated cycles and where the cycles beyond one per instruction
    // went.
    bool cycle_mode = false;
    std::uint64_t cycles = 0;
    StallCycles stalls{};
    // Caches and DRAM, when the machine description names them (flat otherwise).
    MemoryHierarchyStatistics memory;
    // The JIT's translation cache (all zero under the interpreter).
    TranslationStatistics translation;
    // The cycle mode's speculative runs (docs/timing.md): kept, undone because they ran past
    // their window's end, and abandoned at something they could not undo. Which runs a window
    // keeps depends on the host's threads: a host figure.
    struct SpeculativeRuns {
        std::uint64_t kept = 0;
        std::uint64_t undone = 0;
        std::uint64_t abandoned = 0;
    } speculation;
    // The guest's measurement hints (docs/measuring.md): with --stats-roi the counters above
    // cover the regions of interest only; the regions and the labelled snapshots
    // (xbemu_stats_dump) in the order the PE took them.
    bool regions_only = false;
    // An xbemu_stats_reset zeroed the counters.
    bool reset = false;
    std::vector<RegionOfInterest> regions;
    std::vector<StatisticsDump> dumps;

    // Millions of instructions per host second; 0 before any time was measured.
    double mips() const {
        return seconds > 0 ? static_cast<double>(instructions) / seconds / 1e6 : 0.0;
    }
    double cycles_per_instruction() const {
        return instructions == 0 ? 0.0
                                 : static_cast<double>(cycles) / static_cast<double>(instructions);
    }
};

inline double mebibytes(std::uint64_t bytes) {
    return static_cast<double>(bytes) / (1 << 20);
}

// A labelled snapshot of a PE's counters, as the statistics would have reported them at the
// xbemu_stats_dump that took it (host figures left out).
struct StatisticsDump {
    std::string label;
    // Where in the PE's whole run it was taken.
    std::uint64_t at_instructions = 0;
    std::uint64_t at_cycles = 0;
    PeStatistics figures;
};

// How a run was made, for --stats-json to describe itself (the "run" object).
struct RunDescription {
    std::string version;
    std::vector<std::string> command_line;
    std::string isa;
    std::string engine;
    // The --machine file, or "built-in", and the effective description as --print-machine
    // prints it (JSON).
    std::string machine_source;
    std::string machine_description;
    unsigned pes = 1;
    std::string launcher;  // "in-process" or "mpirun"
    std::string transport; // under mpirun: auto, shm or rma
    int exit_status = 0;
    // Why xbemu stopped the guest (an unhandled trap, a deadlock...), or empty.
    std::string failure;
};

// The "run" object of --stats-json and --profile.
nlohmann::json run_description_json(const RunDescription& run);

// `network`: the cycle mode's network statistics, or nullptr. `interrupted_by`: the signal
// ("SIGINT") that stopped the run before its end, which the statistics then say; empty when the
// run ended by itself.
std::string format_statistics(const std::vector<PeStatistics>& pes,
                              const netsim::NetworkStatistics* network,
                              std::string_view interrupted_by = {});
void print_statistics(const std::vector<PeStatistics>& pes,
                      const netsim::NetworkStatistics* network, std::FILE* stream,
                      std::string_view interrupted_by = {});
// In the cycle mode the file holds simulated figures only, so that it is the same on every run
// (--stats prints the host's figures). An interrupted run's file has "interrupted": true and
// "signal". Throws std::runtime_error if it cannot be written.
// `run`, if given, becomes the file's "run" object: the one part that differs between runs
// of the same program in the cycle mode (the command line names the host threads, the launcher).
void write_statistics_json(const std::vector<PeStatistics>& pes,
                           const netsim::NetworkStatistics* network,
                           const std::filesystem::path& path, std::string_view interrupted_by = {},
                           const RunDescription* run = nullptr);
std::uint64_t process_peak_memory_bytes();
// The PEs ran on a pool of host threads whose CPU time was `pool_cpu_seconds`, and each PE's
// cpu_seconds holds the time its slices held a thread: each gets its share of the pool's CPU
// time by that time instead, so that a slice's wait for a core the host gave another process
// does not count.
void share_pool_cpu_seconds(std::vector<PeStatistics>& pes, double pool_cpu_seconds);

} // namespace xbemu
