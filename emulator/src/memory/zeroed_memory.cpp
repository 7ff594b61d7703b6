#include "xbemu/zeroed_memory.hpp"

#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <stdexcept>
#include <sys/mman.h>

namespace xbemu {

ZeroedMemory::ZeroedMemory(std::size_t size) : size_(size) {
    void* mapping = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mapping == MAP_FAILED) {
        throw std::runtime_error(fmt::format("cannot reserve {} MiB of host address space: {}",
                                             size >> 20, std::strerror(errno)));
    }
    data_ = static_cast<std::byte*>(mapping);
}

ZeroedMemory::~ZeroedMemory() {
    munmap(data_, size_);
}

void ZeroedMemory::clear() {
    // A private anonymous mapping reads as zero after MADV_DONTNEED.
    if (madvise(data_, size_, MADV_DONTNEED) != 0) {
        std::memset(data_, 0, size_);
    }
}

} // namespace xbemu
