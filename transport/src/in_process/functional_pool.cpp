#include "in_process/functional_pool.hpp"

#include "shared/futex.hpp"

#include <algorithm>
#include <bit>
#include <ctime>
#include <thread>

namespace xbemu {

namespace {

std::uint64_t thread_cpu_nanoseconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<std::uint64_t>(now.tv_sec) * 1'000'000'000U +
           static_cast<std::uint64_t>(now.tv_nsec);
}

} // namespace

FunctionalPool::FunctionalPool(unsigned pes, unsigned threads, SharedReports shared)
    : threads_(std::clamp(threads, 1U, std::max(pes, 1U))), asleep_((pes + 63) / 64, 0),
      sleeps_(pes, 0), own_written_(shared.words != nullptr ? 0 : (pes + 63) / 64),
      shared_reports_(shared.words != nullptr),
      written_(shared_reports_ ? shared.words : own_written_.data()),
      written_reports_(shared_reports_ ? shared.count : &own_reports_), unfinished_(pes) {
    for (unsigned pe = 0; pe < pes; ++pe) {
        runnable_.push_back(pe);
    }
}

void FunctionalPool::run(const RunSlice& run_slice, const std::function<bool()>& stopping,
                         const std::function<void()>& supervise) {
    std::vector<std::thread> threads;
    threads.reserve(threads_);
    for (unsigned thread = 0; thread < threads_; ++thread) {
        threads.emplace_back([this, &run_slice, &stopping] { work(run_slice, stopping); });
    }
    std::atomic<bool> ended{false};
    std::optional<std::thread> watcher;
    if (shared_reports_) {
        watcher.emplace([this, &ended] { watch_other_processes(ended); });
    }
    std::unique_lock lock(mutex_);
    while (!all_ended_.wait_for(lock, kSupervisePeriod, [this] { return unfinished_ == 0; })) {
        lock.unlock();
        supervise();
        lock.lock();
    }
    lock.unlock();
    for (std::thread& thread : threads) {
        thread.join();
    }
    if (watcher) {
        ended.store(true, std::memory_order_release);
        futex_wake_all(futex_word());
        watcher->join();
    }
}

std::uint32_t* FunctionalPool::futex_word() const {
    static_assert(std::endian::native == std::endian::little,
                  "the futex word is the low half of the report count");
    return reinterpret_cast<std::uint32_t*>(written_reports_);
}

void FunctionalPool::watch_other_processes(const std::atomic<bool>& ended) {
    auto seen = static_cast<std::uint32_t>(written_reports_->load(std::memory_order_acquire));
    while (!ended.load(std::memory_order_acquire)) {
        futex_wait(futex_word(), seen, kSupervisePeriod);
        const auto now =
            static_cast<std::uint32_t>(written_reports_->load(std::memory_order_acquire));
        if (now != seen) {
            seen = now;
            const std::scoped_lock lock(mutex_);
            runnable_changed_.notify_all();
        }
    }
}

void FunctionalPool::work(const RunSlice& run_slice, const std::function<bool()>& stopping) {
    const std::uint64_t cpu_start = thread_cpu_nanoseconds();
    std::unique_lock lock(mutex_);
    while (const std::optional<unsigned> pe = take(lock, stopping)) {
        lock.unlock();
        const Slice slice = run_slice(*pe);
        lock.lock();
        put_back(*pe, slice);
    }
    lock.unlock();
    cpu_nanoseconds_.fetch_add(thread_cpu_nanoseconds() - cpu_start, std::memory_order_relaxed);
}

std::optional<unsigned> FunctionalPool::take(std::unique_lock<std::mutex>& lock,
                                             const std::function<bool()>& stopping) {
    for (;;) {
        if (unfinished_ == 0) {
            return std::nullopt;
        }
        if ((!parked_.empty() || !unchanged_.empty() || !asleep_order_.empty()) && stopping()) {
            wake_parked();
        }
        wake_written();
        const auto now = std::chrono::steady_clock::now();
        while (!parked_.empty() && parked_.top().due <= now) {
            const Parked parked = parked_.top();
            parked_.pop();
            // Other processes' PEs do things this pool does not see: there a pause is enough.
            if (parked.activity != activity_ || shared_reports_) {
                runnable_.push_back(parked.pe);
            } else {
                unchanged_.push_back({parked.due, parked.pe});
            }
        }
        while (!unchanged_.empty() && unchanged_.front().since + kLookAtLeastEvery <= now) {
            runnable_.push_back(unchanged_.front().pe);
            unchanged_.pop_front();
        }
        while (!asleep_order_.empty() && asleep_order_.front().since + kLookAtLeastEvery <= now) {
            const Asleep entry = asleep_order_.front();
            asleep_order_.pop_front();
            if (asleep(entry.pe) && sleeps_[entry.pe] == entry.sleep) {
                wake(entry.pe);
            }
        }
        if (!runnable_.empty()) {
            const unsigned pe = runnable_.front();
            runnable_.pop_front();
            return pe;
        }
        auto wake = now + kSupervisePeriod;
        if (!parked_.empty()) {
            wake = std::min(wake, parked_.top().due);
        }
        if (!unchanged_.empty()) {
            wake = std::min(wake, unchanged_.front().since + kLookAtLeastEvery);
        }
        if (!asleep_order_.empty()) {
            wake = std::min(wake, asleep_order_.front().since + kLookAtLeastEvery);
        }
        runnable_changed_.wait_until(lock, wake);
    }
}

