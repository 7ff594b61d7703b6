#pragma once
// What the guest's measurement hints (guest-lib/include/xbemu.h, docs/measuring.md) do to a PE's
// statistics: regions of interest (counted alone with --stats-roi, summed over several), resets
// of the counters, and labelled snapshots. A hint's execute function only asks (request); the
// hart applies it at the end of the hint's block, which the hint ends, so that the counters
// (cycles and stalls included) are those of the instruction boundary after the hint, the same
// point in simulated time on every run.

#include "xbemu/job_statistics.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace xbemu {

enum class MeasurementHint : std::uint8_t {
    RoiBegin,
    RoiEnd,
    StatsReset,
    StatsDump,
    Checkpoint,
};

// The counters of `later` less those of `earlier` (instructions, cycles, stalls, caches and
// DRAM, PIMP messages, remote traffic); everything else is `later`'s.
PeStatistics counters_since(const PeStatistics& earlier, const PeStatistics& later);
// Adds `part`'s counters to `sum`'s.
void add_counters(PeStatistics& sum, const PeStatistics& part);

class GuestMeasurement {
public:
    // `regions_only`: --stats-roi.
    explicit GuestMeasurement(bool regions_only) : regions_only_(regions_only) {}

    // The hint's execute function: what to apply at the end of its block (`label`: a dump's).
    void request(MeasurementHint hint, std::string label = {}) {
        pending_ = hint;
        pending_label_ = std::move(label);
    }
    // What the last request asked for.
    MeasurementHint pending() const { return pending_; }
    // At the end of the requesting hint's block, with the PE's counters then.
    void apply(const PeStatistics& counters);
    // The PE's statistics at the end of its run, from its counters then.
    PeStatistics report(const PeStatistics& counters) const;
    // Whether what the PE does from here on counts: inside a region, or anywhere without
    // --stats-roi.
    bool counting() const { return !regions_only_ || open_region_at_.has_value(); }

private:
    // What the counters count at this point: inside regions only, or since the last reset.
    PeStatistics counted(const PeStatistics& counters) const;
    bool regions_only_;
    MeasurementHint pending_ = MeasurementHint::Checkpoint;
    std::string pending_label_;
    // Whether a hint changed anything: if not, the statistics are the counters as they are.
    bool used_ = false;
    bool reset_ = false;
    // The counters at the last reset (empty: none), the regions closed since then, and those at
    // the open region's begin.
    std::optional<PeStatistics> reset_at_;
    std::optional<PeStatistics> closed_regions_;
    std::optional<PeStatistics> open_region_at_;
    std::vector<RegionOfInterest> regions_;
    std::vector<StatisticsDump> dumps_;
};

} // namespace xbemu
