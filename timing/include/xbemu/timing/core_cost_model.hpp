#pragma once
// The cycle mode's price of a decoded block on an in-order core: each instruction costs its
// timing class's latency from the machine description, plus a load-use stall when it reads
// what the instruction before it loaded; a block ends at every instruction that may wait for
// the network. What depends on the run (a taken branch, a load-use stall across blocks, a
// wait) the dispatch loops add as they account each block.

#include "xbemu/block_cost_model.hpp"
#include "xbemu/machine_description.hpp"

namespace xbemu {

class CoreCostModel final : public BlockCostModel {
public:
    explicit CoreCostModel(const CoreLatencies& latencies) : latencies_(latencies) {}

    bool ends_block(TimingClass timing) const override;
    void price(DecodedBlock& block) const override;

private:
    CoreLatencies latencies_;
};

} // namespace xbemu
