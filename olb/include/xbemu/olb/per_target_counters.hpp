#pragma once
// Counters of one PE per PE it reached (remote traffic, PIMP messages), sized by use: a PE holds
// an entry per PE it reached, in target order, so that a job of P PEs whose PEs each reach a few
// others does not hold P² counters; once a PE has reached a good share of the job, its entries
// become one per PE of the job, indexed by target, which costs no more and finds a target at
// once. `Counters` is a plain struct with `bool any() const` (some operation counted) and
// `template <typename Op> void combine(const Counters&, Op)` (each field as `op(ours, other's)`).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace xbemu {

template <typename Counters> struct TargetCounters {
    unsigned target = 0;
    Counters counters;
};

template <typename Counters> class PerTargetCounters {
public:
    PerTargetCounters() = default;
    explicit PerTargetCounters(unsigned pe_count) : pe_count_(pe_count) {}

    // The counters of `target`, made on first use. The hot path, one compare more than a plain
    // array: entries one per PE, then a run of operations to the target counted last.
    [[gnu::always_inline]] Counters& of(unsigned target) {
        if (target < direct_) [[likely]] {
            return counters_[target];
        }
        if (last_ < targets_.size() && targets_[last_] == target) {
            return counters_[last_];
        }
        return insert(target);
    }
    // Adds (or sets, the first time) one target's counters: how counters gathered from
    // elsewhere are rebuilt.
    void add(unsigned target, const Counters& counters) {
        of(target).combine(counters, [](std::uint64_t a, std::uint64_t b) { return a + b; });
    }

    // The PEs of the job: the targets there can be.
    unsigned pe_count() const { return pe_count_; }
    // Every target with an entry, in increasing order; an entry may be all zero (a difference
    // of two snapshots, or a target never reached once the entries are one per PE).
    std::vector<TargetCounters<Counters>> targets() const {
        std::vector<TargetCounters<Counters>> entries(counters_.size());
        for (std::size_t entry = 0; entry < entries.size(); ++entry) {
            entries[entry] = {target_of(entry), counters_[entry]};
        }
        return entries;
    }
    // The targets some operation reached, in increasing order.
    std::vector<TargetCounters<Counters>> reached() const {
        std::vector<TargetCounters<Counters>> entries;
        for (std::size_t entry = 0; entry < counters_.size(); ++entry) {
            if (counters_[entry].any()) {
                entries.push_back({target_of(entry), counters_[entry]});
            }
        }
        return entries;
    }
    // One target's counters, all zero for a target never reached.
    Counters counters(unsigned target) const {
        if (dense()) {
            return target < counters_.size() ? counters_[target] : Counters{};
        }
        const auto entry = std::lower_bound(targets_.begin(), targets_.end(), target);
        return entry != targets_.end() && *entry == target
                   ? counters_[static_cast<std::size_t>(entry - targets_.begin())]
                   : Counters{};
    }
    bool any() const {
        return std::any_of(counters_.begin(), counters_.end(),
                           [](const Counters& c) { return c.any(); });
    }

    // Each counter of `other`, target by target, combined into these as `op(ours, other's)`.
    template <typename Op> void combine(const PerTargetCounters& other, Op op) {
        pe_count_ = std::max(pe_count_, other.pe_count_);
        for (std::size_t entry = 0; entry < other.counters_.size(); ++entry) {
            const Counters& counters = other.counters_[entry];
            if (!other.dense() || counters != Counters{}) {
                of(other.target_of(entry)).combine(counters, op);
            }
        }
    }

private:
    // A PE whose entries reach this share of the job's PEs gets one entry per PE.
    static constexpr unsigned kDenseShare = 8;

    bool dense() const { return targets_.empty() && !counters_.empty(); }
    unsigned target_of(std::size_t entry) const {
        return dense() ? static_cast<unsigned>(entry) : targets_[entry];
    }

    [[gnu::noinline]] Counters& insert(unsigned target) {
        if (target >= pe_count_) {
            pe_count_ = target + 1;
        }
        if (dense()) {
            // A target beyond the job's PEs as they were known (counters gathered from
            // elsewhere).
            counters_.resize(pe_count_);
            direct_ = pe_count_;
            return counters_[target];
        }
        const auto at = std::lower_bound(targets_.begin(), targets_.end(), target);
        auto entry = static_cast<std::size_t>(at - targets_.begin());
        if (at == targets_.end() || *at != target) {
            if ((targets_.size() + 1) * kDenseShare >= pe_count_) {
                make_dense();
                return counters_[target];
            }
            targets_.insert(at, target);
            counters_.insert(counters_.begin() + static_cast<std::ptrdiff_t>(entry), Counters{});
        }
        last_ = entry;
        return counters_[entry];
    }

    void make_dense() {
        std::vector<Counters> dense(pe_count_);
        for (std::size_t entry = 0; entry < targets_.size(); ++entry) {
            dense[targets_[entry]] = counters_[entry];
        }
        counters_ = std::move(dense);
        targets_.clear();
        targets_.shrink_to_fit();
        direct_ = pe_count_;
    }

    // Sparse: the counters of the targets in targets_, in the same order. Dense (targets_
    // empty): one per PE of the job, indexed by target.
    std::vector<Counters> counters_;
    std::vector<unsigned> targets_;
    unsigned pe_count_ = 0;
    unsigned direct_ = 0;  // targets below this index counters_ directly: 0 or pe_count_
    std::size_t last_ = 0; // the sparse entry counted last
};

} // namespace xbemu
