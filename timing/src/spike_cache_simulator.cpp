#include "xbemu/timing/spike_cache_simulator.hpp"

#include <bit>
#include <charconv>
#include <fmt/format.h>
#include <stdexcept>
#include <vector>

namespace xbemu {

namespace {

// Beyond these a configuration is a typing mistake, and its tags would not fit in memory.
constexpr std::uint64_t kMaxWays = 4096;
constexpr std::uint64_t kMaxBlockBytes = 1ULL << 20;
constexpr std::uint64_t kMaxCacheBytes = 1ULL << 32;

Cache make_cache(const std::optional<SpikeCacheGeometry>& geometry) {
    return Cache(geometry->sets, geometry->ways, geometry->block_bytes);
}

void append_report(std::string& text, const std::string& prefix, std::string_view name,
                   const Cache& cache) {
    const CacheCounters& c = cache.counters();
    if (c.accesses() == 0) {
        return;
    }
    // Spike computes the rate in single precision and prints it with three decimals.
    const float rate = 100.0F * static_cast<float>(c.misses()) / static_cast<float>(c.accesses());
    const auto line = [&](std::string_view label, const std::string& value) {
        text += fmt::format("{}{} {:<23}{}\n", prefix, name, label, value);
    };
    line("Bytes Read:", std::to_string(c.bytes_read));
    line("Bytes Written:", std::to_string(c.bytes_written));
    line("Read Accesses:", std::to_string(c.read_accesses));
    line("Write Accesses:", std::to_string(c.write_accesses));
    line("Read Misses:", std::to_string(c.read_misses));
    line("Write Misses:", std::to_string(c.write_misses));
    line("Writebacks:", std::to_string(c.writebacks));
    line("Miss Rate:", fmt::format("{:.3f}%", static_cast<double>(rate)));
}

} // namespace

SpikeCacheGeometry parse_spike_cache_geometry(std::string_view text, std::string_view option) {
    const auto fail = [&](std::string_view why) {
        return std::invalid_argument(
            fmt::format("{} {}: {} (the form is SETS:WAYS:BLOCK, as Spike's)", option, text, why));
    };
    std::vector<std::uint64_t> fields;
    std::size_t start = 0;
    for (;;) {
        const std::size_t colon = text.find(':', start);
        const std::string_view field =
            text.substr(start, colon == std::string_view::npos ? colon : colon - start);
        std::uint64_t value = 0;
        const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
        if (field.empty() || error != std::errc() || end != field.data() + field.size()) {
            throw fail("expected three whole numbers separated by colons");
        }
        fields.push_back(value);
        if (colon == std::string_view::npos) {
            break;
        }
        start = colon + 1;
    }
    if (fields.size() != 3) {
        throw fail("expected three whole numbers separated by colons");
    }
    const SpikeCacheGeometry geometry{fields[0], fields[1], fields[2]};
    if (!std::has_single_bit(geometry.sets)) {
        throw fail("SETS must be a power of two");
    }
    if (geometry.ways == 0 || geometry.ways > kMaxWays) {
        throw fail(fmt::format("WAYS must be between 1 and {}", kMaxWays));
    }
    if (!std::has_single_bit(geometry.block_bytes) || geometry.block_bytes < 8 ||
        geometry.block_bytes > kMaxBlockBytes) {
        throw fail(fmt::format("BLOCK must be a power of two between 8 and {}", kMaxBlockBytes));
    }
    if (geometry.sets > kMaxCacheBytes / geometry.block_bytes / geometry.ways) {
        throw fail("the cache would hold more than 4 GiB");
    }
    return geometry;
}

SpikeCacheSimulator::SpikeCacheSimulator(const std::optional<SpikeCacheGeometry>& icache,
                                         const std::optional<SpikeCacheGeometry>& dcache,
                                         const std::optional<SpikeCacheGeometry>& l2)
    : MemoryAccessObserver(icache.has_value(), dcache.has_value()) {
    if (icache) {
        icache_.emplace(make_cache(icache));
    }
    if (dcache) {
        dcache_.emplace(make_cache(dcache));
    }
    if (l2) {
        l2_.emplace(make_cache(l2));
    }
}

void SpikeCacheSimulator::access(Cache& cache, std::uint64_t address, unsigned bytes,
                                 CacheAccessKind kind) {
    const CacheAccessResult result = cache.access(address, bytes, kind);
    if (result.hit || !l2_) {
        return;
    }
    const std::uint64_t line_bytes = cache.line_bytes();
    if (result.writeback) {
        const std::uint64_t victim = result.victim_line;
        l2_->access(victim, line_bytes, CacheAccessKind::Write);
    }
    l2_->access(cache.line_address(address), line_bytes, CacheAccessKind::Read);
}

void SpikeCacheSimulator::fetched(std::uint64_t address, unsigned bytes) {
    access(*icache_, address, bytes, CacheAccessKind::Read);
}

void SpikeCacheSimulator::loaded(std::uint64_t address, unsigned bytes) {
    access(*dcache_, address, bytes, CacheAccessKind::Read);
}

void SpikeCacheSimulator::stored(std::uint64_t address, unsigned bytes) {
    access(*dcache_, address, bytes, CacheAccessKind::Write);
}

std::optional<CacheHitPath> SpikeCacheSimulator::data_hit_path() {
    if (!dcache_) {
        return std::nullopt;
    }
    return dcache_->hit_path();
}

std::optional<CacheHitPath> SpikeCacheSimulator::instruction_hit_path() {
    if (!icache_) {
        return std::nullopt;
    }
    return icache_->hit_path();
}

std::string SpikeCacheSimulator::report(const std::string& prefix) const {
    std::string text;
    if (l2_) {
        append_report(text, prefix, "L2$", *l2_);
    }
    if (dcache_) {
        append_report(text, prefix, "D$", *dcache_);
    }
    if (icache_) {
        append_report(text, prefix, "I$", *icache_);
    }
    return text;
}

} // namespace xbemu
