#include "mpi/mpi_message_network.hpp"

#include <numeric>

namespace xbemu {

MpiMessageNetwork::MpiMessageNetwork(const MessageFabricShape& shape, const MpiNode& node,
                                     unsigned first_pe, unsigned pes_per_rank, bool share_node,
                                     bool link) {
    owned_.resize(pes_per_rank);
    std::iota(owned_.begin(), owned_.end(), first_pe);
    std::vector<unsigned> local = owned_;
    if (share_node) {
        local.clear();
        for (const int rank : node.world_ranks()) {
            for (unsigned index = 0; index < pes_per_rank; ++index) {
                local.push_back(static_cast<unsigned>(rank) * pes_per_rank + index);
            }
        }
    }
    const std::size_t bytes = MessageFabric::region_bytes(shape, local.size());
    std::byte* region = nullptr;
    if (share_node && node.world_ranks().size() > 1) {
        region = shared_memory_.emplace(node, bytes).data();
    } else {
        region = own_memory_.emplace(bytes).data();
    }
    if (link) {
        link_.emplace(pes_per_rank);
    }
    fabric_.emplace(shape, region, std::move(local), owned_, link_ ? &*link_ : nullptr);
    if (link_) {
        link_->start(*fabric_, owned_);
    }
}

void MpiMessageNetwork::settle() {
    if (link_) {
        link_->settle();
    }
}

void MpiMessageNetwork::mark_finished(unsigned pe) {
    fabric_->mark_finished(pe);
}

} // namespace xbemu
