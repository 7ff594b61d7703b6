#include "xbemu/message_port.hpp"

#include "xbemu/netsim/grid.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

namespace xbemu {

bool uses_message_passing(const DecodeTable& table) {
    const auto extensions = table.extensions();
    return std::any_of(extensions.begin(), extensions.end(),
                       [](const Extension* extension) { return extension->name == "xpimp"; });
}

void check_message_grid(const netsim::NetworkConfig& network, unsigned pe_count) {
    constexpr unsigned kLongestEdge = 0xffff;
    const netsim::Grid grid(network, pe_count);
    if (grid.width() > kLongestEdge || grid.height() > kLongestEdge) {
        throw std::invalid_argument(fmt::format(
            "the network grid is {}x{}: PIMP's CSR 0xC72 holds each edge in 16 bits, so "
            "neither may exceed {} (give --machine a grid such as 256x256)",
            grid.width(), grid.height(), kLongestEdge));
    }
}

} // namespace xbemu
