#include "xbemu/guest_ram.hpp"

#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <stdexcept>
#include <sys/mman.h>
#include <unistd.h>

namespace xbemu {

GuestRam::GuestRam(std::uint64_t size)
    : size_(size), page_flags_((size + kPageSize - 1) / kPageSize) {
    void* mapping = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mapping == MAP_FAILED) {
        throw std::runtime_error(
            fmt::format("cannot reserve {} MiB of host address space for guest RAM: {}", size >> 20,
                        std::strerror(errno)));
    }
    host_ = static_cast<std::byte*>(mapping);
}

GuestRam::GuestRam(std::uint64_t size, std::byte* external)
    : size_(size), host_(external), owned_(false), page_flags_((size + kPageSize - 1) / kPageSize) {
}

GuestRam::~GuestRam() {
    if (owned_) {
        munmap(host_, size_);
    }
}

void GuestRam::read(std::uint64_t address, std::span<std::byte> destination) {
    if (!contains(address, destination.size())) {
        throw GuestAccessError(address, destination.size(),
                               fmt::format("guest read of {} bytes at 0x{:x} is outside RAM",
                                           destination.size(), address));
    }
    if (!destination.empty()) {
        std::memcpy(destination.data(), host_ + (address - kRamBase), destination.size());
    }
}

void GuestRam::write(std::uint64_t address, std::span<const std::byte> source) {
    if (!contains(address, source.size())) {
        throw GuestAccessError(address, source.size(),
                               fmt::format("guest write of {} bytes at 0x{:x} is outside RAM",
                                           source.size(), address));
    }
    if (!source.empty()) {
        std::memcpy(host_ + (address - kRamBase), source.data(), source.size());
    }
}

std::uint64_t GuestRam::resident_bytes() const {
    const long host_page = sysconf(_SC_PAGESIZE);
    const std::uint64_t pages =
        (size_ + static_cast<std::uint64_t>(host_page) - 1) / static_cast<std::uint64_t>(host_page);
    std::vector<unsigned char> residency(pages);
    if (mincore(host_, size_, residency.data()) != 0) {
        return 0;
    }
    std::uint64_t resident = 0;
    for (unsigned char page : residency) {
        resident += (page & 1U);
    }
    return resident * static_cast<std::uint64_t>(host_page);
}

} // namespace xbemu
