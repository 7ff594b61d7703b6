#pragma once
// PIMP's network for a functional-mode MPI job, seen from one rank: the ranks of a node share one
// message fabric in an MPI shared window (so their PEs exchange words through shared memory),
// and reach the PEs of other nodes through MPI messages. Under --transport rma every rank has a
// fabric of its own and reaches every other PE through MPI, as if each were a node.

#include "messages/message_fabric.hpp"
#include "mpi/mpi_message_link.hpp"
#include "mpi/mpi_node.hpp"
#include "mpi/mpi_node_shared_memory.hpp"
#include "xbemu/zeroed_memory.hpp"

#include <optional>

namespace xbemu {

class MpiMessageNetwork {
public:
    // Collective over MPI_COMM_WORLD. `pe` is this rank's PE; `share_node`: the PEs of this node
    // share a fabric; `link`: some PE is reached through MPI (then MPI_THREAD_MULTIPLE is needed).
    MpiMessageNetwork(const MessageFabricShape& shape, const MpiNode& node, unsigned pe,
                      bool share_node, bool link);

    FunctionalMessagePort& port() { return fabric_->port(pe_); }
    void mark_finished() { fabric_->mark_finished(pe_); }

private:
    unsigned pe_;
    std::optional<MpiNodeSharedMemory> shared_memory_;
    std::optional<ZeroedMemory> own_memory_;
    std::optional<MessageFabric> fabric_;
    // Declared after the fabric: its thread, which delivers into the fabric, stops first.
    std::optional<MpiMessageLink> link_;
};

} // namespace xbemu
