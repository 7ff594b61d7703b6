#pragma once
// The breakpoints and watchpoints gdb has set: software breakpoints by address, hardware
// breakpoints and watchpoints with the debug trigger each holds on every PE. They change only
// while every hart is stopped, so the harts read them without locks.

#include "xbemu/attached_debugger.hpp"
#include "xbemu/memory_access.hpp"

#include <cstdint>
#include <optional>
#include <set>
#include <vector>

namespace xbemu::gdb {

struct TriggeredStopPoint {
    // Execute (hardware breakpoint), or the watched accesses: Read, Write or both (OR of bits).
    std::uint8_t access = 0;
    std::uint64_t address = 0;
    std::uint64_t length = 1;
    std::vector<unsigned> triggers; // the trigger index on each PE, in PE order
};

class StopPoints {
public:
    bool breakpoint_at(std::uint64_t address) const { return breakpoints_.contains(address); }
    std::optional<WatchpointHit> watchpoint_at(MemoryAccess access, std::uint64_t address,
                                               std::uint64_t size) const;

    // Idempotent, as the protocol asks: setting one twice keeps one.
    void add_breakpoint(std::uint64_t address) { breakpoints_.insert(address); }
    bool remove_breakpoint(std::uint64_t address) { return breakpoints_.erase(address) != 0; }

    TriggeredStopPoint* find_triggered(std::uint8_t access, std::uint64_t address,
                                       std::uint64_t length);
    void add_triggered(TriggeredStopPoint point) { triggered_.push_back(std::move(point)); }
    void remove_triggered(const TriggeredStopPoint* point);
    const std::vector<TriggeredStopPoint>& triggered() const { return triggered_; }
    // Whether a watchpoint on writes covers any byte of [address, address + length).
    bool write_watched(std::uint64_t address, std::uint64_t length) const;
    bool any_write_watch() const;

    void clear() {
        breakpoints_.clear();
        triggered_.clear();
    }

private:
    std::set<std::uint64_t> breakpoints_;
    std::vector<TriggeredStopPoint> triggered_;
};

inline bool watches_writes(const TriggeredStopPoint& point) {
    return (point.access & static_cast<std::uint8_t>(MemoryAccess::Write)) != 0;
}
inline bool is_watchpoint(const TriggeredStopPoint& point) {
    return point.access != static_cast<std::uint8_t>(MemoryAccess::Execute);
}

} // namespace xbemu::gdb
