#pragma once
// The functional mode's PEs of one process on a pool of host threads (docs/waiting.md): a thread
// takes a PE that can run, runs a slice of it (until it ends, waits for other PEs, or has run
// its share), and takes the next. A PE that waits is parked: it costs nothing until its wait is
// worth another look (its pause is over and another PE has done something since it looked; for
// a wait that reads only the PE's own RAM, another PE wrote that RAM), then it queues behind the
// PEs that can run.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <queue>
#include <vector>

namespace xbemu {

class FunctionalPool {
public:
    // How a slice of a PE's run ended.
    struct Slice {
        enum class End : std::uint8_t {
            Ended,     // the PE's run is over
            Parked,    // it waits: run it again after `resume_after`, behind the runnable PEs
            Preempted, // it ran its share: run it again behind the others
            EndsLast,  // run it again once every other PE has ended (a deadlock's report)
        };
        End end;
        std::chrono::steady_clock::duration resume_after{};
        // Parked: the slice only looked at a wait the PE was already in, and changed nothing
        // another PE could see.
        bool looked_only = false;
        // Parked: only another PE's write into this PE's RAM can end its wait, and the PE
        // reports such writes (ram_writes).
        bool wakes_on_ram_write = false;
    };
    using RunSlice = std::function<Slice(unsigned pe)>;

    // Where the PEs' reports of writes into their RAM are kept: by default in the pool; under
    // mpirun in memory the ranks of a node share, a bit per PE in `words` and their `count`,
    // whose low 32 bits are a futex word that writers of other processes wake
    // (MpiRamWriteReports).
    struct SharedReports {
        std::atomic<std::uint64_t>* words;
        std::atomic<std::uint64_t>* count;
    };
    FunctionalPool(unsigned pes, unsigned threads, SharedReports shared = {nullptr, nullptr});

    // Runs every PE to its end on the pool's threads. Meanwhile the calling thread calls
    // `supervise` every kSupervisePeriod (it may block: the pool runs on). Once `stopping` is
    // true, the parked PEs run again within kSupervisePeriod, to stop.
    void run(const RunSlice& run_slice, const std::function<bool()>& stopping,
             const std::function<void()>& supervise);
    // The host CPU time the pool's threads took in run(): that of its PEs' slices, and the
    // little it took to hand them out. A thread's CPU clock is a system call, which costs about
    // as much as a parked PE's look: read once per thread, not per slice.
    double cpu_seconds() const {
        return static_cast<double>(cpu_nanoseconds_.load(std::memory_order_relaxed)) * 1e-9;
    }

    static constexpr std::chrono::milliseconds kSupervisePeriod{10};
    // A PE's share of a host thread before it queues behind the others: long enough that the
    // JIT's chained blocks run on between switches (about a millisecond), short enough that PEs
    // which poll in ways that never count as waiting do not hold a thread for long.
    static constexpr std::uint64_t kSliceInstructions = std::uint64_t{1} << 20;
    // Without --host-threads, jobs of up to this many PEs (of a process) run a thread per PE: a
    // thread that polls sees the store that ends its wait at once, where a parked PE looks again
    // later.
    static constexpr unsigned kThreadPerPeUpTo = 64;
    // A parked PE's pause is at most the longer of these: a millisecond, or, while PEs queue to
    // run, what keeps the looks of every parked PE (some microseconds each) to a small share of
    // the threads.
    static constexpr std::chrono::milliseconds kShortPause{1};
    static constexpr std::chrono::microseconds kPausePerParkedPe{250};
    // A parked PE looks again after this even when no other PE did anything: that look confirms
    // its wait, which a deadlock needs (PeGroup::deadlocked).
    static constexpr std::chrono::milliseconds kLookAtLeastEvery{100};

    // Where PE `pe` reports another PE's write into its RAM: it sets `bit` in `word` (once
    // until its next slice clears it) and then counts it in `reports`.
    struct RamWrites {
        std::atomic<std::uint64_t>* word;
        std::uint64_t bit;
        std::atomic<std::uint64_t>* reports;
    };
    RamWrites ram_writes(unsigned pe) {
        return {&written_[pe / 64], std::uint64_t{1} << (pe % 64), written_reports_};
    }

private:
    struct Parked {
        std::chrono::steady_clock::time_point due;
        std::uint64_t activity; // activity_ when the PE parked
        unsigned pe;
        bool operator>(const Parked& other) const { return due > other.due; }
    };
    struct Unchanged {
        std::chrono::steady_clock::time_point since;
        unsigned pe;
    };
    // A PE that sleeps until its RAM is written, and its sleep's number: an entry of an earlier
    // sleep is stale.
    struct Asleep {
        std::chrono::steady_clock::time_point since;
        unsigned pe;
        std::uint32_t sleep;
    };
    void work(const RunSlice& run_slice, const std::function<bool()>& stopping);
    // The next PE to run, or nothing once every PE has ended. With the lock held.
    std::optional<unsigned> take(std::unique_lock<std::mutex>& lock,
                                 const std::function<bool()>& stopping);
    void put_back(unsigned pe, const Slice& slice);
    // Something another PE could see may have changed: the PEs whose pause is over look again.
    void note_activity();
    void wake_parked();
    // The sleeping PEs whose RAM another PE wrote queue to run.
    void wake_written();
    void wake(unsigned pe);
    bool asleep(unsigned pe) const { return (asleep_[pe / 64] >> (pe % 64) & 1) != 0; }
    // With shared reports: until every PE has ended, wakes the pool's idle threads when another
    // process reports a write.
    void watch_other_processes(const std::atomic<bool>& ended);
    std::uint32_t* futex_word() const;

    unsigned threads_;
    std::mutex mutex_;
    std::condition_variable runnable_changed_;
    std::condition_variable all_ended_;
    std::deque<unsigned> runnable_;
    // Parked PEs until their pause is over, then, when nothing happened since they looked, in
    // unchanged_ (in the order they got there) until something does.
    std::priority_queue<Parked, std::vector<Parked>, std::greater<>> parked_;
    std::deque<Unchanged> unchanged_;
    // PEs asleep until another PE writes their RAM, a bit each, in the order they fell asleep;
    // the PEs' reports of writes into their RAM (bits set by the writers' threads).
    std::vector<std::uint64_t> asleep_;
    std::deque<Asleep> asleep_order_;
    std::vector<std::uint32_t> sleeps_;
    std::vector<std::atomic<std::uint64_t>> own_written_;
    std::atomic<std::uint64_t> own_reports_{0};
    bool shared_reports_;
    std::atomic<std::uint64_t>* written_;
    std::atomic<std::uint64_t>* written_reports_;
    std::uint64_t reports_seen_ = 0;
    std::uint64_t activity_ = 0; // slices that may have changed what other PEs see
    std::optional<unsigned> last_;
    unsigned unfinished_;
    std::atomic<std::uint64_t> cpu_nanoseconds_{0};
};

} // namespace xbemu
