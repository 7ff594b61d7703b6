#include "mpi/mpi_node_shared_memory.hpp"

#include "mpi/mpi_setup_wait.hpp"

#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <random>
#include <stdexcept>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

namespace xbemu {

namespace {

// An MPI shared window would do, but MPI_Win_allocate_shared is a blocking collective of several
// steps: 2.2 s for 32 ranks on 2 cores, against milliseconds for a POSIX segment whose name node
// rank 0 sends in a non-blocking broadcast.
std::string segment_name(const std::array<std::uint64_t, 2>& key) {
    return fmt::format("/xbemu-node-{:x}-{:x}", key[0], key[1]);
}

// As an MPI shared window's, the pages are the host's to populate as the ranks touch them.
std::byte* map_segment(const std::string& name, std::size_t bytes, bool create) {
    const int descriptor =
        shm_open(name.c_str(), create ? O_RDWR | O_CREAT | O_EXCL : O_RDWR, 0600);
    if (descriptor < 0) {
        throw std::runtime_error(fmt::format("cannot {} the node's shared memory {}: {}",
                                             create ? "create" : "open", name,
                                             std::strerror(errno)));
    }
    if (create && ftruncate(descriptor, static_cast<off_t>(bytes)) != 0) {
        const int error = errno;
        close(descriptor);
        shm_unlink(name.c_str());
        throw std::runtime_error(fmt::format("cannot size the node's shared memory to {} KiB: {}",
                                             (bytes + 1023) >> 10, std::strerror(error)));
    }
    void* mapping = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0);
    const int error = errno;
    close(descriptor);
    if (mapping == MAP_FAILED) {
        if (create) {
            shm_unlink(name.c_str());
        }
        throw std::runtime_error(fmt::format("cannot map {} KiB of the node's shared memory: {}",
                                             (bytes + 1023) >> 10, std::strerror(error)));
    }
    return static_cast<std::byte*>(mapping);
}

} // namespace

MpiNodeSharedMemory::MpiNodeSharedMemory(const MpiNode& node, std::size_t bytes,
                                         const void* initial)
    : bytes_(bytes) {
    const MPI_Comm communicator = node.communicator();
    int node_rank = 0;
    MPI_Comm_rank(communicator, &node_rank);
    // The key, and whether node rank 0 made the segment.
    std::array<std::uint64_t, 3> announcement{};
    std::string failure;
    if (node_rank == 0) {
        std::random_device random;
        announcement = {static_cast<std::uint64_t>(getpid()),
                        (std::uint64_t{random()} << 32) | std::uint64_t{random()}, 0};
        try {
            data_ = map_segment(segment_name({announcement[0], announcement[1]}), bytes, true);
            // Fresh segments read as zero.
            if (initial != nullptr) {
                std::memcpy(data_, initial, bytes);
            }
            announcement[2] = 1;
        } catch (const std::runtime_error& error) {
            failure = error.what();
        }
    }
    setup_broadcast(announcement.data(), static_cast<int>(announcement.size()), MPI_UINT64_T, 0,
                    communicator);
    const std::string name = segment_name({announcement[0], announcement[1]});
    if (node_rank != 0) {
        if (announcement[2] == 0) {
            failure = "node rank 0 could not make the node's shared memory";
        } else {
            try {
                data_ = map_segment(name, bytes, false);
            } catch (const std::runtime_error& error) {
                failure = error.what();
            }
        }
    }
    // Once every rank has mapped the block, or given up, the name can go: the mappings keep the
    // memory, and the host frees it when the last rank ends, however it ends.
    int succeeded = failure.empty() ? 1 : 0;
    setup_allreduce(MPI_IN_PLACE, &succeeded, 1, MPI_INT, MPI_MIN, communicator);
    if (node_rank == 0 && announcement[2] != 0) {
        shm_unlink(name.c_str());
    }
    if (succeeded != 0) {
        return;
    }
    if (data_ != nullptr) {
        munmap(data_, bytes_);
        data_ = nullptr;
    }
    throw std::runtime_error(
        failure.empty() ? "another rank of this node could not map the node's shared memory"
                        : failure);
}

MpiNodeSharedMemory::~MpiNodeSharedMemory() {
    if (data_ != nullptr) {
        munmap(data_, bytes_);
    }
}

} // namespace xbemu
