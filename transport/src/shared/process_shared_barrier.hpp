#pragma once
// A barrier for the processes of one node, in memory they share (a POSIX shared memory segment). A
// process that arrives early spins a moment (when every party has a core of its own), then
// sleeps on a futex, so that ranks which outnumber the host's cores leave the CPU to the rank
// everybody waits for: there a spin only delays it (measured: 4.4 s rather than 18 s for 4
// ranks on 2 cores, 100k windows).

#include <cstdint>

namespace xbemu {

// Plain words, used through std::atomic_ref: the object lives in shared memory that one rank
// zeroes before any uses it.
struct ProcessSharedBarrier {
    std::uint32_t arrived = 0;
    std::uint32_t generation = 0;
    std::uint32_t sleepers = 0;

    void arrive_and_wait(unsigned parties, unsigned spins);
};

} // namespace xbemu
