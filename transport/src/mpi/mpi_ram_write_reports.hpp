#pragma once
// The functional mode's reports of writes into the RAM of PEs, in memory every rank of a node
// shares: a bit per PE and a count per rank, which a rank's pool of host threads watches
// (FunctionalPool::SharedReports) so that a PE asleep until its RAM is written wakes when a PE
// of another rank writes it (docs/cluster.md). Each rank's block lies on cache lines of its own.

#include "mpi/mpi_node.hpp"
#include "mpi/mpi_node_shared_memory.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace xbemu {

class MpiRamWriteReports {
public:
    // Collective over the node: every rank runs `pes_per_rank` PEs, rank r PEs r * pes_per_rank
    // onwards.
    MpiRamWriteReports(const MpiNode& node, int world_ranks, unsigned pes_per_rank);

    // A PE of this node was written by a PE of another rank.
    void written(unsigned pe);
    // This rank's words of bits (one per PE of the rank, in order) and its count.
    std::atomic<std::uint64_t>* local_words() const { return words(local_block_); }
    std::atomic<std::uint64_t>* local_count() const { return count(local_block_); }

private:
    std::atomic<std::uint64_t>* count(std::byte* block) const {
        return reinterpret_cast<std::atomic<std::uint64_t>*>(block);
    }
    std::atomic<std::uint64_t>* words(std::byte* block) const {
        return reinterpret_cast<std::atomic<std::uint64_t>*>(block + kCacheLine);
    }

    static constexpr std::size_t kCacheLine = 64;
    unsigned pes_per_rank_;
    std::size_t block_bytes_;
    MpiNodeSharedMemory memory_;
    std::vector<std::byte*> blocks_; // by world rank; nullptr: a rank on another node
    std::byte* local_block_;
};

} // namespace xbemu
