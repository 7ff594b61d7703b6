#pragma once
// The exchange of a job whose PEs all run in this process: nothing to send anywhere.

#include "messages/message_routing.hpp"
#include "xbemu/timing/message_exchange.hpp"

#include <memory>

namespace xbemu {

class InProcessExchange final : public MessageExchange {
public:
    // `inboxes`: every PE's, in PE order.
    InProcessExchange(std::unique_ptr<netsim::Network> network, std::vector<netsim::Inbox*> inboxes)
        : router_(std::move(network)), inboxes_(std::move(inboxes)) {}

    void exchange(WindowReport& report, WindowResult& result) override;
    netsim::Cycle lookahead() const override { return router_.network().min_latency(); }
    void forget_before(netsim::Cycle cycle) override { router_.network().forget_before(cycle); }
    netsim::NetworkStatistics network_statistics() const override {
        return router_.network().statistics();
    }

private:
    MessageRouter router_;
    std::vector<netsim::Inbox*> inboxes_;
};

} // namespace xbemu
