#pragma once
// The deadlock-detection counters of a job whose ranks all share one node, in a small MPI
// shared window held by node rank 0: every rank's PeGroup counts waiting PEs there, so that
// "every PE waits without progress" is seen across processes.

#include "mpi/mpi_node.hpp"
#include "xbemu/pe_group.hpp"

#include <mpi.h>

namespace xbemu {

class MpiSharedCounters {
public:
    // Collective over the node.
    explicit MpiSharedCounters(const MpiNode& node);
    ~MpiSharedCounters();
    MpiSharedCounters(const MpiSharedCounters&) = delete;
    MpiSharedCounters& operator=(const MpiSharedCounters&) = delete;

    PeGroupCounters& counters() const { return *counters_; }

private:
    MPI_Win window_ = MPI_WIN_NULL;
    PeGroupCounters* counters_ = nullptr;
};

} // namespace xbemu
