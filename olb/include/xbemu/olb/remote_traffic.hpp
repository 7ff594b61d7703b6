#pragma once
// Per-target counters of one PE's remote operations (--stats, --stats-json).

#include <cstdint>
#include <vector>

namespace xbemu {

struct RemoteTrafficCounters {
    std::uint64_t loads = 0;
    std::uint64_t stores = 0;
    std::uint64_t atomics = 0;
    std::uint64_t bytes = 0;
};

class RemoteTraffic {
public:
    explicit RemoteTraffic(unsigned pe_count) : targets_(pe_count) {}
    void load(unsigned target, unsigned bytes) {
        targets_[target].loads += 1;
        targets_[target].bytes += bytes;
    }
    void store(unsigned target, unsigned bytes) {
        targets_[target].stores += 1;
        targets_[target].bytes += bytes;
    }
    void atomic(unsigned target, unsigned bytes) {
        targets_[target].atomics += 1;
        targets_[target].bytes += bytes;
    }
    const std::vector<RemoteTrafficCounters>& targets() const { return targets_; }
    bool any() const {
        for (const RemoteTrafficCounters& t : targets_) {
            if (t.loads + t.stores + t.atomics != 0) {
                return true;
            }
        }
        return false;
    }

private:
    std::vector<RemoteTrafficCounters> targets_;
};

} // namespace xbemu
