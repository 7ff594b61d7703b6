#include "mpi/mpi_node.hpp"

namespace xbemu {

MpiNode::MpiNode() {
    int world_rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, world_rank, MPI_INFO_NULL,
                        &communicator_);
    int node_rank = 0;
    int node_size = 0;
    MPI_Comm_rank(communicator_, &node_rank);
    MPI_Comm_size(communicator_, &node_size);
    world_ranks_.resize(static_cast<std::size_t>(node_size));
    MPI_Allgather(&world_rank, 1, MPI_INT, world_ranks_.data(), 1, MPI_INT, communicator_);
    // Every node has exactly one node rank 0.
    const int leader = node_rank == 0 ? 1 : 0;
    MPI_Allreduce(&leader, &node_count_, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
}

MpiNode::~MpiNode() {
    MPI_Comm_free(&communicator_);
}

} // namespace xbemu
