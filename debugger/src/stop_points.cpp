#include "stop_points.hpp"

#include <algorithm>

namespace xbemu::gdb {

namespace {

bool overlaps(std::uint64_t address, std::uint64_t size, std::uint64_t start,
              std::uint64_t length) {
    return address < start + length && start < address + size;
}

} // namespace

std::optional<WatchpointHit> StopPoints::watchpoint_at(MemoryAccess access, std::uint64_t address,
                                                       std::uint64_t size) const {
    for (const TriggeredStopPoint& point : triggered_) {
        if (is_watchpoint(point) && (point.access & static_cast<std::uint8_t>(access)) != 0 &&
            overlaps(address, size, point.address, point.length)) {
            return WatchpointHit{point.access, std::max(address, point.address)};
        }
    }
    return std::nullopt;
}

TriggeredStopPoint* StopPoints::find_triggered(std::uint8_t access, std::uint64_t address,
                                               std::uint64_t length) {
    const auto found = std::find_if(triggered_.begin(), triggered_.end(), [&](const auto& point) {
        return point.access == access && point.address == address && point.length == length;
    });
    return found == triggered_.end() ? nullptr : &*found;
}

void StopPoints::remove_triggered(const TriggeredStopPoint* point) {
    std::erase_if(triggered_, [point](const TriggeredStopPoint& entry) { return &entry == point; });
}

bool StopPoints::write_watched(std::uint64_t address, std::uint64_t length) const {
    return std::any_of(triggered_.begin(), triggered_.end(), [&](const auto& point) {
        return is_watchpoint(point) && watches_writes(point) &&
               overlaps(address, length, point.address, point.length);
    });
}

bool StopPoints::any_write_watch() const {
    return std::any_of(triggered_.begin(), triggered_.end(), [](const auto& point) {
        return is_watchpoint(point) && watches_writes(point);
    });
}

} // namespace xbemu::gdb
