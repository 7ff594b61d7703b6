#pragma once
// How the cycle timing mode prices a decoded block: the core decodes, the timing layer (which
// sits above the core) says what the block costs and where it must end, so that an instruction
// states only what it does and the timing layer when. The block cache calls it once per block,
// when the block is decoded; nothing on the execution path calls it.

#include "xbemu/decoder/instruction_descriptor.hpp"

namespace xbemu {

struct DecodedBlock;

class BlockCostModel {
public:
    virtual ~BlockCostModel() = default;
    // Whether an instruction of this class ends its block even when it is not a jump or
    // branch: one that may wait for the network must be the last its block runs before the
    // hart waits.
    virtual bool ends_block(TimingClass timing) const = 0;
    // Fills block.timing from the block's instructions and descriptors.
    virtual void price(DecodedBlock& block) const = 0;

protected:
    BlockCostModel() = default;
    BlockCostModel(const BlockCostModel&) = default;
    BlockCostModel& operator=(const BlockCostModel&) = default;
};

} // namespace xbemu
