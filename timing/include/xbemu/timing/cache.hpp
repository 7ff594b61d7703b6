#pragma once
// One set-associative cache: sets x ways lines of a power-of-two size, LRU replacement,
// write-back and write-allocate. It keeps tags only (the data stay in guest RAM), counts as
// Spike's cache simulator counts, and leaves what a miss costs to its owner (MemoryHierarchy,
// SpikeCacheSimulator). A line that an access starts in is the line it touches, as in Spike.

#include "xbemu/cache_hit_path.hpp"

#include <cstdint>
#include <vector>

namespace xbemu {

enum class CacheAccessKind : std::uint8_t { Read, Write };

struct CacheCounters {
    std::uint64_t read_accesses = 0;
    std::uint64_t write_accesses = 0;
    std::uint64_t read_misses = 0;
    std::uint64_t write_misses = 0;
    std::uint64_t bytes_read = 0;
    std::uint64_t bytes_written = 0;
    // Dirty lines written to the next level: evicted, or invalidated by a remote write.
    std::uint64_t writebacks = 0;
    std::uint64_t invalidations = 0;

    std::uint64_t accesses() const { return read_accesses + write_accesses; }
    std::uint64_t misses() const { return read_misses + write_misses; }
};

struct CacheAccessResult {
    bool hit = false;
    // A miss evicted a dirty line: its address goes to the next level as a line write.
    bool writeback = false;
    std::uint64_t victim_line = 0;
};

struct CacheInvalidation {
    bool present = false;
    bool dirty = false; // the line was written back on its way out
};

class Cache {
public:
    // Throws std::invalid_argument unless sets and line_bytes are powers of two, line_bytes at
    // least 8 and ways at least 1.
    Cache(std::uint64_t sets, std::uint64_t ways, std::uint64_t line_bytes);

    CacheAccessResult access(std::uint64_t address, std::uint64_t bytes, CacheAccessKind kind);
    // Adds `times` times `turn` to the access counters (not writebacks or invalidations): hits
    // in lines that are their sets' most recently used, which leave the cache as it is, such as
    // the turns of a polling loop or fetches from the line the last fetch read.
    void repeat_accesses(const CacheCounters& turn, std::uint64_t times) {
        counters_.read_accesses += turn.read_accesses * times;
        counters_.write_accesses += turn.write_accesses * times;
        counters_.read_misses += turn.read_misses * times;
        counters_.write_misses += turn.write_misses * times;
        counters_.bytes_read += turn.bytes_read * times;
        counters_.bytes_written += turn.bytes_written * times;
    }
    // Drops the line holding `address`, if present; a dirty one counts as a writeback.
    CacheInvalidation invalidate(std::uint64_t address);
    bool contains(std::uint64_t address) const;

    std::uint64_t line_address(std::uint64_t address) const { return address & ~line_mask_; }
    std::uint64_t sets() const { return sets_; }
    std::uint64_t ways() const { return ways_; }
    std::uint64_t line_bytes() const { return line_mask_ + 1; }
    const CacheCounters& counters() const { return counters_; }
    // Its entries and counters for an inline hit path (the stall fields are the owner's).
    CacheHitPath hit_path() {
        return {.entries = entries_.data(),
                .ways = ways_,
                .sets = sets_,
                .line_shift = line_shift_,
                .valid_flag = kValid,
                .dirty_flag = kDirty,
                .read_accesses = &counters_.read_accesses,
                .write_accesses = &counters_.write_accesses,
                .bytes_read = &counters_.bytes_read,
                .bytes_written = &counters_.bytes_written};
    }

private:
    // A way's entry: the line address, with the flags in its low bits (a line is at least 8
    // bytes). A set's entries are in recency order, the most recently used first, so that
    // the victim is the last and a hit moves its entry to the front.
    static constexpr std::uint64_t kValid = 1;
    static constexpr std::uint64_t kDirty = 2;
    static constexpr std::uint64_t kFlags = kValid | kDirty;

    std::uint64_t* set_of(std::uint64_t line) {
        return &entries_[((line >> line_shift_) & (sets_ - 1)) * ways_];
    }
    const std::uint64_t* set_of(std::uint64_t line) const {
        return &entries_[((line >> line_shift_) & (sets_ - 1)) * ways_];
    }

    std::uint64_t sets_;
    std::uint64_t ways_;
    std::uint64_t line_mask_;
    unsigned line_shift_;
    std::vector<std::uint64_t> entries_;
    CacheCounters counters_;
};

} // namespace xbemu
