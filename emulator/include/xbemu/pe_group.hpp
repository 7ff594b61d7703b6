#pragma once
// What the PEs of one process share: the stop request, the view of which PEs wait without
// progress or have ended (deadlock detection), and the failures that decide a job's exit
// status. With one PE per MPI rank on one node, the counts live in memory all ranks share.

#include "xbemu/deadlock_confirmation.hpp"
#include "xbemu/shared_code.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

namespace xbemu {

class Hart;

// How a PE's run ended: the guest exited with a status, or the PE stopped with its pc at `pc`.
struct PeEnd {
    unsigned pe = 0;
    std::optional<int> exit_status;
    std::uint64_t pc = 0;
};

// The counts behind deadlock detection and the end of a job. Plain words used through
// std::atomic_ref, so that they may also live in memory shared by the processes of an MPI job
// on one node.
struct PeGroupCounters {
    std::uint64_t waiting = 0;        // PEs polling without progress
    std::uint64_t finished = 0;       // PEs whose run has ended
    std::uint64_t progress_epoch = 0; // moves when a PE starts or stops waiting, or ends
    // The PEs that found their wait unchanged since progress_epoch last moved, as
    // (epoch << kConfirmationCountBits) | count: a PE that has left its loop but not yet said so
    // (a starved thread or process) does not confirm, so the others cannot call a deadlock.
    std::uint64_t confirmations = 0;
    std::uint64_t stop = 0;     // non-zero: every PE stops; bits 8 and up: the signal that asked
    std::uint64_t deadlock = 0; // non-zero: a PE has reported the deadlock
    // The lowest-numbered failed PE and its status, as (pe << 32) | status; all ones: none.
    std::uint64_t failure = ~0ULL;
    // --fast-forward: bit 0, a PE stopped at its switch point; bit 1, every PE stops to switch.
    std::uint64_t switching = 0;
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

    // Stops every PE of the group (the harts registered below, at their next block boundary;
    // with shared counters, the other processes' PEs when they next wait, or when their
    // StopOnInterruption sees `signal`). `signal`: the SIGINT or SIGTERM that asked, or 0.
    void request_stop(int signal = 0);
    // The signal of a stop requested by one (in any process that shares the counters), or 0.
    int stop_signal() const {
        return static_cast<int>(std::atomic_ref(counters_->stop).load(std::memory_order_relaxed) >>
                                kStopSignalShift);
    }
    void add_hart(Hart& hart);
    // The decoded blocks the PEs of this process share (see docs/engine.md).
    SharedCode& shared_code() { return shared_code_; }
    bool stop_requested() const {
        return stop_requested_.load(std::memory_order_relaxed) ||
               std::atomic_ref(counters_->stop).load(std::memory_order_relaxed) != 0;
    }

    // A PE polls memory without making progress, or stops doing so; or its run has ended.
    void polling_started() {
        word(counters_->waiting).fetch_add(1, std::memory_order_seq_cst);
        word(counters_->progress_epoch).fetch_add(1, std::memory_order_seq_cst);
    }
    void polling_ended() {
        word(counters_->waiting).fetch_sub(1, std::memory_order_seq_cst);
        word(counters_->progress_epoch).fetch_add(1, std::memory_order_seq_cst);
    }
    void pe_finished() {
        word(counters_->finished).fetch_add(1, std::memory_order_seq_cst);
        word(counters_->progress_epoch).fetch_add(1, std::memory_order_seq_cst);
    }

    // Asked by a polling PE that has just found its wait unchanged (`confirmed_epoch` is its own
    // record of that, kNoConfirmation at first): true once every PE has been polling or has
    // ended, with no PE making progress, for `kDeadlockTimeout`, every polling PE has found its
    // wait unchanged since the last change, and no PE has failed (a failure decides the job's
    // end instead: await_end_after_failure); true for one PE only, which reports it.
    bool deadlocked(std::uint64_t& confirmed_epoch);

