#pragma once
// What --stats and --stats-json report about a run: per PE, instructions, host time, MIPS,
// host memory, and remote traffic per target PE.

#include "xbemu/olb/remote_traffic.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <vector>

namespace xbemu {

struct PeStatistics {
    unsigned pe = 0;
    std::uint64_t instructions = 0;
    double seconds = 0;
    // Host memory the PE's guest RAM occupies at the end, and the peak resident set of the
    // process that ran it (shared by the PEs of one process).
    std::uint64_t guest_ram_resident_bytes = 0;
    std::uint64_t process_peak_bytes = 0;
    std::vector<RemoteTrafficCounters> traffic; // indexed by target PE
};

void print_statistics(const std::vector<PeStatistics>& pes, std::FILE* stream);
// Throws std::runtime_error if the file cannot be written.
void write_statistics_json(const std::vector<PeStatistics>& pes, const std::filesystem::path& path);
std::uint64_t process_peak_memory_bytes();

} // namespace xbemu
