#pragma once
// PIMP's network for a functional-mode MPI job, seen from one rank: the ranks of a node share one
// message fabric in the node's shared memory (so their PEs exchange words through shared memory),
// and reach the PEs of other nodes through MPI messages. Under --transport rma every rank has a
// fabric of its own and reaches every other PE through MPI, as if each were a node.

#include "messages/message_fabric.hpp"
#include "mpi/mpi_message_link.hpp"
#include "mpi/mpi_node.hpp"
#include "mpi/mpi_node_shared_memory.hpp"
#include "xbemu/zeroed_memory.hpp"

#include <optional>
#include <vector>

namespace xbemu {

class MpiMessageNetwork {
public:
    // Collective over MPI_COMM_WORLD. This rank runs PEs `first_pe` to
    // `first_pe + pes_per_rank - 1` (rank r runs PEs from r * pes_per_rank); `share_node`: the
    // PEs of this node share a fabric; `link`: some PE is reached through MPI (then
    // MPI_THREAD_MULTIPLE is needed).
    MpiMessageNetwork(const MessageFabricShape& shape, const MpiNode& node, unsigned first_pe,
                      unsigned pes_per_rank, bool share_node, bool link);

    // The port of one of this rank's PEs.
    FunctionalMessagePort& port(unsigned pe) { return fabric_->port(pe); }
    void mark_finished(unsigned pe);
    // --fast-forward's switch, once no PE of the job runs: returns when no word or credit is on
    // its way between ranks (MpiMessageLink::settle). Collective over MPI_COMM_WORLD.
    void settle();

private:
    std::vector<unsigned> owned_;
    std::optional<MpiNodeSharedMemory> shared_memory_;
    std::optional<ZeroedMemory> own_memory_;
    std::optional<MessageFabric> fabric_;
    // Declared after the fabric: its thread, which delivers into the fabric, stops first.
    std::optional<MpiMessageLink> link_;
};

} // namespace xbemu
