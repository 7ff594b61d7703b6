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

class PeGroup {
public:
    // `covers_all_pes`: every PE of the job is in this process, so "all of them wait" can be
    // decided here (not so with one PE per MPI rank).
    PeGroup(unsigned local_pes, bool covers_all_pes)
        : local_pes_(local_pes), covers_all_pes_(covers_all_pes) {}

    // Stops every PE of the group at its next block boundary (the harts registered below).
    void request_stop();
    void add_hart(Hart& hart);
    bool stop_requested() const { return stop_requested_.load(std::memory_order_relaxed); }

    // A PE polls memory without making progress, or stops doing so; or has finished.
    void polling_started() { waiting_.fetch_add(1, std::memory_order_seq_cst); }
    void polling_ended() {
        waiting_.fetch_sub(1, std::memory_order_seq_cst);
        progress_epoch_.fetch_add(1, std::memory_order_seq_cst);
    }
    void pe_finished() {
        waiting_.fetch_add(1, std::memory_order_seq_cst);
        progress_epoch_.fetch_add(1, std::memory_order_seq_cst);
    }

    // Asked by a polling PE: true once every PE has been polling or finished, with no PE
    // making progress, for `kDeadlockTimeout`.
    bool deadlocked();

    static constexpr std::chrono::milliseconds kDeadlockTimeout{1000};

private:
    unsigned local_pes_;
    bool covers_all_pes_;
    std::atomic<bool> stop_requested_{false};
    std::mutex harts_mutex_;
    std::vector<Hart*> harts_;
    std::atomic<unsigned> waiting_{0};
    std::atomic<std::uint64_t> progress_epoch_{0};
    std::mutex observation_mutex_;
    std::uint64_t observed_epoch_ = ~0ULL;
    std::chrono::steady_clock::time_point observed_since_;
};

} // namespace xbemu
