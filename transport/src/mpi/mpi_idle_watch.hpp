#pragma once
// Waits across nodes: ranks on different nodes share no PeGroup counters, so no PE can see that
// every PE of the job waits or has ended, which is when PEs waiting for one stopped at its
// --fast-forward switch point switch where they wait (docs/measuring.md), and, with none at its
// point, when the functional mode calls a deadlock (docs/waiting.md). Each rank's thread here
// joins rounds of one all-reduce, every kRoundPause, that add up what each rank's PEs do; every
// rank reads the same sums, and so decides the same in the same round.

#include "xbemu/pe_group.hpp"

#include <chrono>
#include <functional>
#include <mpi.h>
#include <string>
#include <thread>

namespace xbemu {

class MpiIdleWatch {
public:
    // Collective over MPI_COMM_WORLD; needs MPI_THREAD_MULTIPLE. Watches `group`, this rank's
    // PEs, among the `total_pes` of the job. When every PE has waited or ended without progress
    // for PeGroup::kDeadlockTimeout and none stopped at its switch point, rank 0 calls
    // `deadlock` with the reason (it ends the job).
    MpiIdleWatch(PeGroup& group, unsigned total_pes,
                 std::function<void(const std::string&)> deadlock);
    // Collective: returns once every PE of the job has ended.
    ~MpiIdleWatch();
    MpiIdleWatch(const MpiIdleWatch&) = delete;
    MpiIdleWatch& operator=(const MpiIdleWatch&) = delete;

    static constexpr std::chrono::milliseconds kRoundPause{50};

private:
    void watch();

    PeGroup& group_;
    unsigned total_pes_;
    std::function<void(const std::string&)> deadlock_;
    MPI_Comm communicator_ = MPI_COMM_NULL;
    bool reports_ = false;
    std::thread thread_;
};

} // namespace xbemu
