#include "xbemu/zeroed_memory.hpp"

#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <mutex>
#include <stdexcept>
#include <sys/mman.h>
#include <unistd.h>
#include <unordered_map>
#include <vector>

namespace xbemu {

namespace {

std::byte* map_zeroed(std::size_t size) {
    void* mapping = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mapping == MAP_FAILED) {
        throw std::runtime_error(fmt::format("cannot reserve {} MiB of host address space: {}",
                                             size >> 20, std::strerror(errno)));
    }
    return static_cast<std::byte*>(mapping);
}

// Small regions (a PE's page flags and block tables) cut from large reservations: a mapping of
// their own each would give a job of 65,536 PEs more mappings than Linux lets a process have
// (vm.max_map_count, 65,530 by default). A freed region's pages go back to the host and its
// addresses to the next region of its size.
class SmallRegions {
public:
    static constexpr std::size_t kLargest = 1U << 20;

    std::byte* take(std::size_t size) {
        const std::lock_guard lock(mutex_);
        if (std::vector<std::byte*>& free = free_[size]; !free.empty()) {
            std::byte* const region = free.back();
            free.pop_back();
            return region;
        }
        if (left_ < size) {
            next_ = map_zeroed(kReservation);
            left_ = kReservation;
        }
        std::byte* const region = next_;
        next_ += size;
        left_ -= size;
        return region;
    }

    void give_back(std::byte* region, std::size_t size) {
        if (madvise(region, size, MADV_DONTNEED) != 0) {
            std::memset(region, 0, size);
        }
        const std::lock_guard lock(mutex_);
        free_[size].push_back(region);
    }

private:
    static constexpr std::size_t kReservation = 64U << 20;
    std::mutex mutex_;
    std::byte* next_ = nullptr;
    std::size_t left_ = 0;
    std::unordered_map<std::size_t, std::vector<std::byte*>> free_;
};

// Never destroyed: regions may be given back while the process exits.
SmallRegions& small_regions() {
    static SmallRegions& regions = *new SmallRegions;
    return regions;
}

std::size_t page_rounded(std::size_t size) {
    static const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    return (size + page - 1) / page * page;
}

} // namespace

ZeroedMemory::ZeroedMemory(std::size_t size)
    : size_(size), mapped_(page_rounded(size)),
      data_(size != 0 && mapped_ <= SmallRegions::kLargest ? small_regions().take(mapped_)
                                                           : map_zeroed(size)) {}

ZeroedMemory::~ZeroedMemory() {
    if (size_ != 0 && mapped_ <= SmallRegions::kLargest) {
        small_regions().give_back(data_, mapped_);
    } else {
        munmap(data_, size_);
    }
}

void ZeroedMemory::clear() {
    // A private anonymous mapping reads as zero after MADV_DONTNEED.
    if (madvise(data_, size_, MADV_DONTNEED) != 0) {
        std::memset(data_, 0, size_);
    }
}

} // namespace xbemu
