#include "shared/process_shared_mutex.hpp"

#include "shared/futex.hpp"

#include <atomic>

namespace xbemu {

namespace {

// Holders keep the lock for a few hundred nanoseconds: a short spin usually finds it free, and
// a longer one would only take the CPU from the holder when threads outnumber cores.
constexpr unsigned kSpins = 100;

constexpr std::uint32_t kUnlocked = 0;
constexpr std::uint32_t kLocked = 1;
constexpr std::uint32_t kContended = 2;

} // namespace

void ProcessSharedMutex::lock() {
    std::atomic_ref<std::uint32_t> word(state);
    std::uint32_t seen = kUnlocked;
    if (word.compare_exchange_strong(seen, kLocked, std::memory_order_acquire)) {
        return;
    }
    for (unsigned spin = 0; spin < kSpins; ++spin) {
        seen = kUnlocked;
        if (word.load(std::memory_order_relaxed) == kUnlocked &&
            word.compare_exchange_strong(seen, kLocked, std::memory_order_acquire)) {
            return;
        }
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    }
    while (word.exchange(kContended, std::memory_order_acquire) != kUnlocked) {
        futex_wait(&state, kContended);
    }
}

void ProcessSharedMutex::unlock() {
    std::atomic_ref<std::uint32_t> word(state);
    if (word.exchange(kUnlocked, std::memory_order_release) == kContended) {
        futex_wake_one(&state);
    }
}

} // namespace xbemu
