#pragma once
// Where the ranks of a one-node cycle-mode job leave their window reports for each other: one
// block of the node's shared memory with two slots per rank (windows alternate between them, so a
// rank may write the next window's report while a slower one still reads this window's), and the
// barrier the ranks meet at.

#include "mpi/mpi_node.hpp"
#include "mpi/mpi_node_shared_memory.hpp"
#include "shared/process_shared_barrier.hpp"

#include <cstddef>
#include <cstdint>
#include <mpi.h>
#include <optional>
#include <span>
#include <vector>

namespace xbemu {

class MpiWindowSlots {
public:
    // Collective over the node, which must hold every rank of the job.
    MpiWindowSlots(const MpiNode& node, std::size_t slot_bytes);
    MpiWindowSlots(const MpiWindowSlots&) = delete;
    MpiWindowSlots& operator=(const MpiWindowSlots&) = delete;

    // Leaves this rank's report for window parity `parity`; a report larger than a slot leaves
    // a mark instead, and every rank then falls back to MPI for that window.
    void publish(unsigned parity, std::span<const std::byte> bytes);
    void wait_for_all() {
        control_->barrier.arrive_and_wait(static_cast<unsigned>(ranks_), barrier_spins_);
    }
    // Collective over the node: the earliest of every rank's `cycle`, passed in the slots of
    // window parity `parity` (as a report is) and read after the barrier.
    std::uint64_t earliest(unsigned parity, std::uint64_t cycle);
    // After wait_for_all: a rank's report, or nothing if some rank's did not fit.
    std::optional<std::span<const std::byte>> report(int node_rank, unsigned parity) const;
    bool all_fit(unsigned parity) const;

private:
    struct Control {
        ProcessSharedBarrier barrier;
    };
    static constexpr std::uint64_t kOverflow = ~0ULL;
    struct SlotSizes {
        std::uint64_t bytes[2];
        std::uint64_t cycles[2]; // for earliest()
    };

    int rank_ = 0;
    int ranks_ = 0;
    std::size_t slot_bytes_;
    MpiNodeSharedMemory memory_;
    unsigned barrier_spins_ = 0;
    Control* control_ = nullptr;
    std::vector<std::byte*> parts_; // per node rank: SlotSizes, then two slots
};

} // namespace xbemu
