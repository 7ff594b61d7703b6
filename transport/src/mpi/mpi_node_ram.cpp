#include "mpi/mpi_node_ram.hpp"

#include "mpi/mpi_setup_wait.hpp"
#include "mpi/mpi_shared_ram_fault.hpp"

#include <array>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <mpi.h>
#include <random>
#include <stdexcept>
#include <sys/mman.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace xbemu {

namespace {

// MPI_Win_allocate_shared would do, but MPICH first looks for an address range free in every
// rank by probing each page of it with msync: seconds per GiB, and a rank's part is its PEs'
// whole RAM (-m times the PEs per rank). A segment per rank, named after a key that node rank 0
// draws, costs nothing per page.
std::string segment_name(const std::array<std::uint64_t, 2>& key, int node_rank) {
    return fmt::format("/xbemu-ram-{:x}-{:x}-{}", key[0], key[1], node_rank);
}

std::byte* map_segment(const std::string& name, std::uint64_t size, bool create) {
    const int descriptor =
        shm_open(name.c_str(), create ? O_RDWR | O_CREAT | O_EXCL : O_RDWR, 0600);
    if (descriptor < 0) {
        throw std::runtime_error(fmt::format("cannot {} the node's shared guest RAM {}: {}",
                                             create ? "create" : "open", name,
                                             std::strerror(errno)));
    }
    if (create && ftruncate(descriptor, static_cast<off_t>(size)) != 0) {
        const int error = errno;
        close(descriptor);
        shm_unlink(name.c_str());
        throw std::runtime_error(
            fmt::format("cannot size the node's shared guest RAM to {} MiB: {}", size >> 20,
                        std::strerror(error)));
    }
    void* mapping =
        mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, descriptor, 0);
    const int error = errno;
    close(descriptor);
    if (mapping == MAP_FAILED) {
        throw std::runtime_error(fmt::format("cannot map {} MiB of the node's shared guest RAM: {}",
                                             size >> 20, std::strerror(error)));
    }
    return static_cast<std::byte*>(mapping);
}

// Every rank of the node learns whether all of them succeeded, so that a rank that fails does
// not leave the others waiting for it in the next collective.
void agree(MPI_Comm communicator, const std::string& failure) {
    int succeeded = failure.empty() ? 1 : 0;
    setup_allreduce(MPI_IN_PLACE, &succeeded, 1, MPI_INT, MPI_MIN, communicator);
    if (!failure.empty()) {
        throw std::runtime_error(failure);
    }
    if (succeeded == 0) {
        throw std::runtime_error("another rank of this node could not share its guest RAM");
    }
}

// What the node's ranks may need of /dev/shm against what it holds, for the line that reports it
// full.
std::string full_message(std::uint64_t node_size) {
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    struct statvfs shm {};
    const std::string room =
        statvfs("/dev/shm", &shm) == 0
            ? fmt::format("{} MiB", (std::uint64_t{shm.f_blocks} * shm.f_frsize) >> 20)
            : std::string("less");
    return fmt::format(
        "xbemu: /dev/shm is full: rank {} could not get a page for its PEs' guest RAM, which the "
        "ranks of a host share there (up to {} MiB: -m times their PEs; /dev/shm has {}); give "
        "/dev/shm more room, or use --transport rma",
        rank, node_size >> 20, room);
}

} // namespace

MpiNodeRam::MpiNodeRam(const MpiNode& node, std::uint64_t size_per_rank)
    : size_per_rank_(size_per_rank) {
    const MPI_Comm communicator = node.communicator();
    int node_rank = 0;
    MPI_Comm_rank(communicator, &node_rank);
    std::array<std::uint64_t, 2> key{};
    if (node_rank == 0) {
        std::random_device random;
        key = {static_cast<std::uint64_t>(getpid()),
               (std::uint64_t{random()} << 32) | std::uint64_t{random()}};
    }
    setup_broadcast(key.data(), static_cast<int>(key.size()), MPI_UINT64_T, 0, communicator);

    const std::size_t ranks = node.world_ranks().size();
    parts_.assign(ranks, nullptr);
    const std::string own_name = segment_name(key, node_rank);
    std::string failure;
    try {
        local_ = map_segment(own_name, size_per_rank, true);
        parts_[static_cast<std::size_t>(node_rank)] = local_;
    } catch (const std::runtime_error& error) {
        failure = error.what();
    }
    try {
        agree(communicator, failure);
        for (std::size_t other = 0; other < ranks; ++other) {
            if (parts_[other] == nullptr) {
                parts_[other] =
                    map_segment(segment_name(key, static_cast<int>(other)), size_per_rank, false);
            }
        }
    } catch (const std::runtime_error& error) {
        failure = error.what();
    }
    // Once every rank has mapped every part, or given up, the names can go: the mappings keep
    // the memory, and the host frees it when the last rank ends, however it ends.
    setup_barrier(communicator);
    if (local_ != nullptr) {
        shm_unlink(own_name.c_str());
    }
    try {
        agree(communicator, failure);
    } catch (...) {
        release();
        throw;
    }
    watch_shared_ram_faults(parts_, size_per_rank, full_message(size_per_rank * ranks));
}

void MpiNodeRam::release() {
    stop_watching_shared_ram_faults();
    for (std::byte*& part : parts_) {
        if (part != nullptr) {
            munmap(part, size_per_rank_);
            part = nullptr;
        }
    }
}

MpiNodeRam::~MpiNodeRam() {
    release();
}

} // namespace xbemu
