#pragma once
// What the network saw: messages, bytes, latencies and how busy each link was.

#include "xbemu/netsim/cycle.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace xbemu::netsim {

struct LinkUsage {
    std::string name; // "(x,y)->(x,y)", "eject (x,y)", ...
    std::uint64_t flits = 0;
};

struct NetworkStatistics {
    std::uint64_t messages = 0;
    std::uint64_t bytes = 0; // header and payload
    std::uint64_t flits = 0;
    Cycle latency_min = kNever;
    Cycle latency_max = 0;
    std::uint64_t latency_sum = 0;
    // Bucket b counts latencies whose bit width is b: [2^(b-1), 2^b - 1], bucket 0 latency 0.
    std::array<std::uint64_t, 65> latency_histogram{};
    std::uint64_t deflections = 0; // paternoster: laps taken because a corner buffer was full
    std::vector<LinkUsage> links;

    void record(Cycle latency, std::uint64_t message_bytes, std::uint64_t message_flits);
    double mean_latency() const;
};

} // namespace xbemu::netsim
