#include "xbemu/netsim/network.hpp"

#include "fixed_latency_network.hpp"
#include "mesh_network.hpp"
#include "paternoster_network.hpp"

#include <stdexcept>

namespace xbemu::netsim {

void Network::route(Message& message) {
    const unsigned bytes = config_.header_bytes + payload_bytes(message);
    unsigned flits = 1;
    message.due = delivery_time(message, bytes, flits);
    statistics_.record(message.due - message.injected, bytes, flits);
}

NetworkStatistics Network::statistics() const {
    NetworkStatistics statistics = statistics_;
    add_link_usage(statistics.links);
    return statistics;
}

std::unique_ptr<Network> make_network(const NetworkConfig& config, unsigned pe_count) {
    switch (config.model) {
    case NetworkModel::Ideal:
        return std::make_unique<FixedLatencyNetwork>(config, pe_count, 1);
    case NetworkModel::Fixed:
        if (config.fixed_latency == 0) {
            throw std::invalid_argument("network latency must be at least 1 cycle (the PEs "
                                        "synchronise at intervals no longer than it)");
        }
        return std::make_unique<FixedLatencyNetwork>(config, pe_count, config.fixed_latency);
    case NetworkModel::Mesh:
    case NetworkModel::Torus:
        return std::make_unique<MeshNetwork>(config, pe_count);
    case NetworkModel::Paternoster:
        return std::make_unique<PaternosterNetwork>(config, pe_count);
    }
    throw std::invalid_argument("unknown network model");
}

} // namespace xbemu::netsim
