#pragma once
// --stats for a job of more PEs than its text lists one by one: instead of a few lines per PE,
// the spread of each figure over the PEs (least, mean, most, and which PE) and the job's sums, so
// that 65,536 PEs print a screenful. Every PE's figures stay in --stats-json.

#include "xbemu/job_statistics.hpp"

#include <string>
#include <vector>

namespace xbemu {

// Jobs of up to this many PEs get their per-PE lines in the text.
inline constexpr std::size_t kPesListedInText = 64;

struct StatisticsSummary {
    std::string simulated; // the same on every run in the cycle mode
    std::string host;      // the host's figures
};

// What takes the place of the per-PE lines.
StatisticsSummary summarize_pes(const std::vector<PeStatistics>& pes, bool cycle_mode);
// The regions of interest and the labelled dumps (xbemu_stats_dump), by label.
std::string summarize_measurements(const std::vector<PeStatistics>& pes, bool cycle_mode);

} // namespace xbemu
