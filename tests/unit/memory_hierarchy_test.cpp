// A PE's caches and DRAM in the cycle mode: the stall of each access, the DRAM channel's
// queueing, remote service and invalidation, and the statistics, on sequences whose cycles are
// worked out by hand in the comments.

#include "xbemu/timing/memory_hierarchy.hpp"

#include <doctest/doctest.h>
#include <stdexcept>

using namespace xbemu;

namespace {

constexpr std::uint64_t kBase = 0x80000000;
constexpr std::uint64_t kLine = 64;

// L1D 512 bytes (4 sets x 2 ways), L2 4 KiB (16 sets x 4 ways), DRAM 100 cycles, 16 bytes per
// cycle: a line's transfer takes 4 cycles.
MemoryHierarchyConfig two_levels() {
    MemoryHierarchyConfig config;
    config.l1i = CacheGeometry{.size_bytes = 512, .ways = 2, .line_bytes = kLine, .latency = 1};
    config.l1d = CacheGeometry{.size_bytes = 512, .ways = 2, .line_bytes = kLine, .latency = 1};
    config.l2 = CacheGeometry{.size_bytes = 4096, .ways = 4, .line_bytes = kLine, .latency = 10};
    config.dram = DramTiming{.latency = 100, .bytes_per_cycle = 16};
    return config;
}

const CacheLevelStatistics& level(const MemoryHierarchyStatistics& statistics,
                                  const std::string& name) {
    for (const CacheLevelStatistics& cache : statistics.caches) {
        if (cache.name == name) {
            return cache;
        }
    }
    throw std::logic_error("no level " + name);
}

} // namespace

TEST_CASE("without caches and DRAM every access costs the core's one cycle") {
    MemoryHierarchy memory(MemoryHierarchyConfig{}, 10);
    CHECK(memory.flat());
    CHECK(memory.load(kBase, 8, 0) == 0);
    CHECK(memory.store(kBase, 8, 5) == 0);
    CHECK(memory.fetch(kBase, 7) == 0);
    CHECK(memory.serve_remote(kBase, 8, CacheAccessKind::Write, 9) == 10);
    CHECK(memory.statistics().caches.empty());
    CHECK(format_memory_statistics("PE 0", memory.statistics(), 100).empty());
}

TEST_CASE("a miss costs each level's latency, DRAM's transfer included") {
    MemoryHierarchy memory(two_levels(), 10);
    // L1 1 + L2 10, at DRAM at 11: 100 + 4 -> done at 115; the core charged 1 of them.
    CHECK(memory.load(kBase, 8, 0) == 114);
    CHECK(memory.load(kBase + 8, 8, 200) == 0);
    // Two more lines of the line's L1 set (lines 256 bytes apart share one) evict it from the
    // two ways of L1; L2 keeps it.
    for (std::uint64_t line = 1; line < 3; ++line) {
        CHECK(memory.load(kBase + line * 256, 8, 1000 * line) == 114);
    }
    CHECK(memory.load(kBase, 8, 5000) == 10);
    CHECK(memory.fetch(kBase, 6000) == 10); // L1I misses, L2 has the line
    CHECK(memory.fetch(kBase + 4, 6100) == 0);

    const MemoryHierarchyStatistics statistics = memory.statistics();
    CHECK(level(statistics, "L1D").accesses == 5);
    CHECK(level(statistics, "L1D").misses == 4);
    CHECK(level(statistics, "L1D").stall_cycles == 0);
    CHECK(level(statistics, "L1I").misses == 1);
    CHECK(level(statistics, "L2").accesses == 5);
    CHECK(level(statistics, "L2").misses == 3);
    CHECK(level(statistics, "L2").stall_cycles == 50);
    CHECK(statistics.dram.reads == 3);
    CHECK(statistics.dram.stall_cycles == 3 * 104);
    CHECK(statistics.dram.bytes == 3 * kLine);
    CHECK(statistics.dram.busy_cycles == 12);
}

TEST_CASE("an L1 latency above one stalls every access") {
    MemoryHierarchyConfig config = two_levels();
    config.l1d->latency = 3;
    MemoryHierarchy memory(config, 10);
    CHECK(memory.load(kBase, 8, 0) == 116);
    CHECK(memory.store(kBase, 8, 200) == 2);
    CHECK(level(memory.statistics(), "L1D").stall_cycles == 4);
}

