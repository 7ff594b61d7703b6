#pragma once
// One block of memory that every rank of a node maps (an MPI shared window held by node rank 0),
// zero at the start.

#include "mpi/mpi_node.hpp"

#include <cstddef>
#include <mpi.h>

namespace xbemu {

class MpiNodeSharedMemory {
public:
    // Collective over the node; every rank asks for the same size.
    MpiNodeSharedMemory(const MpiNode& node, std::size_t bytes);
    ~MpiNodeSharedMemory();
    MpiNodeSharedMemory(const MpiNodeSharedMemory&) = delete;
    MpiNodeSharedMemory& operator=(const MpiNodeSharedMemory&) = delete;

    std::byte* data() const { return data_; }

private:
    MPI_Win window_ = MPI_WIN_NULL;
    std::byte* data_ = nullptr;
};

} // namespace xbemu
