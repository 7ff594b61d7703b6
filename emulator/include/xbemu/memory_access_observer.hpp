#pragma once
// Something that watches a PE's accesses to its own RAM in the functional mode: every fetched
// instruction, every load and store (an AMO is a load and a store, a load-reserved a load, a
// store-conditional a store when it holds its reservation), as Spike's memory tracers see them.
// Device accesses, xBGAS remote accesses and the host's own reads (semihosting, HTIF) are not
// shown. Attaching one costs speed: the interpreter then fetches one instruction at a time and
// its loads and stores take its slow paths; the JIT counts the hits of the observer's hit paths
// inline (data_hit_path, instruction_hit_path) and shows it the rest. With none attached
// nothing on the hot paths changes (Hart::set_memory_observer).

#include "xbemu/cache_hit_path.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace xbemu {

class MemoryAccessObserver {
public:
    MemoryAccessObserver(bool observes_fetches, bool observes_data)
        : observes_fetches_(observes_fetches), observes_data_(observes_data) {}
    virtual ~MemoryAccessObserver() = default;
    MemoryAccessObserver(const MemoryAccessObserver&) = delete;
    MemoryAccessObserver& operator=(const MemoryAccessObserver&) = delete;

    virtual void fetched(std::uint64_t address, unsigned bytes) = 0;
    virtual void loaded(std::uint64_t address, unsigned bytes) = 0;
    virtual void stored(std::uint64_t address, unsigned bytes) = 0;
    // What it saw, in lines, printed on standard error when the PE is destroyed; `prefix` starts
    // each line ("[PE 2] " when the job has several PEs, else empty).
    virtual std::string report(const std::string& prefix) const = 0;
    // A cache in front of loaded and stored, if the observer has one whose hits in the most
    // recently used line of their set it lets an engine count through the path (the counts,
    // and a store's dirty flag) instead of calling loaded or stored: such a hit must change
    // nothing else it keeps. The pointers stay valid while the observer lives.
    virtual std::optional<CacheHitPath> data_hit_path() { return std::nullopt; }
    // The same in front of fetched: with one, the hart runs whole blocks on an engine that
    // counts each fetch from its set's most recently used line through the path and shows the
    // observer the others, in order with the loads and stores (else it runs one instruction at
    // a time).
    virtual std::optional<CacheHitPath> instruction_hit_path() { return std::nullopt; }

    // Fetches make the interpreter run one instruction at a time; data accesses, take the RAM
    // slow path (the JIT's run the hit paths inline).
    bool observes_fetches() const { return observes_fetches_; }
    bool observes_data() const { return observes_data_; }

private:
    bool observes_fetches_;
    bool observes_data_;
};

} // namespace xbemu
