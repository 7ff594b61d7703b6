#include "jit/code_cache.hpp"

#include <asmjit/core.h>
#include <stdexcept>

namespace xbemu {

CodeCache::CodeCache(std::size_t capacity) : capacity_(capacity) {
    void* memory = nullptr;
    // Writable and executable at once: a hart patches its own chained jumps in place, and no
    // other thread runs its code.
    if (asmjit::VirtMem::alloc(&memory, capacity, asmjit::VirtMem::MemoryFlags::kAccessRWX) !=
        asmjit::kErrorOk) {
        throw std::runtime_error("the host refused executable memory for the JIT's translation "
                                 "cache (try --engine interp)");
    }
    base_ = static_cast<std::uint8_t*>(memory);
}

CodeCache::~CodeCache() {
    asmjit::VirtMem::release(base_, capacity_);
}

std::uint8_t* CodeCache::allocate(std::size_t size) {
    constexpr std::size_t kAlignment = 16;
    const std::size_t start = (used_ + kAlignment - 1) & ~(kAlignment - 1);
    if (start > capacity_ || size > capacity_ - start) {
        return nullptr;
    }
    used_ = start + size;
    return base_ + start;
}

} // namespace xbemu
