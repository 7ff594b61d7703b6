#pragma once
// What a PE's memory hierarchy (MemoryHierarchy) reports: per cache level accesses, misses,
// writebacks and the stall cycles it caused; DRAM's transfers and its channel's use; the remote
// accesses the PE served. Formatted for --stats (text lines in job_statistics' style) and
// --stats-json; MPKI (misses per thousand instructions) from the PE's instruction count. The
// timing layer's MemoryHierarchy counts; the statistics of a job (job_statistics) print them.

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
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

    // Each counter of `other` combined into these as `op(ours, other's)`, level by level (a
    // snapshot's difference, a sum over PEs).
    template <typename Op> void combine(const MemoryHierarchyStatistics& other, Op op) {
        if (caches.size() < other.caches.size()) {
            caches.resize(other.caches.size());
        }
        for (std::size_t level = 0; level < other.caches.size(); ++level) {
            CacheLevelStatistics& a = caches[level];
            const CacheLevelStatistics& b = other.caches[level];
            a.name = b.name;
            a.accesses = op(a.accesses, b.accesses);
            a.misses = op(a.misses, b.misses);
            a.writebacks = op(a.writebacks, b.writebacks);
            a.stall_cycles = op(a.stall_cycles, b.stall_cycles);
        }
        has_dram = has_dram || other.has_dram;
        dram.reads = op(dram.reads, other.dram.reads);
        dram.writes = op(dram.writes, other.dram.writes);
        dram.bytes = op(dram.bytes, other.dram.bytes);
        dram.busy_cycles = op(dram.busy_cycles, other.dram.busy_cycles);
        dram.queue_cycles = op(dram.queue_cycles, other.dram.queue_cycles);
        dram.stall_cycles = op(dram.stall_cycles, other.dram.stall_cycles);
        remote.accesses = op(remote.accesses, other.remote.accesses);
        remote.cycles = op(remote.cycles, other.remote.cycles);
    }
};

// Lines "  <whose>: L1D accesses ..., misses ... (MPKI ...), writebacks ..., stall cycles ...",
// one per level, then DRAM's and the remote service's; empty for a flat memory. `whose` is "PE 3"
// or, for the sum over a job's PEs, "all PEs".
std::string format_memory_statistics(std::string_view whose,
                                     const MemoryHierarchyStatistics& statistics,
                                     std::uint64_t instructions);
// {"l1d": {"accesses", "misses", "mpki", "writebacks", "stall_cycles"}, ..., "dram": {...},
// "remote_service": {...}}; an empty object for a flat memory.
nlohmann::json memory_statistics_json(const MemoryHierarchyStatistics& statistics,
                                      std::uint64_t instructions);

} // namespace xbemu
