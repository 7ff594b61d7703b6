#pragma once
// What --stats reports about a PE's PIMP message passing.

#include "xbemu/olb/per_target_counters.hpp"

#include <cstdint>

namespace xbemu {

// Messages one PE sent to one receiver.
struct SentMessages {
    std::uint64_t messages = 0;
    bool any() const { return messages != 0; }
    template <typename Op> void combine(const SentMessages& other, Op op) {
        messages = op(messages, other.messages);
    }
    bool operator==(const SentMessages&) const = default;
};

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
    // Messages sent to each receiver: a row of the job's per-pair matrix, with an entry per
    // receiver reached (the job's PE count is set at the first send).
    PerTargetCounters<SentMessages> sent_to;
};

} // namespace xbemu
