#pragma once
// What a PE's memory hierarchy (MemoryHierarchy) reports: per cache level accesses, misses,
// writebacks and the stall cycles it caused; DRAM's transfers and its channel's use; the remote
// accesses the PE served. Formatted for --stats (text lines in job_statistics' style) and
// --stats-json; MPKI (misses per thousand instructions) from the PE's instruction count. The
// timing layer's MemoryHierarchy counts; the statistics of a job (job_statistics) print them.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace xbemu {

struct CacheLevelStatistics {
    std::string name; // "L1I", "L1D", "L2"
    std::uint64_t accesses = 0;
    std::uint64_t misses = 0;
    std::uint64_t writebacks = 0;
    std::uint64_t stall_cycles = 0;
};

struct DramStatistics {
    std::uint64_t reads = 0;
    std::uint64_t writes = 0;
    std::uint64_t bytes = 0;
    // Cycles the channel was transferring, and that requests waited for it.
    std::uint64_t busy_cycles = 0;
    std::uint64_t queue_cycles = 0;
    // Stall cycles of the core's own accesses spent in DRAM (queueing included).
    std::uint64_t stall_cycles = 0;
};

struct RemoteServiceStatistics {
    std::uint64_t accesses = 0;
    std::uint64_t cycles = 0;
};

struct MemoryHierarchyStatistics {
    std::vector<CacheLevelStatistics> caches; // the levels present, L1I, L1D, L2 in order
    bool has_dram = false;
    DramStatistics dram;
    RemoteServiceStatistics remote;

    // No cache and no DRAM: nothing to report (the flat memory's remote service is in the
    // network's figures).
    bool flat() const { return caches.empty() && !has_dram; }
};

// Lines "  PE <pe>: L1D accesses ..., misses ... (MPKI ...), writebacks ..., stall cycles ...",
// one per level, then DRAM's and the remote service's; empty for a flat memory.
std::string format_memory_statistics(unsigned pe, const MemoryHierarchyStatistics& statistics,
                                     std::uint64_t instructions);
// {"l1d": {"accesses", "misses", "mpki", "writebacks", "stall_cycles"}, ..., "dram": {...},
// "remote_service": {...}}; an empty object for a flat memory.
nlohmann::json memory_statistics_json(const MemoryHierarchyStatistics& statistics,
                                      std::uint64_t instructions);

} // namespace xbemu
