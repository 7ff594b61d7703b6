#pragma once
// How the host threads share a window's work: each PE of the window is one item, claimed (a
// batch at a time) from a shared counter by whichever thread is running, and the thread that
// completes the last item does the window's serial work (the exchange) and opens the next window.
// No thread ever waits for a particular other thread, so a thread the host deschedules (a busy
// machine, ranks and threads that outnumber its cores) holds up at most the batch it is running.
// Waking the other threads costs microseconds; a window of a short-latency network holds a few
// instructions per PE, less work than that. So the serial work says whether the next window is
// worth sharing; when it is not, the thread that ended the window runs the next ones alone, and
// the others sleep until a window is worth sharing again.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace xbemu {

class WindowWork {
public:
    // `threads`: how many threads call work().
    WindowWork(std::size_t items, unsigned threads)
        : items_(items), batch_(batch_for(items, threads)) {}

    // Runs the current window's unclaimed items; if this thread completes the window, runs
    // `serial` (which returns whether the next window is to be shared: it must return true once
    // the work is over) and opens the next one, after running the windows not to be shared
    // alone. Returns once the window this call saw is over.
    template <typename Run, typename Serial> void work(Run&& run, Serial&& serial) {
        const std::uint32_t generation = generation_.load(std::memory_order_acquire);
        for (std::size_t first = next_.fetch_add(batch_, std::memory_order_acq_rel); first < items_;
             first = next_.fetch_add(batch_, std::memory_order_acq_rel)) {
            const std::size_t end = std::min(items_, first + batch_);
            for (std::size_t item = first; item < end; ++item) {
                run(item);
            }
            if (completed_.fetch_add(end - first, std::memory_order_acq_rel) + (end - first) ==
                items_) {
                while (!serial()) {
                    for (std::size_t alone = 0; alone < items_; ++alone) {
                        run(alone);
                    }
                }
                completed_.store(0, std::memory_order_relaxed);
                next_.store(0, std::memory_order_release);
                // Sequentially consistent with the sleepers' side: either this sees a sleeper,
                // or the sleeper sees the new generation before it sleeps.
                generation_.fetch_add(1, std::memory_order_seq_cst);
                if (sleepers_.load(std::memory_order_seq_cst) != 0) {
                    generation_.notify_all();
                }
                return;
            }
        }
        wait_for_next_window(generation);
    }

private:
    // Items claimed at a time: thousands of PEs, most of which have nothing to do in a short
    // window, would otherwise cost the threads two contended atomic operations each; a few PEs
    // (8 on 2 threads) must still be shared one by one, or the first thread to come claims them
    // all and the others have nothing to run.
    static std::size_t batch_for(std::size_t items, unsigned threads) {
        constexpr std::size_t kLargestBatch = 16;
        constexpr std::size_t kBatchesPerThread = 8;
        return std::clamp<std::size_t>(items / (kBatchesPerThread * std::max(1U, threads)), 1,
                                       kLargestBatch);
    }

    void wait_for_next_window(std::uint32_t generation) {
        constexpr unsigned kSpins = 2000;
        for (unsigned spin = 0; spin < kSpins; ++spin) {
            if (generation_.load(std::memory_order_acquire) != generation) {
                return;
            }
#if defined(__x86_64__) || defined(__i386__)
            __builtin_ia32_pause();
#endif
        }
        sleepers_.fetch_add(1, std::memory_order_seq_cst);
        while (generation_.load(std::memory_order_seq_cst) == generation) {
            generation_.wait(generation, std::memory_order_seq_cst);
        }
        sleepers_.fetch_sub(1, std::memory_order_seq_cst);
    }

    const std::size_t items_;
    const std::size_t batch_;
    std::atomic<std::size_t> next_{0};
    std::atomic<std::size_t> completed_{0};
    std::atomic<std::uint32_t> generation_{0};
    std::atomic<unsigned> sleepers_{0};
};

} // namespace xbemu
