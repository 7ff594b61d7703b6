#pragma once
// What a decoded block costs in the cycle timing mode, as far as it does not depend on the run:
// filled by the timing layer's BlockCostModel when the block is decoded, read by the dispatch
// loops (the interpreter's and the JIT's) as they account each block's time.

#include "xbemu/decoder/operand_format.hpp"
#include "xbemu/stall_cause.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace xbemu {

// The bit of a register in the masks the load-use interlock compares: x1-x31 in bits 1-31,
// f0-f31 in bits 32-63; x0 (and the sink), e registers and the rest are not tracked.
inline std::uint64_t register_mask(RegisterClass file, unsigned index) {
    if (file == RegisterClass::Integer && index != 0 && index < 32) {
        return 1ULL << index;
    }
    if (file == RegisterClass::Float && index < 32) {
        return 1ULL << (32 + index);
    }
    return 0;
}

// One instruction of a block in the cycle timing mode.
struct InstructionTiming {
    // Cycles from the block's start to this instruction's start, not counting a load-use
    // stall of the block's first instruction (which depends on the block before).
    std::uint32_t start = 0;
    // Its cycles: its class's latency, plus a load-use stall from the instruction before it in
    // the block.
    std::uint32_t cost = 0;
    std::uint8_t load_use = 0;
    StallCause class_cause = StallCause::Other; // where cost - 1 - load_use goes
    std::uint64_t load_destination = 0;         // register_mask of what a load writes, or 0
};

// What a block costs in the cycle timing mode: everything that does not depend on the run.
struct BlockTiming {
    std::vector<InstructionTiming> instructions;
    std::uint64_t first_reads = 0; // registers the first instruction reads (register_mask bits)
    std::uint64_t cycles = 0;      // the whole block with its last branch not taken
    std::uint64_t last_start = 0;  // instructions.back().start
    std::uint64_t taken_penalty = 0;
    std::uint64_t last_load_destination = 0;
    // The stalls of a complete run, by cause (at most one entry per static cause).
    std::uint8_t stall_kinds = 0;
    std::array<StallCause, 6> stall_causes{};
    std::array<std::uint32_t, 6> stall_cycles{};
};

} // namespace xbemu
