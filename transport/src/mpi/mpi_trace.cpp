#include "mpi/mpi_trace.hpp"

#include <mpi.h>
#include <type_traits>

namespace xbemu {

static_assert(std::is_trivially_copyable_v<TraceEvent>);

void gather_trace(const std::vector<const CycleTrace*>& local, std::vector<TraceEvent>& all,
                  bool& truncated) {
    int rank = 0;
    int size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    std::vector<TraceEvent> events;
    bool local_truncated = false;
    for (const CycleTrace* trace : local) {
        events.insert(events.end(), trace->events().begin(), trace->events().end());
        local_truncated = local_truncated || trace->truncated();
    }
    const int bytes = static_cast<int>(events.size() * sizeof(TraceEvent));
    const int local_header[2] = {bytes, local_truncated ? 1 : 0};
    std::vector<int> headers(rank == 0 ? 2 * static_cast<std::size_t>(size) : 0);
    MPI_Gather(local_header, 2, MPI_INT, headers.data(), 2, MPI_INT, 0, MPI_COMM_WORLD);
    std::vector<int> counts;
    std::vector<int> displacements;
    if (rank == 0) {
        int total = 0;
        for (int source = 0; source < size; ++source) {
            counts.push_back(headers[2 * static_cast<std::size_t>(source)]);
            displacements.push_back(total);
            total += counts.back();
            truncated = truncated || headers[2 * static_cast<std::size_t>(source) + 1] != 0;
        }
        all.resize(static_cast<std::size_t>(total) / sizeof(TraceEvent));
    }
    MPI_Gatherv(events.data(), bytes, MPI_BYTE, all.data(), counts.data(), displacements.data(),
                MPI_BYTE, 0, MPI_COMM_WORLD);
}

} // namespace xbemu
