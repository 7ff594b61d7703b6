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
