#include "mpi/mpi_window_slots.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <thread>

namespace xbemu {

MpiWindowSlots::MpiWindowSlots(const MpiNode& node, std::size_t slot_bytes)
    : slot_bytes_(slot_bytes) {
    MPI_Comm_rank(node.communicator(), &rank_);
    MPI_Comm_size(node.communicator(), &ranks_);
    constexpr unsigned kSpinsWithCoresToSpare = 2000;
    if (static_cast<unsigned>(ranks_) <= std::thread::hardware_concurrency()) {
        barrier_spins_ = kSpinsWithCoresToSpare;
    }
    // Rank 0's part starts with the control block. Non-contiguous parts: the host populates
    // only the pages the reports touch.
    const std::size_t part_bytes =
        (rank_ == 0 ? sizeof(Control) : 0) + sizeof(SlotSizes) + 2 * slot_bytes;
    MPI_Info info = MPI_INFO_NULL;
    MPI_Info_create(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    void* local = nullptr;
    MPI_Win_allocate_shared(static_cast<MPI_Aint>(part_bytes), 1, info, node.communicator(), &local,
                            &window_);
    MPI_Info_free(&info);
    parts_.resize(static_cast<std::size_t>(ranks_));
    for (int node_rank = 0; node_rank < ranks_; ++node_rank) {
        MPI_Aint size = 0;
        int unit = 0;
        void* part = nullptr;
        MPI_Win_shared_query(window_, node_rank, &size, &unit, &part);
        auto* bytes = static_cast<std::byte*>(part);
        if (node_rank == 0) {
            control_ = reinterpret_cast<Control*>(bytes);
            bytes += sizeof(Control);
        }
        parts_[static_cast<std::size_t>(node_rank)] = bytes;
    }
    // A one-rank "shared" window may be heap memory: start from zero explicitly.
    if (rank_ == 0) {
        *control_ = Control{};
    }
    std::memset(parts_[static_cast<std::size_t>(rank_)], 0, sizeof(SlotSizes));
    MPI_Barrier(node.communicator());
}

MpiWindowSlots::~MpiWindowSlots() {
    MPI_Win_free(&window_);
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
