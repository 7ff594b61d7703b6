#pragma once
// A job of N PEs in one process (xbemu -n N), each PE on its own host thread, every PE's RAM
// mapped for every other: remote accesses are plain memory accesses and host atomics.

#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/elf_image.hpp"
#include "xbemu/job_statistics.hpp"
#include "xbemu/machine_config.hpp"

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
};

// Throws LoadError (and the OLB table's errors) before anything runs.
JobOutcome run_in_process_job(const MachineConfig& config, const DecodeTable& table,
                              const ElfImage& image);

} // namespace xbemu
