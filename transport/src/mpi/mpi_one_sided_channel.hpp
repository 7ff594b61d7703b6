#pragma once
// The one-sided channel of MPI jobs: one window over every rank's guest RAM, opened for passive
// target access by every rank at once (MPI_Win_lock_all) for the whole job. Loads wait for their
// data, stores are posted and completed at the next complete() (a FENCE), atomics map to
// MPI_Fetch_and_op and MPI_Compare_and_swap. Completed writes are announced to the ranks they
// wrote (MpiWriteNotices).

#include "mpi/mpi_progress_thread.hpp"
#include "mpi/mpi_write_notices.hpp"
#include "xbemu/transport/peer_memory.hpp"

#include <cstddef>
#include <cstdint>
#include <mpi.h>
#include <mutex>
#include <vector>

namespace xbemu {

// An MPI accumulate operation and the datatype it works on.
struct MpiAtomic {
    MPI_Op op;
    MPI_Datatype datatype;
};

class MpiOneSidedChannel final : public OneSidedChannel {
public:
    // Exposes `ram` (the guest RAM of this rank's PEs, `ram_size` bytes each, one after the
    // other) to every rank of MPI_COMM_WORLD; PE n is on rank n / pes_per_rank. Collective over
    // MPI_COMM_WORLD; needs MPI_THREAD_MULTIPLE. The PEs of a rank may use it from their threads
    // at once. `written_here(index, page)`, when given: a write through the channel (of any
    // rank) into a page of this rank's PE `index` has completed (called from the channel's
    // progress thread, or from the writer's when the writer is of this rank).
    MpiOneSidedChannel(std::byte* ram, std::uint64_t ram_size, unsigned pe_count,
                       unsigned pes_per_rank, MpiWriteNotices::WrittenHere written_here = {});
    ~MpiOneSidedChannel() override;

    void get(unsigned pe, std::uint64_t offset, void* destination, std::size_t size) override;
    void put(unsigned pe, std::uint64_t offset, const void* source, std::size_t size) override;
    std::uint64_t fetch_and_op(unsigned pe, std::uint64_t offset, unsigned size,
                               RemoteAtomic operation, std::uint64_t operand) override;
    std::uint64_t compare_and_swap(unsigned pe, std::uint64_t offset, unsigned size,
                                   std::uint64_t expected, std::uint64_t desired) override;
    void complete() override;

private:
    // MPI reads a put's data until the put completes, after the guest's store has returned:
    // the channel keeps a copy (a vector's buffer stays where it is when the vector moves).
    struct PostedPut {
        std::uint64_t begin;
        std::uint64_t end;
        std::vector<std::byte> data;
    };

    // A location in the window: the PE and the offset in its RAM, its rank and the displacement
    // in the rank's part.
    struct Target {
        unsigned pe;
        std::uint64_t offset;
        unsigned rank;
        std::uint64_t displacement;
    };
    Target target(unsigned pe, std::uint64_t offset) const;

    // With mutex_ held from here on.
    // MPI leaves puts, gets and atomics to one location unordered until the origin flushes:
    // an access that overlaps a posted put to the same rank waits for the puts first, so that
    // a PE reads its own remote writes and its writes land in program order.
    void complete_overlapping_puts(Target at, std::size_t size);
    std::uint64_t mpi_fetch_and_op(Target at, unsigned size, MpiAtomic atomic,
                                   std::uint64_t operand);
    std::uint64_t mpi_compare_and_swap(Target at, unsigned size, std::uint64_t expected,
                                       std::uint64_t desired);
    // For operations the MPI library gets wrong.
    std::uint64_t fetch_and_op_by_compare_and_swap(Target at, unsigned size, RemoteAtomic operation,
                                                   std::uint64_t operand);
    void flush(unsigned rank);

    // Received by the progress thread, which runs for as long as the window exists (declared
    // first, so they stop last).
    MpiWriteNotices notices_;
    MpiProgressThread progress_;
    MPI_Win window_ = MPI_WIN_NULL;
    bool unsigned_order_in_mpi_;
    std::uint64_t ram_size_;
    unsigned pes_per_rank_;
    // The bookkeeping of the puts, which the PE threads of this rank share.
    std::mutex mutex_;
    std::vector<std::vector<PostedPut>> posted_puts_; // per target rank, since its last flush
    std::size_t posted_put_count_ = 0;
};

} // namespace xbemu
