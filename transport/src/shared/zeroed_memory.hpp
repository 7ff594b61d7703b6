#pragma once
// Host memory that reads as zero until written, and costs host memory only where it is written
// (an anonymous mapping): room for structures sized by the worst case, such as a message
// fabric's arrival rings.

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

private:
    std::byte* data_;
    std::size_t size_;
};

} // namespace xbemu
