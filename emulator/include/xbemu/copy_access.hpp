#pragma once
// An access's bytes between RAM and a register, copied inline for the sizes loads and stores
// have (one move each) rather than through a call to memcpy: the slow paths of memory access
// (a memory observer, another PE's RAM) copy every access this way.

#include <cstring>

namespace xbemu {

inline void copy_access(void* to, const void* from, unsigned size) {
    switch (size) {
    case 8:
        std::memcpy(to, from, 8);
        break;
    case 4:
        std::memcpy(to, from, 4);
        break;
    case 2:
        std::memcpy(to, from, 2);
        break;
    case 1:
        std::memcpy(to, from, 1);
        break;
    default:
        std::memcpy(to, from, size);
        break;
    }
}

} // namespace xbemu
