#pragma once
// What --stats reports about a PE's PIMP message passing.

#include <cstdint>
#include <vector>

namespace xbemu {

struct MessageStatistics {
    std::uint64_t sent = 0;
    std::uint64_t received = 0;
    // Waits that began on a full send FIFO or an empty receive FIFO (a bns or bnr taken, a brs or
    // bar not taken, after the FIFO was last seen ready), and the exceptions of send and recv.
    std::uint64_t send_fifo_full = 0;
    std::uint64_t receive_fifo_empty = 0;
    // The cycle mode: simulated cycles from the start of such a wait to the branch that found the
    // FIFO ready again.
    std::uint64_t send_wait_cycles = 0;
    std::uint64_t receive_wait_cycles = 0;
    // Messages sent to each PE, indexed by receiver: a row of the job's per-pair matrix. Sized at
    // the first send, so that a PE that sends nothing allocates nothing.
    std::vector<std::uint64_t> sent_to;
};

} // namespace xbemu
