#pragma once
// A network model: when a message injected at some cycle reaches its destination. Models with
// contention keep state (which link carries which flit when), so messages must be routed in
// one global order, injected_before (injection cycle, source, sequence): the same on every host
// thread count and launcher.

#include "xbemu/netsim/message.hpp"
#include "xbemu/netsim/network_config.hpp"
#include "xbemu/netsim/network_statistics.hpp"

#include <memory>

namespace xbemu::netsim {

class Network {
public:
    explicit Network(const NetworkConfig& config) : config_(config) {}
    Network(const Network&) = delete;
    Network& operator=(const Network&) = delete;
    virtual ~Network() = default;

    // Sets message.due. Messages between distinct PEs only; never earlier than the last one
    // routed in injected_before order.
    void route(Message& message);
    // The smallest latency of any message between two distinct PEs: how far PEs may run
    // without hearing from each other (at least 1; kNever with a single PE).
    virtual Cycle min_latency() const = 0;
    // No message will be injected before `cycle` again.
    virtual void forget_before(Cycle cycle) { static_cast<void>(cycle); }
    NetworkStatistics statistics() const;
    const NetworkConfig& config() const { return config_; }

protected:
    // The delivery cycle; may record deflections in `statistics_`.
    virtual Cycle delivery_time(const Message& message, unsigned bytes, unsigned& flits) = 0;
    virtual void add_link_usage(std::vector<LinkUsage>& links) const { static_cast<void>(links); }
    NetworkStatistics statistics_;

private:
    NetworkConfig config_;
};

// Throws std::invalid_argument for a grid too small for `pe_count` or parameters the model
// cannot use (a zero latency, a link of zero bytes).
std::unique_ptr<Network> make_network(const NetworkConfig& config, unsigned pe_count);

} // namespace xbemu::netsim
