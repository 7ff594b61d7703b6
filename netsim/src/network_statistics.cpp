#include "xbemu/netsim/network_statistics.hpp"

#include <algorithm>
#include <bit>

namespace xbemu::netsim {

void NetworkStatistics::record(Cycle latency, std::uint64_t message_bytes,
                               std::uint64_t message_flits) {
    ++messages;
    bytes += message_bytes;
    flits += message_flits;
    latency_min = std::min(latency_min, latency);
    latency_max = std::max(latency_max, latency);
    latency_sum += latency;
    ++latency_histogram[static_cast<unsigned>(std::bit_width(latency))];
}

double NetworkStatistics::mean_latency() const {
    return messages == 0 ? 0.0 : static_cast<double>(latency_sum) / static_cast<double>(messages);
}

} // namespace xbemu::netsim
