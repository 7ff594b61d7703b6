#pragma once
// The functional mode's PEs of one process on a pool of host threads (docs/waiting.md): a thread
// takes a PE that can run, runs a slice of it (until it ends, waits for other PEs, or has run
// its share), and takes the next. A PE that waits is parked: it costs nothing until its wait is
// worth another look, then it queues behind the PEs that can run.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <queue>
#include <utility>
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
    };
    using RunSlice = std::function<Slice(unsigned pe)>;

    FunctionalPool(unsigned pes, unsigned threads);

    // Runs every PE to its end on the pool's threads. Meanwhile the calling thread calls
    // `supervise` every kSupervisePeriod (it may block: the pool runs on). Once `stopping` is
    // true, the parked PEs run again within kSupervisePeriod, to stop.
    void run(const RunSlice& run_slice, const std::function<bool()>& stopping,
             const std::function<void()>& supervise);

    static constexpr std::chrono::milliseconds kSupervisePeriod{10};
    // A parked PE's pause is at most the longer of these: a millisecond, or what keeps the
    // looks of every parked PE (some tens of microseconds each) to a small share of the threads.
    static constexpr std::chrono::milliseconds kShortPause{1};
    static constexpr std::chrono::microseconds kPausePerParkedPe{250};

private:
    using Wake = std::pair<std::chrono::steady_clock::time_point, unsigned>;
    void work(const RunSlice& run_slice, const std::function<bool()>& stopping);
    // The next PE to run, or nothing once every PE has ended. With the lock held.
    std::optional<unsigned> take(std::unique_lock<std::mutex>& lock,
                                 const std::function<bool()>& stopping);
    void put_back(unsigned pe, const Slice& slice);
    void wake_parked();

    unsigned threads_;
    std::mutex mutex_;
    std::condition_variable runnable_changed_;
    std::condition_variable all_ended_;
    std::deque<unsigned> runnable_;
    std::priority_queue<Wake, std::vector<Wake>, std::greater<>> parked_;
    std::optional<unsigned> last_;
    unsigned unfinished_;
};

} // namespace xbemu
