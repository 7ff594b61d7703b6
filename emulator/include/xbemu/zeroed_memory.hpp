#pragma once
// Host memory that reads as zero until written, and costs host memory only where it is written
// (an anonymous mapping): room for structures sized by the worst case, such as a message
// fabric's arrival rings, a PE's page flags or its table of decoded blocks.

#include <cstddef>

namespace xbemu {

class ZeroedMemory {
public:
    // Throws std::runtime_error if the host cannot provide the address space.
    explicit ZeroedMemory(std::size_t size);
    ~ZeroedMemory();
    ZeroedMemory(const ZeroedMemory&) = delete;
    ZeroedMemory& operator=(const ZeroedMemory&) = delete;

    std::byte* data() const { return data_; }
    std::size_t size() const { return size_; }
    // Reads as zero again, and gives the written pages back to the host.
    void clear();

private:
    std::size_t size_;
    std::size_t mapped_; // size_ rounded up to whole host pages
    std::byte* data_;
};

} // namespace xbemu
