#include "messages/message_routing.hpp"

#include <algorithm>

namespace xbemu {

netsim::Cycle MessageRouter::route_and_deliver(std::vector<netsim::Message>& messages,
                                               netsim::Cycle window_end,
                                               const std::vector<netsim::Inbox*>& local) {
    messages.insert(messages.end(), held_.begin(), held_.end());
    held_.clear();
    const auto later = std::partition(
        messages.begin(), messages.end(),
        [window_end](const netsim::Message& message) { return message.injected < window_end; });
    held_.assign(later, messages.end());
    messages.erase(later, messages.end());
    std::sort(messages.begin(), messages.end(), netsim::injected_before);
    // Every message still to come is injected at or after this window's end, so none before
    // the first of these. A link's calendar spans from what it last forgot to its latest
    // reservation: forgotten before routing, a PE's first message after a long speculative
    // window finds it nearly empty, rather than first stretching it over the whole run and
    // dropping it word by word in the next window's decision.
    if (!messages.empty() && messages.front().injected >= forgotten_ + kForgetInterval) {
        forgotten_ = messages.front().injected;
        network_->forget_before(forgotten_);
    }
    netsim::Cycle earliest = netsim::kNever;
    for (netsim::Message& message : messages) {
        network_->route(message);
        earliest = std::min(earliest, message.due);
        if (netsim::Inbox* inbox = local[message.destination]) {
            inbox->push(message);
        }
    }
    for (const netsim::Message& message : held_) {
        earliest = std::min(earliest, message.injected);
    }
    return earliest;
}

} // namespace xbemu
