#pragma once
// Per-target counters of one PE's remote operations (--stats, --stats-json), sized by use: a PE
// holds an entry per PE it reached, in target order, so that a job of P PEs whose PEs each reach
// a few others does not hold P² counters; once a PE has reached a good share of the job, its
// entries become one per PE of the job, indexed by target, which costs no more and finds a
// target at once.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace xbemu {

struct RemoteTrafficCounters {
    std::uint64_t loads = 0;
    std::uint64_t stores = 0;
    std::uint64_t atomics = 0;
    std::uint64_t bytes = 0;
    bool any() const { return loads + stores + atomics != 0; }
};

struct TargetTraffic {
    unsigned target = 0;
    RemoteTrafficCounters counters;
};

class RemoteTraffic {
public:
    RemoteTraffic() = default;
    explicit RemoteTraffic(unsigned pe_count) : pe_count_(pe_count) {}

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
    // Adds (or sets, the first time) one target's counters: how statistics gathered from
    // elsewhere are rebuilt.
    void add(unsigned target, const RemoteTrafficCounters& counters) {
        combine_one(target, counters, [](std::uint64_t a, std::uint64_t b) { return a + b; });
    }

    // The PEs of the job: the targets there can be.
    unsigned pe_count() const { return pe_count_; }
    // Every target with an entry, in increasing order; an entry may be all zero (a difference
    // of two snapshots, or a target never reached once the entries are one per PE).
    const std::vector<TargetTraffic>& targets() const { return targets_; }
    // One target's counters, all zero for a target never reached.
    RemoteTrafficCounters counters(unsigned target) const {
        if (dense_) {
            return target < targets_.size() ? targets_[target].counters : RemoteTrafficCounters{};
        }
        const auto entry = find(target);
        return entry != targets_.end() && entry->target == target ? entry->counters
                                                                  : RemoteTrafficCounters{};
    }
    bool any() const {
        return std::any_of(targets_.begin(), targets_.end(),
                           [](const TargetTraffic& t) { return t.counters.any(); });
    }

    // Each counter of `other`, target by target, combined into these as `op(ours, other's)`.
    template <typename Op> void combine(const RemoteTraffic& other, Op op) {
        pe_count_ = std::max(pe_count_, other.pe_count_);
        for (const TargetTraffic& entry : other.targets_) {
            if (!other.dense_ || entry.counters.any() || entry.counters.bytes != 0) {
                combine_one(entry.target, entry.counters, op);
            }
        }
    }

private:
    // A PE whose entries reach this share of the job's PEs gets one entry per PE.
    static constexpr unsigned kDenseShare = 8;

    RemoteTrafficCounters& of(unsigned target) {
        if (dense_) [[likely]] {
            return targets_[target].counters;
        }
        if (last_ < targets_.size() && targets_[last_].target == target) [[likely]] {
            return targets_[last_].counters;
        }
        return insert(target);
    }

    std::vector<TargetTraffic>::const_iterator find(unsigned target) const {
        return std::lower_bound(
            targets_.begin(), targets_.end(), target,
            [](const TargetTraffic& entry, unsigned key) { return entry.target < key; });
    }

    RemoteTrafficCounters& insert(unsigned target) {
        if (target >= pe_count_) {
            pe_count_ = target + 1;
        }
        auto entry = targets_.begin() + (find(target) - targets_.cbegin());
        if (entry == targets_.end() || entry->target != target) {
            if ((targets_.size() + 1) * kDenseShare >= pe_count_) {
                make_dense();
                return targets_[target].counters;
            }
            entry = targets_.insert(entry, TargetTraffic{target, {}});
        }
        last_ = static_cast<std::size_t>(entry - targets_.begin());
        return entry->counters;
    }

    void make_dense() {
        std::vector<TargetTraffic> dense(pe_count_);
        for (unsigned target = 0; target < pe_count_; ++target) {
            dense[target].target = target;
        }
        for (const TargetTraffic& entry : targets_) {
            dense[entry.target].counters = entry.counters;
        }
        targets_ = std::move(dense);
        dense_ = true;
    }

    template <typename Op>
    void combine_one(unsigned target, const RemoteTrafficCounters& other, Op op) {
        if (dense_ && target >= targets_.size()) {
            pe_count_ = std::max(pe_count_, target + 1);
            dense_ = false;
            make_dense();
        }
        RemoteTrafficCounters& counters = of(target);
        counters.loads = op(counters.loads, other.loads);
        counters.stores = op(counters.stores, other.stores);
        counters.atomics = op(counters.atomics, other.atomics);
        counters.bytes = op(counters.bytes, other.bytes);
    }

    std::vector<TargetTraffic> targets_;
    unsigned pe_count_ = 0;
    std::size_t last_ = 0; // the sparse entry counted last: a run of operations to one target
    bool dense_ = false;
};

} // namespace xbemu
