#pragma once
// Everything the command line decides about a machine.

#include "xbemu/execution_engine.hpp"
#include "xbemu/machine_description.hpp"
#include "xbemu/memory_access_observer.hpp"
#include "xbemu/olb/olb.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xbemu {

class CheckpointFileReader;
class ExtensionRegistry;
class JobProfile;

struct MachineConfig {
    std::string isa = "rv64gc";
    std::uint64_t memory_size = 256ULL << 20;
    // 0 = no limit.
    std::uint64_t max_instructions = 0;
    // Spike-style commit log (one line per retired instruction) to this stream, or none.
    std::FILE* commit_log = nullptr;
    // The PEs whose harts write it (--log-pe); empty: every PE.
    std::vector<unsigned> commit_log_pes;
    // Longest decoded block.
    unsigned max_block_length = 256;
    std::filesystem::path program;
    std::vector<std::string> arguments;
    std::filesystem::path file_system_root = ".";
    bool allow_system = false;
    // PEs in this process (-n); under MPI, one per rank.
    unsigned pe_count = 1;
    // OLB entries beyond the default table (--olb), read once and shared by the PEs, or null.
    std::shared_ptr<const OlbTable> olb_table;
    // Prefix every line a PE prints with "[PE n] ".
    bool tag_output = false;
    // --stats-roi: the statistics count only inside the guest's regions of interest.
    bool stats_roi = false;
    TimingMode timing = TimingMode::Functional;
    // What runs the blocks, in both timing modes.
    EngineKind engine = default_engine();
    // The JIT translates a block on this run of it (1: at once).
    unsigned jit_threshold = 4;
    // Each hart's translation cache: the JIT empties it when full.
    std::uint64_t jit_cache_bytes = 32ULL << 20;
    // The cycle mode's latencies, network and FIFO depths.
    MachineDescription machine = default_machine_description();
    // --fast-forward: in the cycle mode, the PEs first run in the functional mode until each has
    // reached xbemu_roi_begin() (to_roi) or retired `instructions`; the job runner then switches
    // them all to the cycle mode (docs/measuring.md).
    struct FastForward {
        bool to_roi = false;
        std::uint64_t instructions = 0;
        // Each PE stops right after its xbemu_checkpoint() instead (--checkpoint's default).
        bool to_checkpoint = false;
    };
    std::optional<FastForward> fast_forward;
    // --checkpoint, --restore (docs/measuring.md, "Checkpoints"): the job is written to `write`
    // at the fast-forward's switch (then it ends, with `exit_after_write`, or goes on in the cycle
    // mode), or starts in the cycle mode from the checkpoint `restore`. `header_version` and
    // `header_machine` are what the file's header says of the run (xbemu's version, the
    // effective machine description).
    struct Checkpointing {
        std::filesystem::path write;
        bool exit_after_write = false;
        std::filesystem::path restore;
        // The checkpoint --restore opened (and the run checked against its header), whose
        // sections the job runner reads, or null.
        std::shared_ptr<CheckpointFileReader> restored;
        // Under mpirun: why --restore cannot use the file (every rank finds the same; the ranks'
        // set-up refuses the job with it), or nothing.
        std::optional<std::string> refusal;
        std::string header_version;
        std::string header_machine;
    };
    Checkpointing checkpointing;
    // Host threads that run the PEs of one process in the cycle mode (0: one per host core).
    unsigned host_threads = 0;
    // --trace: the events each PE keeps in the cycle mode (0: no trace).
    std::uint64_t trace_events_per_pe = 0;
    // Every extension this build knows, --isa's or not: an unhandled illegal instruction's report
    // names the one --isa leaves out that defines it. Null: not named.
    const ExtensionRegistry* known_extensions = nullptr;
    // Functional mode: makes each PE's observer of its fetches and RAM accesses (Spike's cache
    // simulator, --ic/--dc/--l2), or is empty.
    std::function<std::unique_ptr<MemoryAccessObserver>()> memory_observer;
    // --profile: where each PE's hart reports what it runs, one instruction at a time, or null.
    JobProfile* profile = nullptr;
};

} // namespace xbemu
