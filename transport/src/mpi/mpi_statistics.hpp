#pragma once
// Collecting the statistics of every rank's PEs on rank 0, for --stats and --stats-json.

#include "xbemu/job_statistics.hpp"

#include <vector>

namespace xbemu {

// Collective over MPI_COMM_WORLD; `local` holds this rank's PEs, as many on every rank, each
// with the same extensions' statistics (PeStatistics::extensions). Returns every PE's
// statistics, in PE order (rank by rank), on rank 0 and nothing elsewhere.
std::vector<PeStatistics> gather_statistics(const std::vector<PeStatistics>& local);

} // namespace xbemu