void FunctionalPool::note_activity() {
    ++activity_;
    for (const Unchanged& unchanged : unchanged_) {
        runnable_.push_back(unchanged.pe);
    }
    unchanged_.clear();
}

void FunctionalPool::wake(unsigned pe) {
    asleep_[pe / 64] &= ~(std::uint64_t{1} << (pe % 64));
    runnable_.push_back(pe);
}

void FunctionalPool::wake_written() {
    const std::uint64_t reports = written_reports_->load(std::memory_order_acquire);
    if (reports == reports_seen_) {
        return;
    }
    reports_seen_ = reports;
    for (std::size_t word = 0; word < asleep_.size(); ++word) {
        std::uint64_t woken = asleep_[word] & written_[word].load(std::memory_order_acquire);
        while (woken != 0) {
            const auto bit = static_cast<unsigned>(std::countr_zero(woken));
            woken &= woken - 1;
            wake(static_cast<unsigned>(word * 64 + bit));
        }
    }
}

void FunctionalPool::wake_parked() {
    while (!parked_.empty()) {
        runnable_.push_back(parked_.top().pe);
        parked_.pop();
    }
    for (const Unchanged& unchanged : unchanged_) {
        runnable_.push_back(unchanged.pe);
    }
    unchanged_.clear();
    for (const Asleep& entry : asleep_order_) {
        if (asleep(entry.pe) && sleeps_[entry.pe] == entry.sleep) {
            wake(entry.pe);
        }
    }
    asleep_order_.clear();
    runnable_changed_.notify_all();
}

void FunctionalPool::put_back(unsigned pe, const Slice& slice) {
    if (slice.end != Slice::End::Parked || !slice.looked_only) {
        note_activity();
    }
    switch (slice.end) {
    case Slice::End::Ended:
        --unfinished_;
        if (unfinished_ == 0) {
            runnable_changed_.notify_all();
            all_ended_.notify_all();
            return;
        }
        if (unfinished_ == 1 && last_) {
            runnable_.push_back(*last_);
            last_.reset();
        }
        break;
    case Slice::End::Parked: {
        if (slice.wakes_on_ram_write) {
            // A write during the slice, after the PE's look began, is one it may not have seen.
            if ((written_[pe / 64].load(std::memory_order_acquire) >> (pe % 64) & 1) != 0) {
                runnable_.push_back(pe);
                break;
            }
            asleep_[pe / 64] |= std::uint64_t{1} << (pe % 64);
            asleep_order_.push_back({std::chrono::steady_clock::now(), pe, ++sleeps_[pe]});
            break;
        }
        // While threads are idle, looks are cheap; once the parked PEs' looks keep the threads
        // busy, they get spaced by how many there are.
        const std::chrono::steady_clock::duration longest =
            runnable_.empty()
                ? std::chrono::steady_clock::duration(kShortPause)
                : std::max<std::chrono::steady_clock::duration>(
                      kShortPause, kPausePerParkedPe * (parked_.size() + 1) / threads_);
        parked_.push({std::chrono::steady_clock::now() + std::min(slice.resume_after, longest),
                      activity_, pe});
        break;
    }
    case Slice::End::Preempted:
        runnable_.push_back(pe);
        break;
    case Slice::End::EndsLast:
        if (unfinished_ == 1) {
            runnable_.push_back(pe);
        } else {
            last_ = pe;
        }
        break;
    }
    // A thread that sleeps until a parked PE's time may need to look again, or take a PE.
    runnable_changed_.notify_one();
}

} // namespace xbemu
