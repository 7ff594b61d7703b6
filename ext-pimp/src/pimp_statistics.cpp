#include "xbemu/pimp/pimp_statistics.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace xbemu {

namespace {

// The counters in the order pack writes them, with their names in --stats-json and in the
// summary of a job too large to list its PEs; the cycle mode's last.
struct Counter {
    std::uint64_t MessageStatistics::*field;
    const char* json;
    const char* summary;
};
constexpr Counter kCounters[] = {
    {&MessageStatistics::sent, "sent", "PIMP messages sent"},
    {&MessageStatistics::received, "received", "PIMP messages received"},
    {&MessageStatistics::send_fifo_full, "send_fifo_full", "PIMP waits on a full send FIFO"},
    {&MessageStatistics::receive_fifo_empty, "receive_fifo_empty",
     "PIMP waits on an empty receive FIFO"},
    {&MessageStatistics::send_wait_cycles, "send_wait_cycles", "PIMP send wait cycles"},
    {&MessageStatistics::receive_wait_cycles, "receive_wait_cycles", "PIMP receive wait cycles"},
};
constexpr std::size_t kFunctionalCounters = 4;

std::span<const Counter> reported(bool cycle_mode) {
    return std::span(kCounters).first(cycle_mode ? std::size(kCounters) : kFunctionalCounters);
}

const MessageStatistics& messages_of(const ExtensionStatistics& statistics) {
    return static_cast<const PimpStatistics&>(statistics).messages;
}

// One line per counter, its spread over the PEs and its sum.
std::string summarize(std::span<const PeExtensionStatistics> pes, bool cycle_mode) {
    std::string text;
    for (const Counter& counter : reported(cycle_mode)) {
        text += count_spread_line(counter.summary, pes,
                                  [field = counter.field](const ExtensionStatistics& statistics) {
                                      return messages_of(statistics).*field;
                                  });
    }
    return text;
}

} // namespace

std::unique_ptr<ExtensionStatistics> PimpStatistics::clone() const {
    auto copy = std::make_unique<PimpStatistics>(0);
    copy->messages = messages;
    return copy;
}

void PimpStatistics::combine(const ExtensionStatistics& other,
                             std::uint64_t (*op)(std::uint64_t, std::uint64_t)) {
    const MessageStatistics& theirs = messages_of(other);
    for (const Counter& counter : kCounters) {
        messages.*counter.field = op(messages.*counter.field, theirs.*counter.field);
    }
    messages.sent_to.combine(theirs.sent_to, op);
}

std::string PimpStatistics::text(unsigned pe, bool cycle_mode) const {
    const MessageStatistics& m = messages;
    std::string text = fmt::format("  PE {}: PIMP messages sent {}, received {}; waits on a full "
                                   "send FIFO {}, on an empty receive FIFO {}",
                                   pe, m.sent, m.received, m.send_fifo_full, m.receive_fifo_empty);
    if (cycle_mode) {
        text += fmt::format("; wait cycles: send {}, receive {}", m.send_wait_cycles,
                            m.receive_wait_cycles);
    }
    return text + '\n';
}

void PimpStatistics::add_json(nlohmann::json& pe, bool cycle_mode) const {
    // Only the receivers of some message, as "remote" lists only the targets reached.
    nlohmann::json sent_to = nlohmann::json::array();
    for (const auto& [receiver, counters] : messages.sent_to.reached()) {
        sent_to.push_back({{"receiver", receiver}, {"messages", counters.messages}});
    }
    nlohmann::json json{{"sent_to", std::move(sent_to)}};
    for (const Counter& counter : reported(cycle_mode)) {
        json[counter.json] = messages.*counter.field;
    }
    pe["pimp"] = std::move(json);
}

// The counters, then the receivers reached (their count, then for each the receiver and the
// messages), so that a job of many PEs does not move PEs² words.
void PimpStatistics::pack(std::vector<std::uint64_t>& words) const {
    for (const Counter& counter : kCounters) {
        words.push_back(messages.*counter.field);
    }
    const std::vector<TargetCounters<SentMessages>> receivers = messages.sent_to.reached();
    words.push_back(receivers.size());
    for (const auto& [receiver, counters] : receivers) {
        words.insert(words.end(), {receiver, counters.messages});
    }
}

const std::uint64_t* PimpStatistics::unpack(const std::uint64_t* words) {
    for (const Counter& counter : kCounters) {
        messages.*counter.field = *words++;
    }
    const std::uint64_t receivers = *words++;
    for (std::uint64_t entry = 0; entry < receivers; ++entry, words += 2) {
        messages.sent_to.add(static_cast<unsigned>(words[0]), {words[1]});
    }
    return words;
}

const ExtensionStatisticsType& pimp_statistics_type() {
    static const ExtensionStatisticsType type{
        .slot = kPimpStatisticsSlot,
        .construct = construct_extension_statistics<PimpStatistics>,
        .make = make_extension_statistics<PimpStatistics>,
        .summarize = summarize,
        .only_when_enabled = true,
        // Before xBGAS's remote traffic (1), where --stats has always had its lines.
        .report_order = 0,
    };
    return type;
}

} // namespace xbemu
