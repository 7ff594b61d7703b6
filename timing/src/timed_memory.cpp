#include "xbemu/timing/timed_memory.hpp"

#include "xbemu/block_cache.hpp"

namespace xbemu {

std::uint64_t TimedMemory::fetch(const DecodedBlock& block, netsim::Cycle now) {
    std::uint64_t stall = 0;
    for (std::uint64_t index = 0; index < block.count; ++index) {
        stall += hierarchy_.fetch(block.instructions[index].pc, now + stall);
    }
    return stall;
}

} // namespace xbemu
