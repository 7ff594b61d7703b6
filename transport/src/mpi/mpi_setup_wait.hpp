#pragma once
// Waiting for the collective calls that set a job up. MPICH's blocking calls spin, and with more
// ranks than cores the spinning ranks hold the cores that the ranks they wait for need: 32 ranks
// on 2 cores spent seconds in a few dozen set-up collectives (a blocking duplicate of
// MPI_COMM_WORLD, 0.38 s; a non-blocking one waited for here, 13 ms). So the set-up uses
// non-blocking calls and sleeps between looks. The steady state does not: a sleep there would delay
// every window.

#include <mpi.h>

namespace xbemu {

// Tests `request` until it completes, sleeping between tests, a little longer each time up to a
// millisecond.
void wait_for_setup(MPI_Request& request);

// The set-up's collectives over `communicator`, waited for with wait_for_setup.
void setup_barrier(MPI_Comm communicator);
void setup_allreduce(const void* mine, void* result, int count, MPI_Datatype datatype, MPI_Op op,
                     MPI_Comm communicator);
void setup_allgather(const void* mine, int count, MPI_Datatype datatype, void* all,
                     MPI_Comm communicator);
void setup_broadcast(void* data, int count, MPI_Datatype datatype, int root, MPI_Comm communicator);

} // namespace xbemu
