#pragma once
// Per-target counters of one PE's remote operations (--stats, --stats-json): loads, stores,
// atomics and their bytes, for each PE it reached (per_target_counters.hpp: sized by use).

#include "xbemu/olb/per_target_counters.hpp"

#include <cstdint>

namespace xbemu {

struct RemoteTrafficCounters {
    std::uint64_t loads = 0;
    std::uint64_t stores = 0;
    std::uint64_t atomics = 0;
    std::uint64_t bytes = 0;
    bool any() const { return loads + stores + atomics != 0; }
    template <typename Op> void combine(const RemoteTrafficCounters& other, Op op) {
        loads = op(loads, other.loads);
        stores = op(stores, other.stores);
        atomics = op(atomics, other.atomics);
        bytes = op(bytes, other.bytes);
    }
    bool operator==(const RemoteTrafficCounters&) const = default;
};

using TargetTraffic = TargetCounters<RemoteTrafficCounters>;

class RemoteTraffic : public PerTargetCounters<RemoteTrafficCounters> {
public:
    using PerTargetCounters::PerTargetCounters;

    void load(unsigned target, unsigned bytes) {
        RemoteTrafficCounters& counters = of(target);
        counters.loads += 1;
        counters.bytes += bytes;
    }
    void store(unsigned target, unsigned bytes) {
        RemoteTrafficCounters& counters = of(target);
        counters.stores += 1;
        counters.bytes += bytes;
    }
    void atomic(unsigned target, unsigned bytes) {
        RemoteTrafficCounters& counters = of(target);
        counters.atomics += 1;
        counters.bytes += bytes;
    }
};

} // namespace xbemu
