#pragma once
// What PIMP counts in each PE: the messages it sent (to each receiver) and received, the waits on
// its FIFOs and, in the cycle mode, their cycles (MessageStatistics), in the PE's statistics slot
// kPimpStatisticsSlot, where the execute functions count at a fixed offset (pimp_messages);
// reported only by the PEs of an ISA with PIMP, as the line "  PE 0: PIMP messages sent ..." of
// --stats (before the other extensions' lines), the "pimp" object of each PE in --stats-json, and
// spreads over a job too large to list its PEs (docs/pimp.md).

#include "xbemu/extension_statistics.hpp"
#include "xbemu/olb/per_target_counters.hpp"
#include "xbemu/processing_element.hpp"

#include <cstdint>

namespace xbemu {

inline constexpr unsigned kPimpStatisticsSlot = 1;

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
    // receiver reached.
    PerTargetCounters<SentMessages> sent_to;
};

class PimpStatistics final : public ExtensionStatistics {
public:
    explicit PimpStatistics(unsigned pe_count)
        : messages{.sent_to = PerTargetCounters<SentMessages>(pe_count)} {}

    MessageStatistics messages;

    std::unique_ptr<ExtensionStatistics> clone() const override;
    void combine(const ExtensionStatistics& other,
                 std::uint64_t (*op)(std::uint64_t, std::uint64_t)) override;
    std::string text(unsigned pe, bool cycle_mode) const override;
    void add_json(nlohmann::json& pe, bool cycle_mode) const override;
    void pack(std::vector<std::uint64_t>& words) const override;
    const std::uint64_t* unpack(const std::uint64_t* words) override;
};

// The message counts of a PE with PIMP enabled (for its execute functions: no check).
inline MessageStatistics& pimp_messages(ProcessingElement& pe) {
    return pe.extension_statistics_in<PimpStatistics>(kPimpStatisticsSlot).messages;
}

const ExtensionStatisticsType& pimp_statistics_type();

} // namespace xbemu
