// One cache's tags: misses, LRU replacement, write-back and invalidation, counted as Spike
// counts them, on access patterns whose counts follow from the geometry.

#include "xbemu/timing/cache.hpp"

#include <doctest/doctest.h>
#include <stdexcept>

using namespace xbemu;

namespace {

constexpr std::uint64_t kBase = 0x80000000;
constexpr std::uint64_t kLine = 64;

void read_range(Cache& cache, std::uint64_t bytes, std::uint64_t stride) {
    for (std::uint64_t offset = 0; offset < bytes; offset += stride) {
        cache.access(kBase + offset, 8, CacheAccessKind::Read);
    }
}

} // namespace

TEST_CASE("a stream larger than the cache misses once per line, pass after pass") {
    Cache cache(4, 2, kLine); // 512 bytes
    read_range(cache, 4096, 8);
    CHECK(cache.counters().read_accesses == 512);
    CHECK(cache.counters().read_misses == 64);
    read_range(cache, 4096, kLine);
    CHECK(cache.counters().read_accesses == 576);
    CHECK(cache.counters().read_misses == 128);
    CHECK(cache.counters().bytes_read == 576 * 8);
    CHECK(cache.counters().writebacks == 0);
}

TEST_CASE("an array that fits misses only when cold") {
    Cache cache(4, 2, kLine);
    for (int pass = 0; pass < 10; ++pass) {
        read_range(cache, 512, 8);
    }
    CHECK(cache.counters().read_accesses == 640);
    CHECK(cache.counters().read_misses == 8);
}

TEST_CASE("the least recently used way is the victim") {
    Cache cache(1, 2, kLine);
    const std::uint64_t a = kBase;
    const std::uint64_t b = kBase + kLine;
    const std::uint64_t c = kBase + 2 * kLine;
    CHECK_FALSE(cache.access(a, 8, CacheAccessKind::Read).hit);
    CHECK_FALSE(cache.access(b, 8, CacheAccessKind::Read).hit);
    CHECK(cache.access(a, 8, CacheAccessKind::Read).hit);
    CHECK_FALSE(cache.access(c, 8, CacheAccessKind::Read).hit); // evicts b
    CHECK_FALSE(cache.contains(b));
    CHECK(cache.access(a, 8, CacheAccessKind::Read).hit);
    CHECK_FALSE(cache.access(b, 8, CacheAccessKind::Read).hit); // evicts c
    CHECK_FALSE(cache.contains(c));
    CHECK(cache.contains(a));
    CHECK_FALSE(cache.access(c, 8, CacheAccessKind::Read).hit); // evicts a
    CHECK_FALSE(cache.contains(a));
    CHECK(cache.counters().read_misses == 5);
    CHECK(cache.counters().read_accesses == 7);
}

TEST_CASE("only dirty victims are written back, with their line address") {
    Cache cache(1, 1, kLine);
    CHECK_FALSE(cache.access(kBase + 8, 8, CacheAccessKind::Write).hit);
    const CacheAccessResult evicted = cache.access(kBase + kLine, 8, CacheAccessKind::Read);
    CHECK(evicted.writeback);
    CHECK(evicted.victim_line == kBase);
    CHECK_FALSE(cache.access(kBase, 8, CacheAccessKind::Read).writeback);
    CHECK(cache.counters().writebacks == 1);
    CHECK(cache.counters().write_misses == 1);

    // Four dirty lines of a 4-line cache, then four other lines: four writebacks.
    Cache four(4, 1, kLine);
    for (std::uint64_t line = 0; line < 4; ++line) {
        four.access(kBase + line * kLine, 8, CacheAccessKind::Write);
        four.access(kBase + line * kLine + 8, 8, CacheAccessKind::Write);
    }
    read_range(four, 4 * kLine, 8);
    CHECK(four.counters().writebacks == 0);
    for (std::uint64_t line = 4; line < 8; ++line) {
        four.access(kBase + line * kLine, 8, CacheAccessKind::Read);
    }
    CHECK(four.counters().writebacks == 4);
    CHECK(four.counters().write_accesses == 8);
    CHECK(four.counters().write_misses == 4);
    CHECK(four.counters().bytes_written == 64);
}

TEST_CASE("an access counts in the line it starts in") {
    Cache cache(4, 1, kLine);
    cache.access(kBase + kLine - 4, 8, CacheAccessKind::Read);
    CHECK(cache.contains(kBase));
    CHECK_FALSE(cache.contains(kBase + kLine));
    CHECK(cache.counters().read_misses == 1);
}

TEST_CASE("invalidation drops a line and says whether it was dirty") {
    Cache cache(2, 2, kLine);
    cache.access(kBase, 8, CacheAccessKind::Write);
    cache.access(kBase + 2 * kLine, 8, CacheAccessKind::Read);
    const CacheInvalidation dirty = cache.invalidate(kBase + 16);
    CHECK(dirty.present);
    CHECK(dirty.dirty);
    CHECK_FALSE(cache.contains(kBase));
    const CacheInvalidation clean = cache.invalidate(kBase + 2 * kLine);
    CHECK(clean.present);
    CHECK_FALSE(clean.dirty);
    CHECK_FALSE(cache.invalidate(kBase + kLine).present);
    CHECK(cache.counters().writebacks == 1);
    CHECK(cache.counters().invalidations == 2);
    // The line comes back on the next access, as a miss.
    CHECK_FALSE(cache.access(kBase, 8, CacheAccessKind::Read).hit);
}

TEST_CASE("a geometry the tags cannot index is refused") {
    CHECK_THROWS_AS(Cache(3, 1, kLine), std::invalid_argument);
    CHECK_THROWS_AS(Cache(4, 1, 4), std::invalid_argument);
    CHECK_THROWS_AS(Cache(4, 1, 48), std::invalid_argument);
    CHECK_THROWS_AS(Cache(4, 0, kLine), std::invalid_argument);
    CHECK_NOTHROW(Cache(4, 3, kLine)); // any number of ways, as Spike allows
}
