#include "mpi/mpi_setup_wait.hpp"

#include <algorithm>
#include <chrono>
#include <thread>

namespace xbemu {

void wait_for_setup(MPI_Request& request) {
    // Short first pauses: with a core per rank the others arrive within microseconds. The longest
    // one bounds what a rank that arrives late waits past the others' arrival.
    constexpr std::chrono::microseconds kFirstPause{20};
    constexpr std::chrono::microseconds kLongestPause{1000};
    std::chrono::microseconds pause = kFirstPause;
    int done = 0;
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    while (done == 0) {
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, kLongestPause);
        MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    }
}

// The waits after wait_for_setup return at once (it left the request MPI_REQUEST_NULL); they pair
// the calls with a wait where MPI checkers look for one (they do not know MPI_Ibarrier).

void setup_barrier(MPI_Comm communicator) {
    MPI_Request request = MPI_REQUEST_NULL;
    MPI_Ibarrier(communicator, &request);
    wait_for_setup(request);
}

void setup_allreduce(const void* mine, void* result, int count, MPI_Datatype datatype, MPI_Op op,
                     MPI_Comm communicator) {
    MPI_Request request = MPI_REQUEST_NULL;
    MPI_Iallreduce(mine, result, count, datatype, op, communicator, &request);
    wait_for_setup(request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
}

void setup_allgather(const void* mine, int count, MPI_Datatype datatype, void* all,
                     MPI_Comm communicator) {
    MPI_Request request = MPI_REQUEST_NULL;
    MPI_Iallgather(mine, count, datatype, all, count, datatype, communicator, &request);
    wait_for_setup(request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
}

void setup_broadcast(void* data, int count, MPI_Datatype datatype, int root,
                     MPI_Comm communicator) {
    MPI_Request request = MPI_REQUEST_NULL;
    MPI_Ibcast(data, count, datatype, root, communicator, &request);
    wait_for_setup(request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
}

} // namespace xbemu
