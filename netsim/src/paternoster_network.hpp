#pragma once
// PaterNoster (the PIMP paper's network): a 2D torus of unidirectional rings without buffers
// on the rings. A flit enters its row's ring (eastwards) when every link of its way along the
// row is free in the cycles it will cross them, moves one hop per cycle, turns into its
// column's ring (northwards) through the corner buffer of the destination column, and leaves
// the network `ejection_latency` cycles after reaching its destination. A flit that finds the
// corner buffer full is deflected: it goes once more round the row ring and tries again.
// Messages are sequences of `flit_bytes` flits, each injected one cycle after the other.

#include "xbemu/netsim/grid.hpp"
#include "xbemu/netsim/link_calendar.hpp"
#include "xbemu/netsim/network.hpp"

#include <vector>

namespace xbemu::netsim {

class PaternosterNetwork final : public Network {
public:
    PaternosterNetwork(const NetworkConfig& config, unsigned pe_count);

    Cycle min_latency() const override;
    void forget_before(Cycle cycle) override;

protected:
    Cycle delivery_time(const Message& message, unsigned bytes, unsigned& flits) override;
    void add_link_usage(std::vector<LinkUsage>& links) const override;

private:
    struct Stay {
        Cycle arrival;
        Cycle departure;
    };
    // The first cycle >= earliest at which a flit can cross `hops` consecutive links of a ring
    // (link i in cycle start + i), and those links reserved.
    Cycle ride(std::vector<LinkCalendar>& ring_links, unsigned first, unsigned ring_size,
               unsigned hops, Cycle earliest);
    Cycle route_flit(GridPosition from, GridPosition to, Cycle injected);

    Grid grid_;
    unsigned pe_count_;
    std::vector<LinkCalendar> row_links_;    // y * width + x: (x,y) -> (x+1,y)
    std::vector<LinkCalendar> column_links_; // x * height + y: (x,y) -> (x,y+1)
    std::vector<std::vector<Stay>> corners_; // per node: flits in its corner buffer
};

} // namespace xbemu::netsim
