#pragma once
// A PE's caches and DRAM as its hart sees them in the cycle mode: the hart's fetches, loads and
// stores in RAM go to the PE's MemoryHierarchy, which also serves the remote accesses that
// reach the PE (NetworkInterface). Each instruction of a block is one fetch, as Spike counts
// them; the block's fetches happen back to back before its first instruction starts.

#include "xbemu/machine_description.hpp"
#include "xbemu/memory_timing.hpp"
#include "xbemu/timing/memory_hierarchy.hpp"

namespace xbemu {

class TimedMemory final : public MemoryTiming {
public:
    explicit TimedMemory(const MachineDescription& machine)
        : hierarchy_(machine.memory, machine.remote_service) {}

    std::uint64_t fetch(const DecodedBlock& block, netsim::Cycle now) override;
    std::uint64_t load(std::uint64_t address, unsigned bytes, netsim::Cycle now) override {
        return hierarchy_.load(address, bytes, now);
    }
    std::uint64_t store(std::uint64_t address, unsigned bytes, netsim::Cycle now) override {
        return hierarchy_.store(address, bytes, now);
    }

    MemoryHierarchy& hierarchy() { return hierarchy_; }
    const MemoryHierarchy& hierarchy() const { return hierarchy_; }

private:
    MemoryHierarchy hierarchy_;
};

} // namespace xbemu
