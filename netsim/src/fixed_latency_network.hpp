#pragma once
// ideal and fixed: every message takes the same number of cycles, whatever else is in flight.

#include "xbemu/netsim/network.hpp"

namespace xbemu::netsim {

class FixedLatencyNetwork final : public Network {
public:
    FixedLatencyNetwork(const NetworkConfig& config, unsigned pe_count, Cycle latency)
        : Network(config), latency_(latency), lookahead_(pe_count > 1 ? latency : kNever) {}

    Cycle min_latency() const override { return lookahead_; }

protected:
    Cycle delivery_time(const Message& message, unsigned, unsigned&) override {
        return message.injected + latency_;
    }

private:
    Cycle latency_;
    Cycle lookahead_;
};

} // namespace xbemu::netsim
