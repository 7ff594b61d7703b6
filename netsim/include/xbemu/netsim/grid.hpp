#pragma once
// Where the PEs sit on a width x height grid.

#include "xbemu/netsim/network_config.hpp"

namespace xbemu::netsim {

struct GridPosition {
    unsigned x;
    unsigned y;
};

class Grid {
public:
    // Throws std::invalid_argument when the given edges cannot hold `pe_count` PEs.
    Grid(const NetworkConfig& config, unsigned pe_count);

    unsigned width() const { return width_; }
    unsigned height() const { return height_; }
    unsigned nodes() const { return width_ * height_; }
    GridPosition position(unsigned pe) const;
    unsigned node(GridPosition position) const { return position.y * width_ + position.x; }

private:
    unsigned width_;
    unsigned height_;
    Placement placement_;
};

} // namespace xbemu::netsim
