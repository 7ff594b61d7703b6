#pragma once
// The part of every exchange that is the same on every host: the messages of all hosts, routed
// in global injection order through this host's copy of the network model, delivered to the
// PEs this host runs. A message may be sent with an injection cycle after the window's end (a
// response leaves when the target's memory has served the request): it waits until the window
// holding that cycle has ended, so that the network always sees messages in injection order,
// whatever the windows were.

#include "xbemu/netsim/inbox.hpp"
#include "xbemu/netsim/network.hpp"

#include <memory>
#include <vector>

namespace xbemu {

class MessageRouter {
public:
    explicit MessageRouter(std::unique_ptr<netsim::Network> network)
        : network_(std::move(network)) {}

    // Routes `messages` (and the ones held back) injected before `window_end`, in global
    // injection order; `local[pe]` is the PE's inbox if this host runs it, else nullptr. Returns
    // the earliest cycle at which something happens because of messages: the due cycle of those
    // routed now, and the injection cycle of those still held back.
    netsim::Cycle route_and_deliver(std::vector<netsim::Message>& messages,
                                    netsim::Cycle window_end,
                                    const std::vector<netsim::Inbox*>& local);
    netsim::Network& network() { return *network_; }
    const netsim::Network& network() const { return *network_; }

private:
    // Forgetting the network's history costs a pass over every link: now and then is enough.
    static constexpr netsim::Cycle kForgetInterval = 4096;

    std::unique_ptr<netsim::Network> network_;
    std::vector<netsim::Message> held_;
    netsim::Cycle forgotten_ = 0; // the network's history before this cycle is gone
};

} // namespace xbemu
