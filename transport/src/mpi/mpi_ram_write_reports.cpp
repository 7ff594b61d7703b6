#include "mpi/mpi_ram_write_reports.hpp"

#include "shared/futex.hpp"

#include <bit>

namespace xbemu {

namespace {

static_assert(std::endian::native == std::endian::little,
              "the futex word is the low half of a report count");
static_assert(sizeof(std::atomic<std::uint64_t>) == sizeof(std::uint64_t) &&
                  std::atomic<std::uint64_t>::is_always_lock_free,
              "report counts and words live in memory that other processes share");

std::size_t block_bytes(unsigned pes_per_rank) {
    constexpr std::size_t kLine = 64;
    const std::size_t words = (pes_per_rank + 63) / 64;
    return kLine + (words * sizeof(std::uint64_t) + kLine - 1) / kLine * kLine;
}

} // namespace

MpiRamWriteReports::MpiRamWriteReports(const MpiNode& node, int world_ranks, unsigned pes_per_rank)
    : pes_per_rank_(pes_per_rank), block_bytes_(block_bytes(pes_per_rank)),
      memory_(node, block_bytes_ * node.world_ranks().size()),
      blocks_(static_cast<std::size_t>(world_ranks), nullptr), local_block_(nullptr) {
    int node_rank = 0;
    MPI_Comm_rank(node.communicator(), &node_rank);
    const std::vector<int>& ranks = node.world_ranks();
    for (std::size_t index = 0; index < ranks.size(); ++index) {
        blocks_[static_cast<std::size_t>(ranks[index])] = memory_.data() + block_bytes_ * index;
    }
    local_block_ = memory_.data() + block_bytes_ * static_cast<std::size_t>(node_rank);
}

void MpiRamWriteReports::written(unsigned pe) {
    std::byte* block = blocks_[pe / pes_per_rank_];
    if (block == nullptr) {
        return;
    }
    const unsigned index = pe % pes_per_rank_;
    std::atomic<std::uint64_t>& word = words(block)[index / 64];
    const std::uint64_t bit = std::uint64_t{1} << (index % 64);
    // Once until the PE's next look, as Hart::ram_written_remotely reports.
    if ((word.load(std::memory_order_relaxed) & bit) != 0) {
        return;
    }
    word.fetch_or(bit, std::memory_order_release);
    count(block)->fetch_add(1, std::memory_order_release);
    futex_wake_one(reinterpret_cast<std::uint32_t*>(count(block)));
}

} // namespace xbemu
