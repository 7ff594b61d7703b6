#pragma once
// A first-level cache as an engine may run its commonest case inline (the JIT): an access to
// the line that is its set's most recently used is a hit that leaves the order of the set as it
// is, so it needs only its counts, its stall and (a store) the line's dirty flag. Anything else
// goes to the cache's owner: the cycle mode's MemoryTiming, or the functional mode's
// MemoryAccessObserver (Spike's cache simulator). The pointers stay valid while the owner lives.

#include <cstdint>

namespace xbemu {

struct CacheHitPath {
    // A set's entries, `ways` words from `entries + set * ways`, the most recently used first:
    // the line's guest address with flags in its low bits; an empty way holds 0.
    std::uint64_t* entries = nullptr;
    std::uint64_t ways = 0;
    std::uint64_t sets = 0;
    unsigned line_shift = 0;
    std::uint64_t valid_flag = 0;
    std::uint64_t dirty_flag = 0;
    std::uint64_t* read_accesses = nullptr;
    std::uint64_t* write_accesses = nullptr;
    std::uint64_t* bytes_read = nullptr;
    std::uint64_t* bytes_written = nullptr;
    // The level's stall cycles, and what a hit adds to them (as to the hart's stall); the
    // functional mode has no stalls (hit_stall 0, and stall_cycles unused).
    std::uint64_t* stall_cycles = nullptr;
    std::uint64_t hit_stall = 0;
};

} // namespace xbemu
