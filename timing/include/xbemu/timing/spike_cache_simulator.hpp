#pragma once
// Spike's cache simulator (--ic, --dc, --l2) in the functional mode: an instruction cache that
// sees every fetched instruction, a data cache that sees every load and store to RAM, and an L2
// that sees both caches' misses (a line read) and writebacks (a line write), counted as Spike's
// cache_sim_t counts them and reported in its words. Replacement is LRU where Spike picks a
// random way: with one way (direct-mapped) the two agree access for access.

#include "xbemu/memory_access_observer.hpp"
#include "xbemu/timing/cache.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace xbemu {

struct SpikeCacheGeometry {
    std::uint64_t sets = 0;
    std::uint64_t ways = 0;
    std::uint64_t block_bytes = 0;
};

// "SETS:WAYS:BLOCK" as Spike spells it (sets and block powers of two, block at least 8).
// Throws std::invalid_argument with one line naming `option` otherwise.
SpikeCacheGeometry parse_spike_cache_geometry(std::string_view text, std::string_view option);

class SpikeCacheSimulator final : public MemoryAccessObserver {
public:
    SpikeCacheSimulator(const std::optional<SpikeCacheGeometry>& icache,
                        const std::optional<SpikeCacheGeometry>& dcache,
                        const std::optional<SpikeCacheGeometry>& l2);

    void fetched(std::uint64_t address, unsigned bytes) override;
    void loaded(std::uint64_t address, unsigned bytes) override;
    void stored(std::uint64_t address, unsigned bytes) override;
    // Spike's lines, in the order its caches print them as they are destroyed (L2$, D$, I$);
    // a cache that saw no access prints nothing, as in Spike.
    std::string report(const std::string& prefix) const override;
    // The data cache's: a hit in its set's most recently used line changes only the cache's
    // counts and the line's dirty flag, and L2 sees nothing of it.
    std::optional<CacheHitPath> data_hit_path() override;
    // The instruction cache's, likewise.
    std::optional<CacheHitPath> instruction_hit_path() override;

    const Cache* icache() const { return icache_ ? &*icache_ : nullptr; }
    const Cache* dcache() const { return dcache_ ? &*dcache_ : nullptr; }
    const Cache* l2() const { return l2_ ? &*l2_ : nullptr; }

private:
    // One access to a first-level cache, its miss and writeback passed on to L2 as Spike's
    // miss handler does: the victim's line write first, then the missing line's read.
    void access(Cache& cache, std::uint64_t address, unsigned bytes, CacheAccessKind kind);

    std::optional<Cache> icache_;
    std::optional<Cache> dcache_;
    std::optional<Cache> l2_;
};

} // namespace xbemu
