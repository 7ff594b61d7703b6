#pragma once
// Notices of the one-sided channel's writes into the RAM of a rank's PEs (docs/cluster.md). An
// MPI put or atomic lands in the target rank's memory without that rank doing anything, so a PE
// there that sleeps on a pool until its RAM is written (FunctionalPool) would not learn of it:
// once the writes to a rank are complete (flushed), the writer sends that rank a message that
// lists the PEs written, and the rank's MPI progress thread, which looks at MPI anyway, receives
// it and reports the writes.

#include <cstdint>
#include <functional>
#include <mpi.h>
#include <mutex>
#include <vector>

namespace xbemu {

class MpiWriteNotices {
public:
    // Collective over MPI_COMM_WORLD; PE n is on rank n / pes_per_rank. `written_here(index)`:
    // another rank's (or this rank's) channel write into this rank's PE `index` is complete;
    // empty when no PE of this rank sleeps until its RAM is written. No rank sends notices
    // unless some rank wants them.
    MpiWriteNotices(unsigned pes_per_rank, std::function<void(unsigned index)> written_here);
    ~MpiWriteNotices();
    MpiWriteNotices(const MpiWriteNotices&) = delete;
    MpiWriteNotices& operator=(const MpiWriteNotices&) = delete;

    // The caller serializes add and send (the channel's lock). PE `pe` of the job is being
    // written.
    void add(unsigned pe);
    // The writes added for `rank` are complete there: tells it.
    void send(unsigned rank);
    // Reports the notices that have arrived; from any thread (the progress thread's looks).
    void receive();
    // Collective, once no rank writes any more: returns once every notice sent to this rank has
    // arrived, after which receive does nothing.
    void finish();

private:
    // With receive_mutex_ held.
    void receive_arrived();

    bool enabled_ = false;
    unsigned pes_per_rank_;
    int rank_ = 0;
    std::function<void(unsigned)> written_here_;
    MPI_Comm communicator_ = MPI_COMM_NULL;
    // Per target rank: the indices of its PEs written since the last send, and the notices sent.
    std::vector<std::vector<std::uint32_t>> pending_;
    std::vector<std::uint64_t> sent_;
    // The receiving side, which the progress thread and finish() share.
    std::mutex receive_mutex_;
    std::vector<std::uint32_t> arriving_;
    std::uint64_t received_ = 0;
    bool finished_ = false;
};

} // namespace xbemu
