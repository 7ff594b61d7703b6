#pragma once
// The ranks of MPI_COMM_WORLD that share this host's memory (MPI_COMM_TYPE_SHARED), and how
// many such nodes the job spans.

#include <mpi.h>
#include <vector>

namespace xbemu {

class MpiNode {
public:
    // Collective over MPI_COMM_WORLD.
    MpiNode();
    ~MpiNode();
    MpiNode(const MpiNode&) = delete;
    MpiNode& operator=(const MpiNode&) = delete;

    MPI_Comm communicator() const { return communicator_; }
    // The world rank of each rank of this node, indexed by node rank.
    const std::vector<int>& world_ranks() const { return world_ranks_; }
    int node_count() const { return node_count_; }

private:
    MPI_Comm communicator_ = MPI_COMM_NULL;
    std::vector<int> world_ranks_;
    int node_count_ = 0;
};

} // namespace xbemu
