#include "mesh_network.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

namespace xbemu::netsim {

MeshNetwork::MeshNetwork(const NetworkConfig& config, unsigned pe_count)
    : Network(config), grid_(config, pe_count), pe_count_(pe_count),
      wraps_(config.model == NetworkModel::Torus),
      links_(static_cast<std::size_t>(grid_.nodes()) * kDirections), ejection_(grid_.nodes()) {
    if (config.link_bytes == 0) {
        throw std::invalid_argument("network link_bytes must be at least 1");
    }
    if (config.router_latency + config.hop_latency == 0) {
        throw std::invalid_argument("network router_latency + hop_latency must be at least 1 "
                                    "cycle (the PEs synchronise at intervals no longer than it)");
    }
    // The longest way a message may take, the shorter way round on a torus.
    const auto longest_walk = [this](unsigned size) { return wraps_ ? size / 2 : size - 1; };
    const Cycle slowest =
        config.router_latency +
        Cycle{longest_walk(grid_.width()) + longest_walk(grid_.height())} * config.hop_latency;
    if (slowest > kMaxMessageLatency) {
        throw std::invalid_argument(
            fmt::format("network router_latency + hop_latency x the longest path ({} hops) is {} "
                        "cycles: at most {} are supported",
                        longest_walk(grid_.width()) + longest_walk(grid_.height()), slowest,
                        kMaxMessageLatency));
    }
}

Cycle MeshNetwork::min_latency() const {
    if (pe_count_ < 2) {
        return kNever;
    }
    return config().router_latency + config().hop_latency;
}

void MeshNetwork::path(GridPosition from, GridPosition to, std::vector<unsigned>& links) const {
    links.clear();
    // Steps along one dimension: +1 or -1 per hop, the shorter way on a torus.
    const auto walk = [&](unsigned& coordinate, unsigned target, unsigned size, Direction up,
                          Direction down) {
        const unsigned forward = (target + size - coordinate) % size;
        const unsigned backward = (size - forward) % size;
        const bool go_up = !wraps_ ? target > coordinate : forward <= backward;
        unsigned steps = !wraps_ ? (go_up ? target - coordinate : coordinate - target)
                                 : (go_up ? forward : backward);
        while (steps-- > 0) {
            links.push_back(link(from, go_up ? up : down));
            coordinate = go_up ? (coordinate + 1) % size : (coordinate + size - 1) % size;
        }
    };
    walk(from.x, to.x, grid_.width(), kEast, kWest);
    walk(from.y, to.y, grid_.height(), kNorth, kSouth);
}

Cycle MeshNetwork::delivery_time(const Message& message, unsigned bytes, unsigned& flits) {
    const NetworkConfig& parameters = config();
    flits = std::max(1U, (bytes + parameters.link_bytes - 1) / parameters.link_bytes);
    const GridPosition from = grid_.position(message.source);
    const GridPosition to = grid_.position(message.destination);
    path(from, to, path_);
    flit_ready_.resize(flits);
    for (unsigned flit = 0; flit < flits; ++flit) {
        flit_ready_[flit] = message.injected + parameters.router_latency + flit;
    }
    for (const unsigned link : path_) {
        Cycle previous = 0;
        for (unsigned flit = 0; flit < flits; ++flit) {
            const Cycle earliest =
                flit == 0 ? flit_ready_[flit] : std::max(flit_ready_[flit], previous + 1);
            previous = links_[link].reserve_first_free(earliest);
            flit_ready_[flit] = previous + parameters.hop_latency;
        }
    }
    Cycle delivered = 0;
    LinkCalendar& port = ejection_[grid_.node(to)];
    for (unsigned flit = 0; flit < flits; ++flit) {
        delivered = port.reserve_first_free(flit == 0 ? flit_ready_[flit]
                                                      : std::max(flit_ready_[flit], delivered + 1));
    }
    return delivered;
}

void MeshNetwork::forget_before(Cycle cycle) {
    for (LinkCalendar& link : links_) {
        link.forget_before(cycle);
    }
    for (LinkCalendar& port : ejection_) {
        port.forget_before(cycle);
    }
}

void MeshNetwork::add_link_usage(std::vector<LinkUsage>& links) const {
    for (unsigned node = 0; node < grid_.nodes(); ++node) {
        const GridPosition at{node % grid_.width(), node / grid_.width()};
        for (unsigned direction = 0; direction < kDirections; ++direction) {
            const std::uint64_t flits = links_[node * kDirections + direction].flits();
            if (flits == 0) {
                continue;
            }
            GridPosition next = at;
            switch (direction) {
            case kEast:
                next.x = (at.x + 1) % grid_.width();
                break;
            case kWest:
                next.x = (at.x + grid_.width() - 1) % grid_.width();
                break;
            case kNorth:
                next.y = (at.y + 1) % grid_.height();
                break;
            default:
                next.y = (at.y + grid_.height() - 1) % grid_.height();
                break;
            }
            links.push_back({fmt::format("({},{})->({},{})", at.x, at.y, next.x, next.y), flits});
        }
        if (ejection_[node].flits() != 0) {
            links.push_back({fmt::format("eject ({},{})", at.x, at.y), ejection_[node].flits()});
        }
    }
}

} // namespace xbemu::netsim
