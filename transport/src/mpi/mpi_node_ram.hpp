#pragma once
// The guest RAM of every rank on this node, in POSIX shared memory: each rank's part is its own
// PEs' RAM, and the other parts are mapped here too, so that PEs on the node reach each other's
// memory with plain loads, stores and host atomics.

#include "mpi/mpi_node.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace xbemu {

class MpiNodeRam {
public:
    // Collective over the node. Every rank asks for the same size. The parts are fresh shared
    // mappings, zero until written, whose pages the host populates only when a guest touches
    // them.
    MpiNodeRam(const MpiNode& node, std::uint64_t size_per_rank);
    ~MpiNodeRam();
    MpiNodeRam(const MpiNodeRam&) = delete;
    MpiNodeRam& operator=(const MpiNodeRam&) = delete;

    std::byte* local() const { return local_; }
    // The RAM of the rank with this node rank.
    std::byte* of(int node_rank) const { return parts_.at(static_cast<std::size_t>(node_rank)); }

private:
    void release();

    std::uint64_t size_per_rank_ = 0;
    std::byte* local_ = nullptr;
    std::vector<std::byte*> parts_;
};

} // namespace xbemu
