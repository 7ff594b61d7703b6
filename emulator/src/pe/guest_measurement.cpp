#include "xbemu/guest_measurement.hpp"

#include <algorithm>

namespace xbemu {

namespace {

void combine(PeStatistics& into, const PeStatistics& other,
             std::uint64_t (*op)(std::uint64_t, std::uint64_t)) {
    into.instructions = op(into.instructions, other.instructions);
    into.cycles = op(into.cycles, other.cycles);
    for (std::size_t cause = 0; cause < kStallCauseCount; ++cause) {
        into.stalls[cause] = op(into.stalls[cause], other.stalls[cause]);
    }
    into.memory.combine(other.memory, op);
    into.extensions.combine(other.extensions, op);
}

std::uint64_t minus(std::uint64_t a, std::uint64_t b) {
    return a - b;
}

std::uint64_t plus(std::uint64_t a, std::uint64_t b) {
    return a + b;
}

// Only the counters: a snapshot holds no regions or dumps of its own.
PeStatistics counters_only(const PeStatistics& statistics) {
    PeStatistics counters = statistics;
    counters.regions.clear();
    counters.dumps.clear();
    return counters;
}

} // namespace

PeStatistics counters_since(const PeStatistics& earlier, const PeStatistics& later) {
    PeStatistics difference = counters_only(later);
    combine(difference, earlier, minus);
    return difference;
}

void add_counters(PeStatistics& sum, const PeStatistics& part) {
    combine(sum, part, plus);
}

PeStatistics GuestMeasurement::counted(const PeStatistics& counters) const {
    if (!regions_only_) {
        return reset_at_ ? counters_since(*reset_at_, counters) : counters_only(counters);
    }
    // Zero counters of the right shape (cache levels, targets) to sum the regions into.
    PeStatistics sum =
        closed_regions_ ? *closed_regions_ : counters_since(counters, counters_only(counters));
    if (open_region_at_) {
        add_counters(sum, counters_since(*open_region_at_, counters));
    }
    return sum;
}

void GuestMeasurement::apply(const PeStatistics& counters) {
    used_ = true;
    switch (pending_) {
    case MeasurementHint::RoiBegin:
        // Regions do not nest: a begin inside a region changes nothing.
        if (!open_region_at_) {
            open_region_at_ = counters_only(counters);
            regions_.push_back({counters.instructions, counters.cycles, 0, 0, false});
        }
        break;
    case MeasurementHint::RoiEnd:
        if (open_region_at_) {
            PeStatistics sum = counted(counters);
            closed_regions_ = std::move(sum);
            open_region_at_.reset();
            regions_.back().end_instructions = counters.instructions;
            regions_.back().end_cycles = counters.cycles;
            regions_.back().ended = true;
        }
        break;
    case MeasurementHint::StatsReset:
        reset_ = true;
        reset_at_ = counters_only(counters);
        closed_regions_.reset();
        if (open_region_at_) {
            open_region_at_ = counters_only(counters);
        }
        break;
    case MeasurementHint::StatsDump:
        dumps_.push_back(
            {std::move(pending_label_), counters.instructions, counters.cycles, counted(counters)});
        break;
    case MeasurementHint::Checkpoint:
        // Accepted and ignored until xbemu can write checkpoints (docs/measuring.md).
        break;
    }
    pending_label_.clear();
}

PeStatistics GuestMeasurement::report(const PeStatistics& counters) const {
    if (!used_ && !regions_only_) {
        return counters;
    }
    // The host's figures stay the whole run's.
    PeStatistics statistics = counters_since(counters, counters);
    add_counters(statistics, counted(counters));
    statistics.regions_only = regions_only_;
    statistics.reset = reset_;
    statistics.regions = regions_;
    if (!statistics.regions.empty() && !statistics.regions.back().ended) {
        statistics.regions.back().end_instructions = counters.instructions;
        statistics.regions.back().end_cycles = counters.cycles;
    }
    statistics.dumps = dumps_;
    return statistics;
}

} // namespace xbemu
