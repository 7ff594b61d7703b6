#include "mpi/mpi_message_network.hpp"

namespace xbemu {

MpiMessageNetwork::MpiMessageNetwork(const MessageFabricShape& shape, const MpiNode& node,
                                     unsigned pe, bool share_node, bool link)
    : pe_(pe) {
    std::vector<unsigned> local{pe};
    if (share_node) {
        local.assign(node.world_ranks().begin(), node.world_ranks().end());
    }
    const std::size_t bytes = MessageFabric::region_bytes(shape, local.size());
    std::byte* region = nullptr;
    if (local.size() > 1) {
        region = shared_memory_.emplace(node, bytes).data();
    } else {
        region = own_memory_.emplace(bytes).data();
    }
    if (link) {
        link_.emplace();
    }
    fabric_.emplace(shape, region, std::move(local), std::vector<unsigned>{pe},
                    link_ ? &*link_ : nullptr);
    if (link_) {
        link_->start(*fabric_, pe);
    }
}

} // namespace xbemu
