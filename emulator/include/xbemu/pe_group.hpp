#pragma once
// What the PEs of one process share: a stop request (one PE failed, so all stop) and the view
// of which PEs are waiting without progress, for deadlock detection.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <vector>

namespace xbemu {

class Hart;

// The counts behind deadlock detection. Plain words used through std::atomic_ref, so that they
// may also live in memory shared by the processes of an MPI job on one node.
struct PeGroupCounters {
    std::uint64_t waiting = 0;
    std::uint64_t progress_epoch = 0;
};

class PeGroup {
public:
    // `covers_all_pes`: every PE of the job is in this process, so "all of them wait" can be
    // decided here (not so with one PE per MPI rank, unless the counters are shared).
    PeGroup(unsigned local_pes, bool covers_all_pes)
        : total_pes_(local_pes), covers_all_pes_(covers_all_pes), counters_(&own_counters_) {}
    // Counters that all `total_pes` PEs of the job share (an MPI shared window on one node).
    PeGroup(unsigned total_pes, PeGroupCounters& shared)
        : total_pes_(total_pes), covers_all_pes_(true), counters_(&shared) {}
    PeGroup(const PeGroup&) = delete;
    PeGroup& operator=(const PeGroup&) = delete;

    // Stops every PE of the group at its next block boundary (the harts registered below).
    void request_stop();
    void add_hart(Hart& hart);
    bool stop_requested() const { return stop_requested_.load(std::memory_order_relaxed); }

    // A PE polls memory without making progress, or stops doing so; or has finished.
    void polling_started() { waiting().fetch_add(1, std::memory_order_seq_cst); }
    void polling_ended() {
        waiting().fetch_sub(1, std::memory_order_seq_cst);
        progress_epoch().fetch_add(1, std::memory_order_seq_cst);
    }
    void pe_finished() {
        waiting().fetch_add(1, std::memory_order_seq_cst);
        progress_epoch().fetch_add(1, std::memory_order_seq_cst);
    }

    // Asked by a polling PE: true once every PE has been polling or finished, with no PE
    // making progress, for `kDeadlockTimeout`.
    bool deadlocked();

    static constexpr std::chrono::milliseconds kDeadlockTimeout{1000};

private:
    std::atomic_ref<std::uint64_t> waiting() { return std::atomic_ref(counters_->waiting); }
    std::atomic_ref<std::uint64_t> progress_epoch() {
        return std::atomic_ref(counters_->progress_epoch);
    }

    unsigned total_pes_;
    bool covers_all_pes_;
    PeGroupCounters own_counters_;
    PeGroupCounters* counters_;
    std::atomic<bool> stop_requested_{false};
    std::mutex harts_mutex_;
    std::vector<Hart*> harts_;
    std::mutex observation_mutex_;
    std::uint64_t observed_epoch_ = ~0ULL;
    std::chrono::steady_clock::time_point observed_since_;
};

} // namespace xbemu
