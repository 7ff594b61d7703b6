#pragma once
// One block of memory that every rank of a node maps (a POSIX shared memory segment that node
// rank 0 makes), zero or a given value at the start: the PIMP FIFOs of a node, the
// deadlock-detection counters that every rank's PeGroup counts waiting PEs in.

#include "mpi/mpi_node.hpp"

#include <cstddef>
#include <type_traits>

namespace xbemu {

class MpiNodeSharedMemory {
public:
    // Collective over the node; every rank asks for the same size. Node rank 0 fills the block
    // from `initial` when given, else with zeros. Throws, on every rank of the node, when some
    // rank could not map the block.
    MpiNodeSharedMemory(const MpiNode& node, std::size_t bytes, const void* initial = nullptr);
    ~MpiNodeSharedMemory();
    MpiNodeSharedMemory(const MpiNodeSharedMemory&) = delete;
    MpiNodeSharedMemory& operator=(const MpiNodeSharedMemory&) = delete;

    std::byte* data() const { return data_; }
    // The block as the one object it was made for (trivially copyable, `initial` of its type).
    template <typename T> T& as() const {
        static_assert(std::is_trivially_copyable_v<T>);
        return *reinterpret_cast<T*>(data_);
    }

private:
    std::size_t bytes_;
    std::byte* data_ = nullptr;
};

} // namespace xbemu
