#include "mpi/mpi_window_slots.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mpi.h>
#include <thread>

namespace xbemu {

namespace {

// Each rank's part on pages of its own, as in a non-contiguous MPI window: a rank's writes share
// no page, nor cache line, with another's, and the host populates only the pages in use.
constexpr std::size_t kPage = 4096;

std::size_t whole_pages(std::size_t bytes) {
    return (bytes + kPage - 1) / kPage * kPage;
}

} // namespace

MpiWindowSlots::MpiWindowSlots(const MpiNode& node, std::size_t slot_bytes)
    : slot_bytes_(slot_bytes),
      memory_(node,
              whole_pages(sizeof(Control)) +
                  node.world_ranks().size() * whole_pages(sizeof(SlotSizes) + 2 * slot_bytes)) {
    MPI_Comm_rank(node.communicator(), &rank_);
    MPI_Comm_size(node.communicator(), &ranks_);
    constexpr unsigned kSpinsWithCoresToSpare = 2000;
    if (static_cast<unsigned>(ranks_) <= std::thread::hardware_concurrency()) {
        barrier_spins_ = kSpinsWithCoresToSpare;
    }
    // Fresh shared memory is zero: the control block's barrier and every part's sizes start
    // there.
    control_ = &memory_.as<Control>();
    std::byte* const first_part = memory_.data() + whole_pages(sizeof(Control));
    const std::size_t part_bytes = whole_pages(sizeof(SlotSizes) + 2 * slot_bytes);
    parts_.resize(static_cast<std::size_t>(ranks_));
    for (std::size_t node_rank = 0; node_rank < parts_.size(); ++node_rank) {
        parts_[node_rank] = first_part + node_rank * part_bytes;
    }
}

void MpiWindowSlots::publish(unsigned parity, std::span<const std::byte> bytes) {
    std::byte* part = parts_[static_cast<std::size_t>(rank_)];
    auto* sizes = reinterpret_cast<SlotSizes*>(part);
    if (bytes.size() > slot_bytes_) {
        sizes->bytes[parity] = kOverflow;
        return;
    }
    std::memcpy(part + sizeof(SlotSizes) + parity * slot_bytes_, bytes.data(), bytes.size());
    sizes->bytes[parity] = bytes.size();
}

std::uint64_t MpiWindowSlots::earliest(unsigned parity, std::uint64_t cycle) {
    reinterpret_cast<SlotSizes*>(parts_[static_cast<std::size_t>(rank_)])->cycles[parity] = cycle;
    wait_for_all();
    std::uint64_t earliest = cycle;
    for (std::byte* part : parts_) {
        earliest = std::min(earliest, reinterpret_cast<const SlotSizes*>(part)->cycles[parity]);
    }
    return earliest;
}

bool MpiWindowSlots::all_fit(unsigned parity) const {
    for (std::byte* part : parts_) {
        if (reinterpret_cast<const SlotSizes*>(part)->bytes[parity] == kOverflow) {
            return false;
        }
    }
    return true;
}

std::optional<std::span<const std::byte>> MpiWindowSlots::report(int node_rank,
                                                                 unsigned parity) const {
    const std::byte* part = parts_[static_cast<std::size_t>(node_rank)];
    const std::uint64_t size = reinterpret_cast<const SlotSizes*>(part)->bytes[parity];
    if (size == kOverflow) {
        return std::nullopt;
    }
    return std::span<const std::byte>(part + sizeof(SlotSizes) + parity * slot_bytes_, size);
}

} // namespace xbemu
