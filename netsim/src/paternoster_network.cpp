#include "paternoster_network.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

namespace xbemu::netsim {

PaternosterNetwork::PaternosterNetwork(const NetworkConfig& config, unsigned pe_count)
    : Network(config), grid_(config, pe_count), pe_count_(pe_count), row_links_(grid_.nodes()),
      column_links_(grid_.nodes()), corners_(grid_.nodes()) {
    if (config.flit_bytes == 0) {
        throw std::invalid_argument("network flit_bytes must be at least 1");
    }
    if (config.corner_buffer_entries == 0) {
        throw std::invalid_argument("network corner_buffer_entries must be at least 1");
    }
}

Cycle PaternosterNetwork::min_latency() const {
    return pe_count_ < 2 ? kNever : 1 + config().ejection_latency;
}

Cycle PaternosterNetwork::ride(std::vector<LinkCalendar>& ring_links, unsigned first,
                               unsigned ring_size, unsigned hops, Cycle earliest) {
    const unsigned base = first - first % ring_size;
    const auto link_at = [&](unsigned hop) -> LinkCalendar& {
        return ring_links[base + (first % ring_size + hop) % ring_size];
    };
    for (Cycle start = earliest;; ++start) {
        bool free = true;
        for (unsigned hop = 0; hop < hops && free; ++hop) {
            free = link_at(hop).is_free(start + hop);
        }
        if (free) {
            for (unsigned hop = 0; hop < hops; ++hop) {
                link_at(hop).reserve(start + hop);
            }
            return start;
        }
    }
}

Cycle PaternosterNetwork::route_flit(GridPosition from, GridPosition to, Cycle injected) {
    const unsigned width = grid_.width();
    const unsigned height = grid_.height();
    const unsigned east = (to.x + width - from.x) % width;
    const unsigned north = (to.y + height - from.y) % height;
    Cycle at = injected;
    if (east > 0) {
        at = ride(row_links_, from.y * width + from.x, width, east, at) + east;
    }
    if (north > 0) {
        if (east > 0) {
            // Waits in the corner buffer of (to.x, from.y), or goes round the row once more.
            std::vector<Stay>& corner = corners_[grid_.node({to.x, from.y})];
            for (;;) {
                const auto inside = std::count_if(corner.begin(), corner.end(), [at](Stay stay) {
                    return stay.arrival <= at && at < stay.departure;
                });
                if (static_cast<unsigned>(inside) < config().corner_buffer_entries) {
                    break;
                }
                ++statistics_.deflections;
                at += width;
            }
            const Cycle departure = ride(column_links_, to.x * height + from.y, height, north, at);
            corner.push_back({at, departure});
            at = departure + north;
        } else {
            at = ride(column_links_, from.x * height + from.y, height, north, at) + north;
        }
    }
    return at + config().ejection_latency;
}

Cycle PaternosterNetwork::delivery_time(const Message& message, unsigned bytes, unsigned& flits) {
    // The header travels beside the payload, in the flit's own wires.
    const unsigned payload = bytes - config().header_bytes;
    flits = std::max(1U, (payload + config().flit_bytes - 1) / config().flit_bytes);
    const GridPosition from = grid_.position(message.source);
    const GridPosition to = grid_.position(message.destination);
    Cycle delivered = 0;
    for (unsigned flit = 0; flit < flits; ++flit) {
        delivered = std::max(delivered, route_flit(from, to, message.injected + flit));
    }
    return delivered;
}

void PaternosterNetwork::forget_before(Cycle cycle) {
    for (LinkCalendar& link : row_links_) {
        link.forget_before(cycle);
    }
    for (LinkCalendar& link : column_links_) {
        link.forget_before(cycle);
    }
    for (std::vector<Stay>& corner : corners_) {
        std::erase_if(corner, [cycle](Stay stay) { return stay.departure < cycle; });
    }
}

void PaternosterNetwork::add_link_usage(std::vector<LinkUsage>& links) const {
    const unsigned width = grid_.width();
    const unsigned height = grid_.height();
    for (unsigned y = 0; y < height; ++y) {
        for (unsigned x = 0; x < width; ++x) {
            if (const std::uint64_t flits = row_links_[y * width + x].flits(); flits != 0) {
                links.push_back({fmt::format("({},{})->({},{})", x, y, (x + 1) % width, y), flits});
            }
        }
    }
    for (unsigned x = 0; x < width; ++x) {
        for (unsigned y = 0; y < height; ++y) {
            if (const std::uint64_t flits = column_links_[x * height + y].flits(); flits != 0) {
                links.push_back(
                    {fmt::format("({},{})->({},{})", x, y, x, (y + 1) % height), flits});
            }
        }
    }
}

} // namespace xbemu::netsim
