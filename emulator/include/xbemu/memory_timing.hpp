#pragma once
// What a hart's own fetches, loads and stores cost in the cycle timing mode beyond the one
// cycle the core model charges each instruction: the timing layer's caches and DRAM answer,
// given when the access starts, in cycles the hart stalls. The hart fetches each instruction at
// its own start, the lines it spans in order; one in the line it fetched last is a hit that
// needs no lookup. So the figures do not depend on how the code is cut into blocks (the
// commit log runs one instruction at a time; a window's end splits a block). The hart asks only
// when one is attached (Hart::attach_memory_timing); otherwise its memory is the flat one-cycle
// memory and nothing on its fast paths changes.

#include "xbemu/cache_hit_path.hpp"
#include "xbemu/memory_hierarchy_statistics.hpp"
#include "xbemu/netsim/cycle.hpp"

#include <array>
#include <cstdint>
#include <optional>

namespace xbemu {

// What the first-level caches have counted of the hart's own accesses, laid out as the timing
// layer chooses: a polling loop that the cycle mode skips instead of running adds its turn's
// difference once per turn skipped, so that the caches' figures are those of running it.
using MemoryActivity = std::array<std::uint64_t, 16>;

class MemoryTiming {
public:
    virtual ~MemoryTiming() = default;
    // An instruction fetch that looks up the line holding `address` (the instruction cache's
    // line; without one, the instruction itself).
    virtual std::uint64_t fetch(std::uint64_t address, netsim::Cycle now) = 0;
    // `count` fetches from the line the last fetch looked up, its set's most recently used:
    // hits, counted without a lookup; each stalls fetch_hit_stall().
    virtual void fetch_hits(std::uint64_t count) = 0;
    virtual std::uint64_t fetch_hit_stall() const = 0;
    // The instruction cache's line, or 0 without one (then every instruction is a fetch).
    virtual std::uint64_t instruction_line_bytes() const = 0;
    virtual MemoryActivity activity() const = 0;
    virtual void repeat_activity(const MemoryActivity& turn, std::uint64_t times) = 0;
    virtual std::uint64_t load(std::uint64_t address, unsigned bytes, netsim::Cycle now) = 0;
    // Stores, store-conditionals and AMOs (write-allocate: a miss brings the line in first).
    virtual std::uint64_t store(std::uint64_t address, unsigned bytes, netsim::Cycle now) = 0;
    // What the caches and DRAM have counted so far.
    virtual MemoryHierarchyStatistics statistics() const = 0;
    // The first-level caches' hit paths, if there are such caches; fetch_hits(n) is then the
    // instruction cache's counts of n reads of fetch_bytes() and n hit stalls.
    virtual std::optional<CacheHitPath> data_hit_path() { return std::nullopt; }
    virtual std::optional<CacheHitPath> instruction_hit_path() { return std::nullopt; }
    virtual std::uint64_t fetch_bytes() const { return 0; }

protected:
    MemoryTiming() = default;
    MemoryTiming(const MemoryTiming&) = default;
    MemoryTiming& operator=(const MemoryTiming&) = default;
};

} // namespace xbemu
