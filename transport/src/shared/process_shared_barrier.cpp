#include "shared/process_shared_barrier.hpp"

#include "shared/futex.hpp"

#include <atomic>

namespace xbemu {

namespace {

void pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

} // namespace

void ProcessSharedBarrier::arrive_and_wait(unsigned parties, unsigned spins) {
    std::atomic_ref<std::uint32_t> generation_word(generation);
    std::atomic_ref<std::uint32_t> arrived_word(arrived);
    std::atomic_ref<std::uint32_t> sleepers_word(sleepers);
    const std::uint32_t current = generation_word.load(std::memory_order_acquire);
    if (arrived_word.fetch_add(1, std::memory_order_acq_rel) + 1 == parties) {
        arrived_word.store(0, std::memory_order_relaxed);
        // Sequentially consistent with the sleepers' side: either this sees a sleeper, or the
        // sleeper sees the new generation before it sleeps.
        generation_word.fetch_add(1, std::memory_order_seq_cst);
        if (sleepers_word.load(std::memory_order_seq_cst) != 0) {
            futex_wake_all(&generation);
        }
        return;
    }
    for (unsigned spin = 0; spin < spins; ++spin) {
        if (generation_word.load(std::memory_order_acquire) != current) {
            return;
        }
        pause();
    }
    sleepers_word.fetch_add(1, std::memory_order_seq_cst);
    while (generation_word.load(std::memory_order_seq_cst) == current) {
        futex_wait(&generation, current);
    }
    sleepers_word.fetch_sub(1, std::memory_order_seq_cst);
}

} // namespace xbemu
