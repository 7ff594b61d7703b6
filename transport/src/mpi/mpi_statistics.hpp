#pragma once
// Collecting every rank's PE statistics on rank 0, for --stats and --stats-json.

#include "xbemu/job_statistics.hpp"

#include <vector>

namespace xbemu {

// Collective over MPI_COMM_WORLD; `local.traffic` has one entry per rank. Returns every rank's
// statistics, in rank order, on rank 0 and nothing elsewhere.
std::vector<PeStatistics> gather_statistics(const PeStatistics& local);

} // namespace xbemu