TEST_CASE("a copy bound by DRAM bandwidth queues its misses behind the writebacks") {
    // Direct-mapped L1D of two lines, no L2; DRAM 10 cycles, 1 byte per cycle: a line holds
    // the channel 64 cycles. Line i of the source and of the destination share L1 set i % 2,
    // so each store evicts the clean source line, and from the third line on each load evicts
    // the dirty destination line two lines back.
    MemoryHierarchyConfig config;
    config.l1d = CacheGeometry{.size_bytes = 128, .ways = 1, .line_bytes = kLine, .latency = 1};
    config.dram = DramTiming{.latency = 10, .bytes_per_cycle = 1};
    MemoryHierarchy memory(config, 10);
    const std::uint64_t source = kBase;
    const std::uint64_t destination = kBase + 0x10000;
    netsim::Cycle now = 0;
    std::uint64_t stalls = 0;
    const auto step = [&](std::uint64_t stall) {
        stalls += stall;
        now += 1 + stall;
        return stall;
    };
    // A lone miss: at DRAM one cycle after issue, 10 + 64 cycles there.
    CHECK(step(memory.load(source, 8, now)) == 74);
    CHECK(step(memory.store(destination, 8, now)) == 74);
    CHECK(step(memory.load(source + kLine, 8, now)) == 74);
    CHECK(step(memory.store(destination + kLine, 8, now)) == 74);
    for (std::uint64_t line = 2; line < 8; ++line) {
        // The load's fill takes the channel first (74 cycles); the dirty victim's writeback
        // follows it, so the store's fill waits 64 + 64 - 75 = 53 cycles: 53 + 74 = 127.
        CHECK(step(memory.load(source + line * kLine, 8, now)) == 74);
        CHECK(step(memory.store(destination + line * kLine, 8, now)) == 127);
    }
    CHECK(stalls == 4 * 74 + 6 * (74 + 127));
    const MemoryHierarchyStatistics statistics = memory.statistics();
    CHECK(level(statistics, "L1D").writebacks == 6);
    CHECK(statistics.dram.reads == 16);
    CHECK(statistics.dram.writes == 6);
    // Each writeback waits for its load's fill (64), each store's fill for the writeback (53).
    CHECK(statistics.dram.queue_cycles == 6 * (64 + 53));
    CHECK(statistics.dram.busy_cycles == 22 * 64);
    CHECK(statistics.dram.stall_cycles == stalls);
}

TEST_CASE("a remote store invalidates the target's L1D line and is served by its L2") {
    MemoryHierarchy memory(two_levels(), 10);
    memory.store(kBase, 8, 0);              // L1D and L2 hold the line, dirty in L1D
    memory.load(kBase + 4 * kLine, 8, 200); // another line, clean in L1D
    // The dirty line goes back into L2 first; the store then hits L2.
    CHECK(memory.serve_remote(kBase, 8, CacheAccessKind::Write, 1000) == 10);
    CHECK(memory.serve_remote(kBase + 4 * kLine, 8, CacheAccessKind::Write, 1100) == 10);
    // A remote read leaves L1D alone; one of a line L2 lacks reads DRAM.
    CHECK(memory.load(kBase + 8 * kLine, 8, 1200) == 114);
    CHECK(memory.serve_remote(kBase + 8 * kLine, 8, CacheAccessKind::Read, 1400) == 10);
    CHECK(memory.load(kBase + 8 * kLine, 8, 1500) == 0);
    CHECK(memory.serve_remote(kBase + 12 * kLine, 8, CacheAccessKind::Read, 1600) == 114);
    // The invalidated lines miss in L1D now, and hit in L2.
    CHECK(memory.load(kBase, 8, 2000) == 10);
    CHECK(memory.load(kBase + 4 * kLine, 8, 2100) == 10);

    const MemoryHierarchyStatistics statistics = memory.statistics();
    CHECK(level(statistics, "L1D").writebacks == 1);
    CHECK(statistics.remote.accesses == 4);
    CHECK(statistics.remote.cycles == 10 + 10 + 10 + 114);
    CHECK(statistics.dram.writes == 0);
}

TEST_CASE("without L2 a remote access is served by DRAM with its own bytes") {
    MemoryHierarchyConfig config = two_levels();
    config.l2.reset();
    MemoryHierarchy memory(config, 10);
    memory.store(kBase, 8, 0); // 1 + 100 + 4: the channel is free again at 5
    // The dirty L1D line is written back (4 cycles of channel from 50), then 8 bytes: 100 + 1.
    CHECK(memory.serve_remote(kBase, 8, CacheAccessKind::Write, 50) == 4 + 101);
    CHECK(memory.statistics().dram.writes == 1);
}

TEST_CASE("a hierarchy that cannot work is refused") {
    MemoryHierarchyConfig no_dram = two_levels();
    no_dram.dram.reset();
    CHECK_THROWS_AS(MemoryHierarchy(no_dram, 10), std::invalid_argument);
    MemoryHierarchyConfig lines = two_levels();
    lines.l2->line_bytes = 128;
    CHECK_THROWS_AS(MemoryHierarchy(lines, 10), std::invalid_argument);
}

TEST_CASE("the statistics read as --stats and --stats-json print them") {
    MemoryHierarchy memory(two_levels(), 10);
    memory.load(kBase, 8, 0);
    memory.load(kBase + 8, 8, 200);
    const std::string text = format_memory_statistics("PE 3", memory.statistics(), 2000);
    CHECK(text.find("  PE 3: L1D accesses 2, misses 1 (MPKI 0.500), writebacks 0, stall cycles "
                    "0\n") != std::string::npos);
    CHECK(text.find("  PE 3: L2 accesses 1, misses 1 (MPKI 0.500), writebacks 0, stall cycles "
                    "10\n") != std::string::npos);
    CHECK(text.find("  PE 3: DRAM reads 1, writes 0, bytes 64, channel busy 4 cycles, queueing 0 "
                    "cycles, stall cycles 104\n") != std::string::npos);
    const nlohmann::json json = memory_statistics_json(memory.statistics(), 2000);
    CHECK(json["l1d"]["misses"] == 1);
    CHECK(json["l1d"]["mpki"] == 0.5);
    CHECK(json["l1i"]["accesses"] == 0);
    CHECK(json["dram"]["stall_cycles"] == 104);
    CHECK_FALSE(json.contains("remote_service"));
}
