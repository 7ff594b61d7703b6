// The guest's measurement hints: how regions of interest, resets and dumps turn a PE's counters
// into its statistics, and that the hints decode (and disassemble) by name while the rest of
// slti's encodings stay slti.

#include "xbemu/base_extensions.hpp"
#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/decoder/disassembler.hpp"
#include "xbemu/decoder/extension_registry.hpp"
#include "xbemu/guest_measurement.hpp"
#include "xbemu/xbgas/xbgas_statistics.hpp"

#include <doctest/doctest.h>

using namespace xbemu;

namespace {

// A cycle-mode PE's counters after `instructions` instructions: twice as many cycles, the
// extra ones branch stalls, one remote store to PE 1 per 10 instructions, an L1D access each.
PeStatistics counters_at(std::uint64_t instructions) {
    PeStatistics counters;
    counters.cycle_mode = true;
    counters.instructions = instructions;
    counters.cycles = 2 * instructions;
    counters.stalls[static_cast<std::size_t>(StallCause::Branch)] = instructions;
    auto xbgas = std::make_unique<XbgasStatistics>(2);
    xbgas->traffic.add(1, {.stores = instructions / 10});
    counters.extensions.add(xbgas_statistics_type(), std::move(xbgas));
    counters.memory.caches.push_back({"L1D", instructions, 0, 0, 0});
    return counters;
}

void hint(GuestMeasurement& measurement, MeasurementHint kind, std::uint64_t at,
          std::string label = {}) {
    measurement.request(kind, std::move(label));
    measurement.apply(counters_at(at));
}

} // namespace

TEST_CASE("without hints and without --stats-roi the statistics are the counters") {
    const GuestMeasurement measurement(false);
    const PeStatistics statistics = measurement.report(counters_at(500));
    CHECK(statistics.instructions == 500);
    CHECK(statistics.cycles == 1000);
    CHECK_FALSE(statistics.regions_only);
    CHECK(statistics.regions.empty());
    CHECK(statistics.dumps.empty());
}

TEST_CASE("--stats-roi sums the regions, every counter, up to an open region's end") {
    GuestMeasurement measurement(true);
    hint(measurement, MeasurementHint::RoiBegin, 100);
    hint(measurement, MeasurementHint::RoiBegin, 150); // regions do not nest
    hint(measurement, MeasurementHint::RoiEnd, 300);
    hint(measurement, MeasurementHint::RoiEnd, 350); // outside a region: ignored
    hint(measurement, MeasurementHint::StatsDump, 400, "first");
    hint(measurement, MeasurementHint::RoiBegin, 1000);
    const PeStatistics statistics = measurement.report(counters_at(1100));
    CHECK(statistics.regions_only);
    CHECK_FALSE(statistics.reset);
    CHECK(statistics.instructions == 300);
    CHECK(statistics.cycles == 600);
    CHECK(statistics.stalls[static_cast<std::size_t>(StallCause::Branch)] == 300);
    REQUIRE(statistics.extensions.entries().size() == 1);
    CHECK(static_cast<const XbgasStatistics&>(*statistics.extensions.entries()[0].counters)
              .traffic.counters(1)
              .stores == (30 - 10) + (110 - 100));
    REQUIRE(statistics.memory.caches.size() == 1);
    CHECK(statistics.memory.caches[0].accesses == 300);
    REQUIRE(statistics.regions.size() == 2);
    CHECK(statistics.regions[0].begin_instructions == 100);
    CHECK(statistics.regions[0].end_instructions == 300);
    CHECK(statistics.regions[0].ended);
    CHECK(statistics.regions[1].end_instructions == 1100);
    CHECK_FALSE(statistics.regions[1].ended);
    REQUIRE(statistics.dumps.size() == 1);
    CHECK(statistics.dumps[0].label == "first");
    CHECK(statistics.dumps[0].at_instructions == 400);
    CHECK(statistics.dumps[0].figures.instructions == 200);
    CHECK(statistics.dumps[0].figures.dumps.empty());
}

TEST_CASE("a reset zeroes the counters, and with --stats-roi the regions' sum and an open "
          "region's start") {
    GuestMeasurement whole(false);
    hint(whole, MeasurementHint::StatsReset, 250);
    hint(whole, MeasurementHint::StatsDump, 300, "after the reset");
    CHECK(whole.report(counters_at(1000)).instructions == 750);
    CHECK(whole.report(counters_at(1000)).reset);
    CHECK(whole.report(counters_at(1000)).dumps.at(0).figures.instructions == 50);

    GuestMeasurement regions(true);
    hint(regions, MeasurementHint::RoiBegin, 0);
    hint(regions, MeasurementHint::RoiEnd, 100);
    hint(regions, MeasurementHint::RoiBegin, 200);
    hint(regions, MeasurementHint::StatsReset, 250);
    hint(regions, MeasurementHint::RoiEnd, 300);
    CHECK(regions.report(counters_at(1000)).instructions == 50);
}

TEST_CASE("a checkpoint hint is accepted and changes no figure") {
    GuestMeasurement measurement(false);
    hint(measurement, MeasurementHint::Checkpoint, 10);
    CHECK(measurement.report(counters_at(20)).instructions == 20);
}

TEST_CASE("the hints decode and disassemble by name; other slti x0 encodings stay slti") {
    ExtensionRegistry registry;
    register_base_extensions(registry);
    const auto extensions = registry.resolve("rv64gc");
    const DecodeTable table(extensions);
    const std::pair<std::uint32_t, const char*> hints[] = {
        {0x10002013, "xbemu.roi_begin"},   {0x10102013, "xbemu.roi_end"},
        {0x10202013, "xbemu.stats_reset"}, {0x10352013, "xbemu.stats_dump"},
        {0x10402013, "xbemu.checkpoint"},
    };
    for (const auto& [encoding, mnemonic] : hints) {
        const InstructionDescriptor* descriptor = table.find(encoding);
        REQUIRE(descriptor != nullptr);
        CHECK(descriptor->mnemonic == mnemonic);
        CHECK((descriptor->flags & kEndsBlock) != 0);
        CHECK(disassemble(table, encoding, 0x80000000, kNewestPrivilegedSpec) == mnemonic);
    }
    CHECK(table.find(0x10052013)->mnemonic == "slti"); // slti zero,a0,256: another rs1
    CHECK(table.find(0x10502013)->mnemonic == "slti"); // slti zero,zero,261
    CHECK(table.find(0x10002093)->mnemonic == "slti"); // slti ra,zero,256
}
