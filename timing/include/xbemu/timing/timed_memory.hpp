#pragma once
// A PE's caches and DRAM as its hart sees them in the cycle mode: the hart's fetches, loads and
// stores in RAM go to the PE's MemoryHierarchy, which also serves the remote accesses that
// reach the PE (NetworkInterface).

#include "xbemu/machine_description.hpp"
#include "xbemu/memory_timing.hpp"
#include "xbemu/timing/memory_hierarchy.hpp"

namespace xbemu {

class TimedMemory final : public MemoryTiming {
public:
    explicit TimedMemory(const MachineDescription& machine)
        : hierarchy_(machine.memory, machine.remote_service) {}

    std::uint64_t fetch(std::uint64_t address, netsim::Cycle now) override {
        return hierarchy_.fetch(address, now);
    }
    void fetch_hits(std::uint64_t count) override { hierarchy_.fetch_again(count); }
    std::uint64_t fetch_hit_stall() const override {
        return hierarchy_.has_instruction_cache() ? hierarchy_.instruction_hit_stall() : 0;
    }
    std::uint64_t instruction_line_bytes() const override {
        return hierarchy_.has_instruction_cache() ? hierarchy_.instruction_line_bytes() : 0;
    }
    std::uint64_t load(std::uint64_t address, unsigned bytes, netsim::Cycle now) override {
        return hierarchy_.load(address, bytes, now);
    }
    std::uint64_t store(std::uint64_t address, unsigned bytes, netsim::Cycle now) override {
        return hierarchy_.store(address, bytes, now);
    }

    MemoryHierarchyStatistics statistics() const override { return hierarchy_.statistics(); }

    MemoryActivity activity() const override { return hierarchy_.first_level_activity(); }
    void repeat_activity(const MemoryActivity& turn, std::uint64_t times) override {
        hierarchy_.repeat_first_level_activity(turn, times);
    }

    std::optional<CacheHitPath> data_hit_path() override { return hierarchy_.data_hit_path(); }
    std::optional<CacheHitPath> instruction_hit_path() override {
        return hierarchy_.instruction_hit_path();
    }
    std::uint64_t fetch_bytes() const override { return MemoryHierarchy::kFetchBytes; }

    MemoryHierarchy& hierarchy() { return hierarchy_; }
    const MemoryHierarchy& hierarchy() const { return hierarchy_; }

private:
    MemoryHierarchy hierarchy_;
};

} // namespace xbemu
