#pragma once
// Decoded blocks keyed by start pc: each instruction is decoded once, then executed from its
// DecodedInstruction until the block cache is flushed (fence.i, a store into decoded code, or
// a change that alters decoding such as mstatus.FS turning the FPU on or off). In the cycle
// timing mode a block also carries its static timing, which the timing layer's cost model
// computes when the block is decoded.

#include "xbemu/block_timing.hpp"
#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/decoder/decoded_instruction.hpp"
#include "xbemu/zeroed_memory.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace xbemu {

class Hart;
class GuestRam;
class BlockCostModel;

// Straight-line code ending at the first control-flow (kEndsBlock) instruction, run as
// threaded code (see threaded_execution.hpp).
struct DecodedBlock {
    std::uint64_t start_pc = 0;
    std::uint64_t end_pc = 0; // fall-through address after the last instruction
    std::uint64_t count = 0;
    // What a polling loop may consist of (see PollingDetector). All ones when the block may be
    // part of one: only loads, arithmetic, branches, reads of other PEs, stores and atomics into
    // RAM, which a waiting loop may repeat without changing anything (a call saving registers),
    // and instructions flagged kReportsProgress; 0 otherwise. The functional mode's count of
    // such blocks in a row is masked with it.
    std::uint64_t polling_mask = 0;
    // Only loads, arithmetic, branches and reads of other PEs: a loop of such blocks with
    // unchanged registers can only wait for memory another PE writes.
    bool side_effect_free = false;
    // Changes nothing but the hart's registers, its clock and its RAM: no CSR, system, fence,
    // atomic, remote or message instruction (nor an illegal one). The cycle mode may run such
    // blocks speculatively and undo them (Hart::begin_speculation).
    bool speculable = false;
    // `count` instructions, then the sentinel that returns to the dispatch loop.
    std::vector<DecodedInstruction> instructions;
    std::vector<std::uint32_t> encodings;
    std::vector<const InstructionDescriptor*> descriptors; // nullptr for an illegal encoding
    // Chaining: the last two distinct successors, so a loop branch finds its target without
    // a cache lookup. A pc of 1 (odd, impossible) marks an empty slot.
    std::array<std::uint64_t, 2> successor_pc{1, 1};
    std::array<DecodedBlock*, 2> successor{nullptr, nullptr};
    unsigned next_successor_slot = 0;
    BlockTiming timing; // empty in the functional timing mode
    // The JIT's translation (see execution_engine.hpp), or nullptr; and how often the block
    // ran before it had one.
    const void* host_code = nullptr;
    // The copies of the instructions the translation's helpers run, each followed by a
    // sentinel (two entries per instruction).
    const DecodedInstruction* host_helpers = nullptr;
    // The cycle mode: where a block coming from another block's code enters this one (checks
    // the time bound, then starts the block's time).
    const void* host_chained_entry = nullptr;
    std::uint32_t runs = 0;
};

// The sentinel that ends a block's threaded code: returns to the dispatch loop.
void end_of_block(Hart& hart, const DecodedInstruction& op);

class BlockCache {
public:
    BlockCache(const DecodeTable& table, GuestRam& ram, unsigned max_block_length);

    // The cycle timing mode's costs, given before the first block is decoded: from then on every
    // block is timed by `model`, which may also end blocks early (BlockCostModel::ends_block).
    void set_cost_model(const BlockCostModel& model) {
        flush();
        cost_model_ = &model;
    }

    // The block starting at pc, decoding it on first use.
    DecodedBlock* lookup(Hart& hart, std::uint64_t pc) {
        Slot& slot = direct_slots_[(pc >> 1) & (kDirectSlots - 1)];
        if (slot.pc == pc && slot.block != nullptr) [[likely]] {
            return slot.block;
        }
        return lookup_slow(hart, pc);
    }
    void flush();
    std::uint64_t decoded_blocks() const { return blocks_.size(); }
    std::uint64_t flushes() const { return flushes_; }

private:
    static constexpr std::size_t kDirectSlots = 1U << 14;
    // An empty slot is all zeros (no block), so that the table costs host memory only for
    // the slots that were ever filled: an idle PE of many should not pay 256 KiB for it.
    struct Slot {
        std::uint64_t pc;
        DecodedBlock* block;
    };

    DecodedBlock* lookup_slow(Hart& hart, std::uint64_t pc);
    std::unique_ptr<DecodedBlock> translate(Hart& hart, std::uint64_t pc);
    void mark_code(std::uint64_t address, unsigned length);

    const DecodeTable& table_;
    GuestRam& ram_;
    unsigned max_block_length_;
    const BlockCostModel* cost_model_ = nullptr; // none in the functional timing mode
    ZeroedMemory direct_{kDirectSlots * sizeof(Slot)};
    Slot* direct_slots_ = reinterpret_cast<Slot*>(direct_.data());
    std::unordered_map<std::uint64_t, std::unique_ptr<DecodedBlock>> blocks_;
    std::vector<std::uint64_t> code_pages_;
    std::uint64_t flushes_ = 0;
};

} // namespace xbemu
