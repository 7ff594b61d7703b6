#pragma once
// The translation cache's memory: one executable region per hart, reserved up front (the host
// populates pages only as code is written), filled from the start and emptied as a whole. The
// first bytes hold the code that every translation shares (entry and exit), which survives
// a reset.

#include <cstddef>
#include <cstdint>

namespace xbemu {

class CodeCache {
public:
    // Throws std::runtime_error when the host refuses executable memory.
    explicit CodeCache(std::size_t capacity);
    ~CodeCache();
    CodeCache(const CodeCache&) = delete;
    CodeCache& operator=(const CodeCache&) = delete;

    // `size` bytes aligned to 16, or nullptr when the cache is full.
    std::uint8_t* allocate(std::size_t size);
    // Everything allocated since the last keep_allocated() becomes free again.
    void reset() { used_ = kept_; }
    // What is allocated now stays across reset().
    void keep_allocated() { kept_ = used_; }

    std::uint8_t* base() const { return base_; }
    std::size_t capacity() const { return capacity_; }
    std::size_t used() const { return used_ - kept_; }

private:
    std::uint8_t* base_ = nullptr;
    std::size_t capacity_;
    std::size_t used_ = 0;
    std::size_t kept_ = 0;
};

} // namespace xbemu
