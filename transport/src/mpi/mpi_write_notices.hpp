#pragma once
// Notices of the one-sided channel's writes into the RAM of a rank's PEs (docs/cluster.md). An
// MPI put or atomic lands in the target rank's memory without that rank doing anything, so the
// PE there does not learn of it: neither a PE that sleeps on a pool until its RAM is written
// (FunctionalPool) nor one whose decoded code the write made stale. Once the writes to a rank
// are complete (flushed), the writer sends that rank a message that lists the pages written, by
// PE, and the rank's MPI progress thread, which looks at MPI anyway, receives it and reports the
// writes (a write to the writer's own rank is reported at once).

#include <cstdint>
#include <functional>
#include <mpi.h>
#include <mutex>
#include <vector>

namespace xbemu {

class MpiWriteNotices {
public:
    // `written_here(index, page)`: another rank's (or this rank's) channel write into the page
    // of RAM numbered `page` (its offset from the RAM base >> kPageShift) of this rank's PE
    // `index` is complete. Collective over MPI_COMM_WORLD; PE n is on rank n / pes_per_rank. No
    // rank sends notices unless some rank wants them.
    using WrittenHere = std::function<void(unsigned index, std::uint32_t page)>;
    MpiWriteNotices(unsigned pes_per_rank, WrittenHere written_here);
    ~MpiWriteNotices();
    MpiWriteNotices(const MpiWriteNotices&) = delete;
    MpiWriteNotices& operator=(const MpiWriteNotices&) = delete;

    // The caller serializes add and send (the channel's lock). PE `pe` of the job is being
    // written at [offset, offset + size) from its RAM base.
    void add(unsigned pe, std::uint64_t offset, std::uint64_t size);
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
    void report(const std::vector<std::uint32_t>& pairs) const;

    bool enabled_ = false;
    unsigned pes_per_rank_;
    int rank_ = 0;
    WrittenHere written_here_;
    MPI_Comm communicator_ = MPI_COMM_NULL;
    // Per target rank: the pages of its PEs written since the last send, as pairs (PE index,
    // page), and the notices sent.
    std::vector<std::vector<std::uint32_t>> pending_;
    std::vector<std::uint64_t> sent_;
    // The receiving side, which the progress thread and finish() share.
    std::mutex receive_mutex_;
    std::vector<std::uint32_t> arriving_; // pairs, as pending_
    std::uint64_t received_ = 0;
    bool finished_ = false;
};

} // namespace xbemu
