#pragma once
// mesh and torus: a 2D grid of routers, XY routing (X first, then Y; on a torus the shorter way
// round, ties going the positive way), wormhole-style flits of `link_bytes` bytes. A message
// spends router_latency once (injection and ejection), then hop_latency per link; each link and
// each ejection port carries one flit per cycle, so flits that meet queue. Uncontended, a
// message of F flits over h links takes router_latency + h * hop_latency + F - 1 cycles.

#include "xbemu/netsim/grid.hpp"
#include "xbemu/netsim/link_calendar.hpp"
#include "xbemu/netsim/network.hpp"

#include <vector>

namespace xbemu::netsim {

class MeshNetwork final : public Network {
public:
    MeshNetwork(const NetworkConfig& config, unsigned pe_count);

    Cycle min_latency() const override;
    void forget_before(Cycle cycle) override;

protected:
    Cycle delivery_time(const Message& message, unsigned bytes, unsigned& flits) override;
    void add_link_usage(std::vector<LinkUsage>& links) const override;

private:
    enum Direction : unsigned { kEast, kWest, kNorth, kSouth, kDirections };
    // The links a message crosses, in order.
    void path(GridPosition from, GridPosition to, std::vector<unsigned>& links) const;
    unsigned link(GridPosition from, Direction direction) const {
        return grid_.node(from) * kDirections + direction;
    }

    Grid grid_;
    unsigned pe_count_;
    bool wraps_;
    std::vector<LinkCalendar> links_;    // node * kDirections + direction
    std::vector<LinkCalendar> ejection_; // per node
    std::vector<unsigned> path_;
    std::vector<Cycle> flit_ready_;
};

} // namespace xbemu::netsim
