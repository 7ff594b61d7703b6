#include "xbemu/timing/memory_hierarchy.hpp"

#include <algorithm>
#include <stdexcept>

namespace xbemu {

MemoryHierarchy::MemoryHierarchy(const MemoryHierarchyConfig& config, std::uint64_t remote_service)
    : remote_service_(remote_service), flat_(config.flat()) {
    const auto make = [this](const std::optional<CacheGeometry>& geometry,
                             std::optional<Level>& level) {
        if (!geometry) {
            return;
        }
        if (line_bytes_ != 0 && geometry->line_bytes != line_bytes_) {
            throw std::invalid_argument(
                "the caches of a memory hierarchy must share one line size");
        }
        line_bytes_ = geometry->line_bytes;
        level.emplace(Level{Cache(geometry->sets(), geometry->ways, geometry->line_bytes),
                            geometry->latency});
    };
    make(config.l1i, l1i_);
    make(config.l1d, l1d_);
    make(config.l2, l2_);
    if (config.dram) {
        dram_ = *config.dram;
    } else if (!flat_) {
        throw std::invalid_argument("a memory hierarchy with caches needs DRAM behind them");
    }
    if (!flat_ && dram_.bytes_per_cycle == 0) {
        throw std::invalid_argument("DRAM must move at least one byte per cycle");
    }
}

std::uint64_t MemoryHierarchy::fetch(std::uint64_t address, netsim::Cycle now) {
    return first_level_access(l1i_, address, kFetchBytes, CacheAccessKind::Read, now);
}

void MemoryHierarchy::fetch_again(std::uint64_t count) {
    l1i_->cache.repeat_accesses({.read_accesses = 1, .bytes_read = kFetchBytes}, count);
    l1i_->stall_cycles += count * (l1i_->latency - 1);
}

std::optional<CacheHitPath> MemoryHierarchy::hit_path(std::optional<Level>& level) {
    if (!level) {
        return std::nullopt;
    }
    CacheHitPath path = level->cache.hit_path();
    path.stall_cycles = &level->stall_cycles;
    // As first_level_access charges a hit.
    path.hit_stall = level->latency - 1;
    return path;
}

std::uint64_t MemoryHierarchy::load(std::uint64_t address, std::uint64_t bytes, netsim::Cycle now) {
    return first_level_access(l1d_, address, bytes, CacheAccessKind::Read, now);
}

std::uint64_t MemoryHierarchy::store(std::uint64_t address, std::uint64_t bytes,
                                     netsim::Cycle now) {
    return first_level_access(l1d_, address, bytes, CacheAccessKind::Write, now);
}

std::uint64_t MemoryHierarchy::first_level_access(std::optional<Level>& l1, std::uint64_t address,
                                                  std::uint64_t bytes, CacheAccessKind kind,
                                                  netsim::Cycle now) {
    if (flat_) {
        return 0;
    }
    netsim::Cycle done = 0;
    if (l1) {
        const CacheAccessResult result = l1->cache.access(address, bytes, kind);
        // The core model charges the first cycle of every instruction.
        l1->stall_cycles += l1->latency - 1;
        done = now + l1->latency;
        if (!result.hit) {
            const netsim::Cycle at = done;
            done = read_below_l1(l1->cache.line_address(address), line_bytes_,
                                 CacheAccessKind::Read, at, {.core = true, .credit = 0});
            if (result.writeback) {
                write_back_below_l1(result.victim_line, at);
            }
        }
    } else {
        done = read_below_l1(address, bytes, kind, now, {.core = true, .credit = 1});
    }
    return done - now - 1;
}

netsim::Cycle MemoryHierarchy::read_below_l1(std::uint64_t address, std::uint64_t bytes,
                                             CacheAccessKind kind, netsim::Cycle at,
                                             Charge charge) {
    if (!l2_) {
        return dram_read(bytes, at, charge);
    }
    const CacheAccessResult result = l2_->cache.access(address, bytes, kind);
    if (charge.core) {
        l2_->stall_cycles += l2_->latency - charge.credit;
    }
    const netsim::Cycle reached_dram = at + l2_->latency;
    netsim::Cycle done = reached_dram;
    if (!result.hit) {
        done = dram_read(line_bytes_, reached_dram, {.core = charge.core, .credit = 0});
    }
    if (result.writeback) {
        dram_write(line_bytes_, reached_dram);
    }
    return done;
}

void MemoryHierarchy::write_back_below_l1(std::uint64_t line, netsim::Cycle at) {
    if (!l2_) {
        dram_write(line_bytes_, at);
        return;
    }
    // A whole line arrives: L2 allocates it without reading DRAM.
    const CacheAccessResult result = l2_->cache.access(line, line_bytes_, CacheAccessKind::Write);
    if (result.writeback) {
        dram_write(line_bytes_, at + l2_->latency);
    }
}

netsim::Cycle MemoryHierarchy::take_channel(std::uint64_t bytes, netsim::Cycle at) {
    const netsim::Cycle start = std::max(at, channel_free_at_);
    const std::uint64_t transfer = (bytes + dram_.bytes_per_cycle - 1) / dram_.bytes_per_cycle;
    channel_free_at_ = start + transfer;
    dram_statistics_.queue_cycles += start - at;
    dram_statistics_.busy_cycles += transfer;
    dram_statistics_.bytes += bytes;
    return start;
}

netsim::Cycle MemoryHierarchy::dram_read(std::uint64_t bytes, netsim::Cycle at, Charge charge) {
    ++dram_statistics_.reads;
    const netsim::Cycle start = take_channel(bytes, at);
    const netsim::Cycle done = start + dram_.latency + (channel_free_at_ - start);
    if (charge.core) {
        dram_statistics_.stall_cycles += done - at - charge.credit;
    }
    return done;
}

void MemoryHierarchy::dram_write(std::uint64_t bytes, netsim::Cycle at) {
    ++dram_statistics_.writes;
    take_channel(bytes, at);
}

std::uint64_t MemoryHierarchy::serve_remote(std::uint64_t address, std::uint64_t bytes,
                                            CacheAccessKind kind, netsim::Cycle now) {
    if (flat_) {
        return remote_service_;
    }
    if (kind == CacheAccessKind::Write && l1d_) {
        if (const CacheInvalidation dropped = l1d_->cache.invalidate(address); dropped.dirty) {
            write_back_below_l1(l1d_->cache.line_address(address), now);
        }
    }
    const netsim::Cycle done = read_below_l1(address, bytes, kind, now, {.core = false});
    ++remote_statistics_.accesses;
    remote_statistics_.cycles += done - now;
    return done - now;
}

MemoryActivity MemoryHierarchy::first_level_activity() const {
    MemoryActivity activity{};
    std::size_t next = 0;
    for (const std::optional<Level>* level : {&l1i_, &l1d_}) {
        if (*level) {
            const CacheCounters& counters = (*level)->cache.counters();
            for (const std::uint64_t value :
                 {counters.read_accesses, counters.write_accesses, counters.read_misses,
                  counters.write_misses, counters.bytes_read, counters.bytes_written,
                  (*level)->stall_cycles}) {
                activity[next++] = value;
            }
        } else {
            next += 7;
        }
    }
    return activity;
}

void MemoryHierarchy::repeat_first_level_activity(const MemoryActivity& turn, std::uint64_t times) {
    std::size_t next = 0;
    for (std::optional<Level>* level : {&l1i_, &l1d_}) {
        if (*level) {
            CacheCounters counters;
            counters.read_accesses = turn[next];
            counters.write_accesses = turn[next + 1];
            counters.read_misses = turn[next + 2];
            counters.write_misses = turn[next + 3];
            counters.bytes_read = turn[next + 4];
            counters.bytes_written = turn[next + 5];
            (*level)->cache.repeat_accesses(counters, times);
            (*level)->stall_cycles += turn[next + 6] * times;
        }
        next += 7;
    }
}

MemoryHierarchyStatistics MemoryHierarchy::statistics() const {
    MemoryHierarchyStatistics statistics;
    const auto add = [&statistics](const std::optional<Level>& level, const char* name) {
        if (level) {
            const CacheCounters& counters = level->cache.counters();
            statistics.caches.push_back({name, counters.accesses(), counters.misses(),
                                         counters.writebacks, level->stall_cycles});
        }
    };
    add(l1i_, "L1I");
    add(l1d_, "L1D");
    add(l2_, "L2");
    statistics.has_dram = !flat_;
    statistics.dram = dram_statistics_;
    statistics.remote = remote_statistics_;
    return statistics;
}

} // namespace xbemu
