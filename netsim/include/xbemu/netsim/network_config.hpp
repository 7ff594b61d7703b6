#pragma once
// The parameters of a network model, as the machine description file gives them.

#include "xbemu/netsim/cycle.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

namespace xbemu::netsim {

enum class NetworkModel : std::uint8_t {
    Ideal,       // every message arrives one cycle after it leaves; unbounded bandwidth
    Fixed,       // a constant latency; unbounded bandwidth
    Mesh,        // 2D mesh, XY routing, links of limited width with contention
    Torus,       // the same with wrap-around links (shorter way round)
    Paternoster, // bufferless 2D torus of unidirectional rings with deflection
};

enum class Placement : std::uint8_t {
    RowMajor,    // PE p at (p mod width, p / width)
    ColumnMajor, // PE p at (p / height, p mod height)
};

// What the models can afford. Their state grows with the grid (per node, a calendar per link)
// and each link's calendar spans the cycles between now and the latest flit reserved on it, so
// with the time a message takes to cross the network.
inline constexpr unsigned kMaxGridNodes = 1U << 16;
inline constexpr Cycle kMaxMessageLatency = Cycle{1} << 20;

struct NetworkConfig {
    NetworkModel model = NetworkModel::Mesh;
    // Grid edges; 0 chooses the most nearly square grid that holds every PE.
    unsigned width = 0;
    unsigned height = 0;
    Placement placement = Placement::RowMajor;
    Cycle fixed_latency = 10;  // fixed
    Cycle router_latency = 8;  // mesh, torus: once per message (injection and ejection)
    Cycle hop_latency = 2;     // mesh, torus: per link a message crosses
    unsigned link_bytes = 16;  // mesh, torus: bytes a link carries per cycle (one flit)
    unsigned header_bytes = 8; // mesh, torus: routing and command bytes of every message
    unsigned flit_bytes = 8;   // paternoster: payload bytes per flit (the header rides beside)
    unsigned corner_buffer_entries = 8; // paternoster: flits a corner holds before deflecting
    Cycle ejection_latency = 3;         // paternoster
};

std::string_view model_name(NetworkModel model);
std::optional<NetworkModel> model_from_name(std::string_view name);
std::string_view placement_name(Placement placement);
std::optional<Placement> placement_from_name(std::string_view name);

} // namespace xbemu::netsim
