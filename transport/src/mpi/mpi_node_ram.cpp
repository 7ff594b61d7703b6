#include "mpi/mpi_node_ram.hpp"

namespace xbemu {

MpiNodeRam::MpiNodeRam(const MpiNode& node, std::uint64_t size_per_rank) {
    // Non-contiguous parts are mapped one per rank, so the host populates each page only when a
    // guest touches it: untouched RAM costs no host memory, as with a PE's own RAM.
    MPI_Info info = MPI_INFO_NULL;
    MPI_Info_create(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
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
