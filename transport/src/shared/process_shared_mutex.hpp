#pragma once
// A mutex in memory that the processes of one node may share (a POSIX shared memory segment), or in
// a process's own memory: a plain word, used through std::atomic_ref, zero when unlocked. A thread
// that finds it locked spins a moment, then sleeps on a futex (Drepper's three-state mutex).

#include <cstdint>

namespace xbemu {

struct ProcessSharedMutex {
    std::uint32_t state = 0; // 0 unlocked, 1 locked, 2 locked and someone may sleep on it

    void lock();
    void unlock();
};

} // namespace xbemu
