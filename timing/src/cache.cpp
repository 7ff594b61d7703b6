#include "xbemu/timing/cache.hpp"

#include <algorithm>
#include <bit>
#include <fmt/format.h>
#include <stdexcept>

namespace xbemu {

Cache::Cache(std::uint64_t sets, std::uint64_t ways, std::uint64_t line_bytes)
    : sets_(sets), ways_(ways), line_mask_(line_bytes - 1),
      line_shift_(static_cast<unsigned>(std::countr_zero(line_bytes))) {
    if (!std::has_single_bit(sets) || !std::has_single_bit(line_bytes) || line_bytes < 8 ||
        ways == 0) {
        throw std::invalid_argument(
            fmt::format("a cache of {} sets, {} ways and {}-byte lines: sets and the line must be "
                        "powers of two, the line at least 8 bytes, and ways at least 1",
                        sets, ways, line_bytes));
    }
    entries_.assign(sets * ways, 0);
}

CacheAccessResult Cache::access(std::uint64_t address, std::uint64_t bytes, CacheAccessKind kind) {
    const bool write = kind == CacheAccessKind::Write;
    if (write) {
        ++counters_.write_accesses;
        counters_.bytes_written += bytes;
    } else {
        ++counters_.read_accesses;
        counters_.bytes_read += bytes;
    }
    const std::uint64_t line = line_address(address);
    const std::uint64_t dirty = write ? kDirty : 0;
    std::uint64_t* set = set_of(line);
    for (std::uint64_t way = 0; way < ways_; ++way) {
        if ((set[way] & ~kFlags) == line && (set[way] & kValid) != 0) {
            const std::uint64_t entry = set[way] | dirty;
            std::copy_backward(set, set + way, set + way + 1);
            set[0] = entry;
            return {.hit = true};
        }
    }
    if (write) {
        ++counters_.write_misses;
    } else {
        ++counters_.read_misses;
    }
    const std::uint64_t victim = set[ways_ - 1];
    std::copy_backward(set, set + ways_ - 1, set + ways_);
    set[0] = line | kValid | dirty;
    CacheAccessResult result;
    if ((victim & kFlags) == kFlags) {
        ++counters_.writebacks;
        result.writeback = true;
        result.victim_line = victim & ~kFlags;
    }
    return result;
}

CacheInvalidation Cache::invalidate(std::uint64_t address) {
    const std::uint64_t line = line_address(address);
    std::uint64_t* set = set_of(line);
    for (std::uint64_t way = 0; way < ways_; ++way) {
        if ((set[way] & ~kFlags) == line && (set[way] & kValid) != 0) {
            const bool dirty = (set[way] & kDirty) != 0;
            // The freed way becomes the least recently used, the next to be filled.
            std::copy(set + way + 1, set + ways_, set + way);
            set[ways_ - 1] = 0;
            ++counters_.invalidations;
            counters_.writebacks += dirty ? 1 : 0;
            return {.present = true, .dirty = dirty};
        }
    }
    return {};
}

bool Cache::contains(std::uint64_t address) const {
    const std::uint64_t line = line_address(address);
    const std::uint64_t* set = set_of(line);
    return std::any_of(set, set + ways_, [line](std::uint64_t entry) {
        return (entry & ~kFlags) == line && (entry & kValid) != 0;
    });
}

} // namespace xbemu
