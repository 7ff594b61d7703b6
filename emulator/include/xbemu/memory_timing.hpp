#pragma once
// What a hart's own fetches, loads and stores cost in the cycle timing mode beyond the one
// cycle the core model charges each instruction: the timing layer's caches and DRAM answer,
// given when the access starts, in cycles the hart stalls. The hart asks only when one is
// attached (Hart::attach_memory_timing); otherwise its memory is the flat one-cycle memory and
// nothing on its fast paths changes.

#include "xbemu/netsim/cycle.hpp"

#include <cstdint>

namespace xbemu {

struct DecodedBlock;

class MemoryTiming {
public:
    virtual ~MemoryTiming() = default;
    // The instructions of a block about to run, fetched one after the other from `now` on.
    virtual std::uint64_t fetch(const DecodedBlock& block, netsim::Cycle now) = 0;
    virtual std::uint64_t load(std::uint64_t address, unsigned bytes, netsim::Cycle now) = 0;
    // Stores, store-conditionals and AMOs (write-allocate: a miss brings the line in first).
    virtual std::uint64_t store(std::uint64_t address, unsigned bytes, netsim::Cycle now) = 0;

protected:
    MemoryTiming() = default;
    MemoryTiming(const MemoryTiming&) = default;
    MemoryTiming& operator=(const MemoryTiming&) = default;
};

} // namespace xbemu
