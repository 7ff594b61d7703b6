#include "message_routing.hpp"

#include <algorithm>

namespace xbemu {

netsim::Cycle route_and_deliver(netsim::Network& network, std::vector<netsim::Message>& messages,
                                const std::vector<ProcessingElement*>& local) {
    std::sort(messages.begin(), messages.end(), netsim::injected_before);
    netsim::Cycle earliest = netsim::kNever;
    for (netsim::Message& message : messages) {
        network.route(message);
        earliest = std::min(earliest, message.due);
        if (ProcessingElement* pe = local[message.destination]) {
            pe->network().inbox().push(message);
        }
    }
    return earliest;
}

} // namespace xbemu
