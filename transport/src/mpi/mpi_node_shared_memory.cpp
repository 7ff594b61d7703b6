#include "mpi/mpi_node_shared_memory.hpp"

#include <cstring>

namespace xbemu {

MpiNodeSharedMemory::MpiNodeSharedMemory(const MpiNode& node, std::size_t bytes,
                                         const void* initial) {
    int node_rank = 0;
    MPI_Comm_rank(node.communicator(), &node_rank);
    void* local = nullptr;
    const MPI_Aint size = node_rank == 0 ? static_cast<MPI_Aint>(bytes) : 0;
    MPI_Win_allocate_shared(size, 1, MPI_INFO_NULL, node.communicator(), &local, &window_);
    MPI_Aint owner_size = 0;
    int displacement_unit = 0;
    void* owner = nullptr;
    MPI_Win_shared_query(window_, 0, &owner_size, &displacement_unit, &owner);
    data_ = static_cast<std::byte*>(owner);
    // A one-rank "shared" window may be heap memory: start from zero explicitly.
    if (node_rank == 0) {
        if (initial != nullptr) {
            std::memcpy(data_, initial, bytes);
        } else {
            std::memset(data_, 0, bytes);
        }
    }
    MPI_Barrier(node.communicator());
}

MpiNodeSharedMemory::~MpiNodeSharedMemory() {
    MPI_Win_free(&window_);
}

} // namespace xbemu
