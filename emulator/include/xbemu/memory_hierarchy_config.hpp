#pragma once
// A PE's caches and DRAM as the machine description names them (the "memory" section's l1i,
// l1d, l2 and dram). Plain numbers: the behaviour is the timing layer's MemoryHierarchy. A level
// left out is absent; with every level absent the memory is today's flat one cycle per access.

#include <cstdint>
#include <optional>

namespace xbemu {

struct CacheGeometry {
    std::uint64_t size_bytes = 0;
    std::uint64_t ways = 0;
    std::uint64_t line_bytes = 0;
    // Cycles a hit takes (in the first level: the whole access; 1 is the flat memory's cost).
    std::uint64_t latency = 1;

    std::uint64_t sets() const { return size_bytes / (ways * line_bytes); }
    bool operator==(const CacheGeometry&) const = default;
};

struct DramTiming {
    // Cycles from a request to its first byte, and the channel's width.
    std::uint64_t latency = 0;
    std::uint64_t bytes_per_cycle = 0;
    bool operator==(const DramTiming&) const = default;
};

struct MemoryHierarchyConfig {
    std::optional<CacheGeometry> l1i;
    std::optional<CacheGeometry> l1d;
    std::optional<CacheGeometry> l2;
    std::optional<DramTiming> dram;

    // No cache and no DRAM: every access costs the core's one cycle.
    bool flat() const { return !l1i && !l1d && !l2 && !dram; }
    bool operator==(const MemoryHierarchyConfig&) const = default;
};

} // namespace xbemu
