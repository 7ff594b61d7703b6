#pragma once
// A PE's caches and DRAM in the cycle mode: what a fetch, load, store or a remote xBGAS access
// served at this PE costs, in cycles. Levels: L1I and L1D (each optional), a shared L2
// (optional), DRAM behind them on the PE's own channel. The rules (docs/timing.md):
//
// - An access costs the latency of every level it looks up: a hit in the first cache costs its
//   `latency`; a miss adds the next level's latency; a miss in the last cache adds DRAM's
//   latency plus the line's transfer, line / bytes_per_cycle cycles (rounded up). Without any
//   cache an access goes to DRAM with its own bytes.
// - fetch, load and store return the stall: that cost less the one cycle the core model already
//   charges for the instruction (so an L1 hit of latency 1 stalls 0 cycles, as the flat
//   memory; a machine without caches and DRAM stalls 0 cycles always).
// - A transfer holds the PE's DRAM channel for its transfer cycles from the moment the channel
//   takes it; a later request waits for the channel first, so misses and writebacks queue
//   behind each other (DRAM's latency itself is pipelined).
// - Write-back, write-allocate: a store miss fetches the line and stalls as a load miss does.
//   A dirty victim goes to the next level (L1D -> L2 as a line write, which allocates without
//   reading DRAM; L2, or L1D without L2 -> DRAM) after the miss that evicted it is served, from
//   a write-back buffer: it occupies the L2 and the channel but never stalls the core.
// - serve_remote: a remote access is served by the target's L2 (a miss there reads DRAM), or by
//   DRAM when there is no L2, or costs the flat `remote_service` when there is neither. A
//   remote write (store or atomic) first drops the line from the target's L1D; a dirty copy is
//   written back into L2 (or DRAM) on the way, off the remote access's path. A remote read
//   does not look into L1D.
// Deterministic: the costs depend on the addresses and the `now` cycles only.

#include "xbemu/memory_hierarchy_config.hpp"
#include "xbemu/memory_hierarchy_statistics.hpp"
#include "xbemu/memory_timing.hpp"
#include "xbemu/netsim/cycle.hpp"
#include "xbemu/timing/cache.hpp"

#include <cstdint>
#include <optional>

namespace xbemu {

class MemoryHierarchy {
public:
    // Throws std::invalid_argument for caches without DRAM behind them, levels of different
    // line sizes, or a geometry Cache refuses.
    MemoryHierarchy(const MemoryHierarchyConfig& config, std::uint64_t remote_service);

    // No cache and no DRAM: every call returns 0 (remote_service for serve_remote).
    bool flat() const { return flat_; }

    std::uint64_t fetch(std::uint64_t address, netsim::Cycle now);
    // With an L1I: the stall of a fetch that hits, and its line; fetch_again counts `count`
    // fetches that hit in the line the last fetch read (the stall is the caller's), which saves
    // the lookups of instructions that share a line.
    bool has_instruction_cache() const { return l1i_.has_value(); }
    std::uint64_t instruction_hit_stall() const { return l1i_->latency - 1; }
    std::uint64_t instruction_line_bytes() const { return l1i_->cache.line_bytes(); }
    void fetch_again(std::uint64_t count);
    static constexpr std::uint64_t kFetchBytes = 4; // a fetch without L1I reads a parcel pair
    // L1D's and L1I's hit paths (MemoryTiming::data_hit_path), if the level exists.
    std::optional<CacheHitPath> data_hit_path() { return hit_path(l1d_); }
    std::optional<CacheHitPath> instruction_hit_path() { return hit_path(l1i_); }
    std::uint64_t load(std::uint64_t address, std::uint64_t bytes, netsim::Cycle now);
    std::uint64_t store(std::uint64_t address, std::uint64_t bytes, netsim::Cycle now);
    // Cycles this PE takes to serve a remote access that reaches it at `now`.
    std::uint64_t serve_remote(std::uint64_t address, std::uint64_t bytes, CacheAccessKind kind,
                               netsim::Cycle now);

    MemoryHierarchyStatistics statistics() const;
    // L1I's and L1D's counters of the core's own accesses (not a remote write's invalidations or
    // writebacks), and their stall cycles; repeat_first_level_activity adds `times` turns of a
    // difference of two of them: a polling loop's turns that hit in the L1s.
    MemoryActivity first_level_activity() const;
    void repeat_first_level_activity(const MemoryActivity& turn, std::uint64_t times);

private:
    struct Level {
        Cache cache;
        std::uint64_t latency;
        std::uint64_t stall_cycles = 0;
    };

    // Whose time a lookup is: the core's own accesses count as the levels' stall cycles, less
    // `credit` (the cycle the core model charges) at the first level looked up.
    struct Charge {
        bool core = false;
        std::uint64_t credit = 0;
    };

    static std::optional<CacheHitPath> hit_path(std::optional<Level>& level);
    std::uint64_t first_level_access(std::optional<Level>& l1, std::uint64_t address,
                                     std::uint64_t bytes, CacheAccessKind kind, netsim::Cycle now);
    // Reads through L2 (or DRAM) a request that reaches it at `at`; returns when it is served.
    netsim::Cycle read_below_l1(std::uint64_t address, std::uint64_t bytes, CacheAccessKind kind,
                                netsim::Cycle at, Charge charge);
    void write_back_below_l1(std::uint64_t line, netsim::Cycle at);
    netsim::Cycle dram_read(std::uint64_t bytes, netsim::Cycle at, Charge charge);
    void dram_write(std::uint64_t bytes, netsim::Cycle at);
    // Takes the channel for `bytes` at `at` or once it is free; returns when the transfer starts.
    netsim::Cycle take_channel(std::uint64_t bytes, netsim::Cycle at);

    std::optional<Level> l1i_;
    std::optional<Level> l1d_;
    std::optional<Level> l2_;
    DramTiming dram_{};
    std::uint64_t line_bytes_ = 0;
    std::uint64_t remote_service_;
    bool flat_;
    netsim::Cycle channel_free_at_ = 0;
    DramStatistics dram_statistics_;
    RemoteServiceStatistics remote_statistics_;
};

} // namespace xbemu
