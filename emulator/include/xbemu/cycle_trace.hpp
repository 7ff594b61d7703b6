#pragma once
// What --trace records in the cycle timing mode, per PE: the spans in which its hart waited (for
// a response, a store-buffer entry, a fence, the timer, or in a polling loop nothing else
// ended) and every message it received, with the cycle its sender injected it. The many
// one- to few-cycle stalls of single instructions stay in the statistics only: they would bury
// the waits. Each PE records into its own buffer, so host threads share nothing; a cap per PE
// bounds the memory, and the same run always keeps the same events.

#include "xbemu/netsim/message.hpp"
#include "xbemu/stall_cause.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace xbemu {

// Plain data, so that ranks can gather them as bytes.
struct TraceEvent {
    enum class Type : std::uint8_t { Wait, Polling, Message };
    std::uint64_t start = 0;    // Wait/Polling: first cycle; Message: cycle injected
    std::uint64_t end = 0;      // Wait/Polling: first cycle after; Message: cycle delivered
    std::uint64_t sequence = 0; // Message: the sender's sequence number
    std::uint32_t pe = 0;       // the PE that waited, or received the message
    std::uint32_t source = 0;   // Message: its sender
    Type type = Type::Wait;
    std::uint8_t detail = 0; // Wait: StallCause; Message: netsim::MessageKind
};

class CycleTrace {
public:
    CycleTrace(unsigned pe, std::size_t limit) : pe_(pe), limit_(limit) {}

    void wait(StallCause cause, std::uint64_t start, std::uint64_t end) {
        add({start, end, 0, pe_, 0, TraceEvent::Type::Wait, static_cast<std::uint8_t>(cause)});
    }
    void polling(std::uint64_t start, std::uint64_t end) {
        add({start, end, 0, pe_, 0, TraceEvent::Type::Polling, 0});
    }
    void message(const netsim::Message& message) {
        add({message.injected, message.due, message.sequence, pe_, message.source,
             TraceEvent::Type::Message, static_cast<std::uint8_t>(message.kind)});
    }
    const std::vector<TraceEvent>& events() const { return events_; }
    // Whether events were dropped at the cap.
    bool truncated() const { return truncated_; }

private:
    void add(const TraceEvent& event) {
        if (events_.size() < limit_) {
            events_.push_back(event);
        } else {
            truncated_ = true;
        }
    }

    unsigned pe_;
    std::size_t limit_;
    std::vector<TraceEvent> events_;
    bool truncated_ = false;
};

} // namespace xbemu
