#include "mpi/mpi_node_ram.hpp"

#include "mpi/mpi_control_variable.hpp"

namespace xbemu {

MpiNodeRam::MpiNodeRam(const MpiNode& node, std::uint64_t size_per_rank) {
    // Non-contiguous parts are mapped one per rank, so the host populates each page only when a
    // guest touches it: untouched RAM costs no host memory, as with a PE's own RAM.
    MPI_Info info = MPI_INFO_NULL;
    MPI_Info_create(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    // MPICH (4.0) first looks for an address range free in every rank, for a "symmetric heap",
    // by an msync per page of the node's whole window: 2 ranks of 16 PEs of 256 MiB made 2
    // million system calls, 3 s of a 3.3 s run. The RAM needs no symmetric address; without
    // retries MPICH maps the window where the host likes.
    const ScopedMpiControlVariable no_symmetric_heap("MPIR_CVAR_SHM_SYMHEAP_RETRY", 0);
    void* local = nullptr;
    MPI_Win_allocate_shared(static_cast<MPI_Aint>(size_per_rank), 1, info, node.communicator(),
                            &local, &window_);
    MPI_Info_free(&info);
    local_ = static_cast<std::byte*>(local);

    const std::size_t ranks = node.world_ranks().size();
    parts_.resize(ranks);
    for (std::size_t node_rank = 0; node_rank < ranks; ++node_rank) {
        MPI_Aint size = 0;
        int displacement_unit = 0;
        void* part = nullptr;
        MPI_Win_shared_query(window_, static_cast<int>(node_rank), &size, &displacement_unit,
                             &part);
        parts_[node_rank] = static_cast<std::byte*>(part);
    }
}

MpiNodeRam::~MpiNodeRam() {
    MPI_Win_free(&window_);
}

} // namespace xbemu
