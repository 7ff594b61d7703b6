#include "mpi/mpi_idle_watch.hpp"

#include <array>
#include <cstdint>
#include <fmt/format.h>
#include <utility>

namespace xbemu {

namespace {

// What each rank adds up in a round.
enum Sum : std::size_t { kFinished, kIdle, kEpochs, kUnconfirmed, kAtSwitch, kSums };

// Rounds in a row without progress, every PE idle and confirmed, that make the decision: as long
// as the functional mode waits in one process before it calls a deadlock.
constexpr unsigned kQuietRounds =
    static_cast<unsigned>(PeGroup::kDeadlockTimeout / MpiIdleWatch::kRoundPause);

// Between two tests of a round's all-reduce, which completes once the slowest rank joins it.
constexpr std::chrono::milliseconds kTestPause{1};

} // namespace

MpiIdleWatch::MpiIdleWatch(PeGroup& group, unsigned total_pes,
                           std::function<void(const std::string&)> deadlock)
    : group_(group), total_pes_(total_pes), deadlock_(std::move(deadlock)) {
    MPI_Comm_dup(MPI_COMM_WORLD, &communicator_);
    int rank = 0;
    MPI_Comm_rank(communicator_, &rank);
    reports_ = rank == 0;
    thread_ = std::thread([this] { watch(); });
}

MpiIdleWatch::~MpiIdleWatch() {
    thread_.join();
    MPI_Comm_free(&communicator_);
}

void MpiIdleWatch::watch() {
    // The epoch also moves when this thread says another rank made progress; those moves are
    // not progress of this rank's own.
    std::uint64_t own_moves = 0;
    std::uint64_t last_epochs = ~0ULL;
    unsigned quiet_rounds = 0;
    bool decided = false;
    for (;;) {
        std::this_thread::sleep_for(kRoundPause);
        const PeGroup::IdleView view = group_.idle_view();
        const std::array<std::uint64_t, kSums> own{view.finished, view.idle, view.epoch - own_moves,
                                                   view.confirmed ? 0U : 1U,
                                                   view.at_switch ? 1U : 0U};
        std::array<std::uint64_t, kSums> job{};
        MPI_Request round = MPI_REQUEST_NULL;
        MPI_Iallreduce(own.data(), job.data(), static_cast<int>(kSums), MPI_UINT64_T, MPI_SUM,
                       communicator_, &round);
        for (int done = 0; MPI_Test(&round, &done, MPI_STATUS_IGNORE), done == 0;) {
            std::this_thread::sleep_for(kTestPause);
        }
        // Returns at once (the request is MPI_REQUEST_NULL now); the wait MPI checkers expect.
        MPI_Wait(&round, MPI_STATUS_IGNORE);
        if (job[kFinished] >= total_pes_) {
            return;
        }
        if (job[kEpochs] != last_epochs) {
            // A PE that waits for another rank's memory must look at it again, after this
            // progress, before its wait counts as unchanged.
            last_epochs = job[kEpochs];
            quiet_rounds = 0;
            group_.progress_elsewhere();
            ++own_moves;
            continue;
        }
        if (decided || job[kIdle] < total_pes_ || job[kUnconfirmed] != 0) {
            quiet_rounds = 0;
            continue;
        }
        if (++quiet_rounds < kQuietRounds) {
            continue;
        }
        decided = true;
        if (job[kAtSwitch] != 0) {
            // The PEs that wait switch where they wait, on every rank.
            group_.pe_reached_switch();
            group_.stop_for_switch();
        } else if (reports_) {
            deadlock_(fmt::format("deadlock: every PE has been waiting for {} ms without "
                                  "progress (ranks on several nodes; on one node xbemu also says "
                                  "where each PE waits)",
                                  PeGroup::kDeadlockTimeout.count()));
        }
    }
}

} // namespace xbemu