    // PE `pe` ended with the non-zero `status` (or failed, status 1).
    void record_failure(unsigned pe, int status);
    // The status of the lowest-numbered PE recorded as failed, if any.
    std::optional<int> lowest_failure_status() const;
    // Called by a PE that failed, after record_failure: the job ends once every PE has ended or
    // waits without progress (then it stops the waiting ones), so that the lowest-numbered
    // failed PE decides the status however the PEs' threads or processes are scheduled. True
    // once every PE has ended; false when that cannot be seen here (a job across nodes), or
    // when some PE still runs `kFailureGrace` after the failure: the job stops at once, as
    // mpirun would, with the failures seen so far.
    bool await_end_after_failure();

    // The functional mode's deadlock report: each PE of this process says how its run ended
    // (exited, or stopped in a loop at some pc) as it ends, and the PE that found the deadlock,
    // having stopped the others, collects what the other `count` PEs of this process said,
    // waiting up to `timeout` for them; fewer when some did not stop in time.
    void record_end(const PeEnd& end);
    std::vector<PeEnd> await_ends(std::size_t count, std::chrono::milliseconds timeout);
    // The PEs of this process (one hart each).
    std::size_t local_pes();
    // --fast-forward: a PE stopped where the job switches to the cycle mode. When the others
    // then all wait (for it, most likely) or have ended, the one that finds the deadlock calls
    // stop_for_switch instead of reporting it: true when some PE stopped for the switch, and
    // then every PE stops where it is, to switch there too (with shared counters, those of the
    // other ranks of the node as well).
    void pe_reached_switch() {
        word(counters_->switching).fetch_or(kPeAtSwitch, std::memory_order_seq_cst);
    }
    bool stop_for_switch();
    bool stopping_for_switch() const {
        return (std::atomic_ref(counters_->switching).load(std::memory_order_seq_cst) &
                kStoppingForSwitch) != 0;
    }
    // The PEs stopped for the switch; none was stopped by a signal. The stop ends here.
    void end_stop_for_switch();

    // How this process's PEs stand, for a watch over processes that share no counters (an MPI
    // job across nodes): `idle` PEs wait or have ended, of which `finished` have ended;
    // `epoch` moves as progress_epoch does; `confirmed`: every waiting PE has found its wait
    // unchanged since `epoch` last moved; `at_switch`: a PE stopped at its switch point.
    struct IdleView {
        std::uint64_t idle = 0;
        std::uint64_t finished = 0;
        std::uint64_t epoch = 0;
        bool confirmed = false;
        bool at_switch = false;
    };
    IdleView idle_view();
    // A PE of another process made progress: the waiting PEs here must find their waits
    // unchanged once more before they count as confirmed again.
    void progress_elsewhere() {
        word(counters_->progress_epoch).fetch_add(1, std::memory_order_seq_cst);
    }

    static constexpr std::chrono::milliseconds kDeadlockTimeout{1000};
    static constexpr std::chrono::milliseconds kFailureGrace{3000};
    // How long the PE that reports a deadlock waits for the others to say where they stopped.
    static constexpr std::chrono::milliseconds kEndsTimeout{3000};

private:
    static std::atomic_ref<std::uint64_t> word(std::uint64_t& counter) {
        return std::atomic_ref(counter);
    }
    // Every PE waits or has ended, every waiting PE has confirmed it, and the progress epoch
    // has not moved for `window`.
    bool idle_for(std::chrono::steady_clock::duration window);
    void confirm_wait(std::uint64_t& confirmed_epoch);
    static constexpr unsigned kStopSignalShift = 8;
    static constexpr std::uint64_t kPeAtSwitch = 1;
    static constexpr std::uint64_t kStoppingForSwitch = 2;
    static constexpr unsigned kConfirmationCountBits = 24;
    static constexpr std::uint64_t kConfirmationCountMask = (1ULL << kConfirmationCountBits) - 1;

    unsigned total_pes_;
    bool covers_all_pes_;
    PeGroupCounters own_counters_;
    PeGroupCounters* counters_;
    std::atomic<bool> stop_requested_{false};
    SharedCode shared_code_;
    std::mutex harts_mutex_;
    std::vector<Hart*> harts_;
    std::mutex ends_mutex_;
    std::condition_variable ends_changed_;
    std::vector<PeEnd> ends_;
    std::mutex observation_mutex_;
    std::uint64_t observed_epoch_ = ~0ULL;
    std::chrono::steady_clock::time_point observed_since_;
};

} // namespace xbemu
