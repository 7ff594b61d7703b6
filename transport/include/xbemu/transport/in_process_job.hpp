#pragma once
// A job of N PEs in one process (xbemu -n N). In the functional timing mode each PE runs on its
// own host thread and every PE's RAM is mapped for every other: remote accesses are plain memory
// accesses and host atomics. In the cycle mode the PEs run window by window on a pool of host
// threads and reach each other only through messages and the network model.

#include "xbemu/attached_debugger.hpp"
#include "xbemu/cycle_trace.hpp"
#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/elf_image.hpp"
#include "xbemu/job_statistics.hpp"
#include "xbemu/machine_config.hpp"
#include "xbemu/netsim/network_statistics.hpp"

#include <optional>
#include <string>
#include <vector>

namespace xbemu {

struct JobOutcome {
    // The lowest-numbered PE's non-zero exit status, or 0.
    int status = 0;
    // Set when xbemu had to stop the job (a PE trapped, a deadlock...): what to print.
    std::optional<std::string> failure;
    std::vector<PeStatistics> statistics;
    // The cycle timing mode's network.
    std::optional<netsim::NetworkStatistics> network;
    // --trace: every PE's events (under mpirun, rank 0 holds them), and whether a PE reached
    // its cap.
    std::vector<TraceEvent> trace;
    bool trace_truncated = false;
};

// Throws LoadError (and the OLB table's errors) before anything runs. `debugger`, if any, is
// attached to the PEs before they start.
JobOutcome run_in_process_job(const MachineConfig& config, const DecodeTable& table,
                              const ElfImage& image, AttachedDebugger* debugger = nullptr);

} // namespace xbemu
