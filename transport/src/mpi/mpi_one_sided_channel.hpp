#pragma once
// The one-sided channel of MPI jobs: one window over every rank's guest RAM, opened for passive
// target access by every rank at once (MPI_Win_lock_all) for the whole job. Loads wait for their
// data, stores are posted and completed at the next complete() (a FENCE), atomics map to
// MPI_Fetch_and_op and MPI_Compare_and_swap.

#include "mpi/mpi_progress_thread.hpp"
#include "xbemu/transport/peer_memory.hpp"

#include <cstddef>
#include <cstdint>
#include <mpi.h>
#include <vector>

namespace xbemu {

// An MPI accumulate operation and the datatype it works on.
struct MpiAtomic {
    MPI_Op op;
    MPI_Datatype datatype;
};

class MpiOneSidedChannel final : public OneSidedChannel {
public:
    // Exposes `ram` (this rank's guest RAM, the same size on every rank) to every rank of
    // MPI_COMM_WORLD; PE n is rank n. Collective over MPI_COMM_WORLD; needs MPI_THREAD_MULTIPLE.
    MpiOneSidedChannel(std::byte* ram, std::uint64_t ram_size, unsigned pe_count);
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

    // MPI leaves puts, gets and atomics to one location unordered until the origin flushes:
    // an access that overlaps a posted put to the same PE waits for the puts first, so that
    // a PE reads its own remote writes and its writes land in program order.
    void complete_overlapping_puts(unsigned pe, std::uint64_t offset, std::size_t size);
    std::uint64_t mpi_fetch_and_op(unsigned pe, std::uint64_t offset, unsigned size,
                                   MpiAtomic atomic, std::uint64_t operand);
    // For operations the MPI library gets wrong.
    std::uint64_t fetch_and_op_by_compare_and_swap(unsigned pe, std::uint64_t offset, unsigned size,
                                                   RemoteAtomic operation, std::uint64_t operand);
    void flush(unsigned pe);

    // Runs for as long as the window exists (declared first, so it stops last).
    MpiProgressThread progress_;
    MPI_Win window_ = MPI_WIN_NULL;
    bool unsigned_order_in_mpi_;
    std::vector<std::vector<PostedPut>> posted_puts_; // per PE, since its last flush
    std::size_t posted_put_count_ = 0;
};

} // namespace xbemu
