#pragma once
// Decoded blocks keyed by start pc: each instruction is decoded once, then executed from its
// DecodedInstruction until the block cache is flushed (fence.i, a store into decoded code, or
// a change that alters decoding such as mstatus.FS turning the FPU on or off). In the cycle
// timing mode a block also carries its static timing, which the timing layer's cost model
// computes when the block is decoded.

#include "xbemu/block_timing.hpp"
#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/decoder/decoded_instruction.hpp"
#include "xbemu/shared_code.hpp"
#include "xbemu/zeroed_memory.hpp"

#include <array>
#include <atomic>
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
    // a cache lookup (a link is right when the block it points to starts at the pc). Shared
    // blocks are linked by the threads of every PE that runs them: read and written with
    // atomic_ref, each link one word.
    std::array<DecodedBlock*, 2> successor{nullptr, nullptr};
    unsigned next_successor_slot = 0;
    BlockTiming timing; // empty in the functional timing mode
    // Who decoded it (a BlockCache, or the SharedBlocks of PEs that share code): blocks link
    // only to blocks of the same owner.
    const void* owner = nullptr;
    // Its number among its owner's blocks, from 0: an execution engine keeps what it knows of
    // a block (the JIT's translation) by this number, as a block may be shared by PEs.
    std::uint32_t number = 0;
};

// The sentinel that ends a block's threaded code: returns to the dispatch loop.
void end_of_block(Hart& hart, const DecodedInstruction& op);

class BlockCache {
public:
    // `shared`: the code the PEs of this one's process share, or nullptr to decode alone.
    BlockCache(const DecodeTable& table, GuestRam& ram, unsigned max_block_length,
               SharedCode* shared = nullptr);

    // The cycle timing mode's costs, given before the first block is decoded: from then on every
    // block is timed by `model`, which may also end blocks early (BlockCostModel::ends_block).
    void set_cost_model(const BlockCostModel& model) {
        cost_model_ = &model;
        flush();
    }

    // The block starting at pc, decoding it on first use.
    DecodedBlock* lookup(Hart& hart, std::uint64_t pc) {
        DecodedBlock* block = std::atomic_ref<DecodedBlock*>(direct_slots_[slot_of(pc)])
                                  .load(std::memory_order_acquire);
        if (block != nullptr && block->start_pc == pc) [[likely]] {
            return block;
        }
        return lookup_slow(hart, pc);
    }
    // Forgets every block; the next lookup decides again whether the hart shares its blocks.
    void flush();
    std::uint64_t decoded_blocks() const { return blocks_.size(); }
    std::uint64_t flushes() const { return flushes_; }
    // Whether the blocks the hart runs now are the ones its process shares.
    bool sharing() const { return shared_blocks_ != nullptr; }

private:
    static constexpr std::size_t kDirectSlots = SharedBlocks::kDirectSlots;
    static std::size_t slot_of(std::uint64_t pc) { return (pc >> 1) & (kDirectSlots - 1); }

    DecodedBlock* lookup_slow(Hart& hart, std::uint64_t pc);
    // The shared block at pc, decoding it if no PE has; nullptr when it lies outside the
    // program's executable segments (the hart then decodes alone).
    DecodedBlock* lookup_shared(Hart& hart, std::uint64_t pc);
    // After a flush: shares the process's blocks if the hart runs the program as loaded, with
    // nothing that changes how its code decodes but the FPU; else decodes alone from now on.
    void choose_blocks(Hart& hart);
    void stop_sharing();
    // Decodes from `program`'s bytes when it is given (nullptr if the block would reach
    // beyond them), else from RAM.
    std::unique_ptr<DecodedBlock> translate(Hart& hart, std::uint64_t pc,
                                            const SharedCode* program);
    void mark_code(std::uint64_t address, unsigned length);
    void mark_page(std::uint64_t page);

    const DecodeTable& table_;
    GuestRam& ram_;
    unsigned max_block_length_;
    const BlockCostModel* cost_model_ = nullptr; // none in the functional timing mode
    // An empty slot is all zeros (no block), so that the table costs host memory only for
    // the slots that were ever filled: an idle PE of many should not pay 128 KiB for it.
    ZeroedMemory direct_{kDirectSlots * sizeof(DecodedBlock*)};
    DecodedBlock** own_slots_ = reinterpret_cast<DecodedBlock**>(direct_.data());
    // own_slots_, or the shared blocks' slots while the hart shares them.
    DecodedBlock** direct_slots_ = own_slots_;
    std::unordered_map<std::uint64_t, std::unique_ptr<DecodedBlock>> blocks_;
    std::vector<std::uint64_t> code_pages_;
    std::uint64_t flushes_ = 0;
    SharedCode* shared_code_; // nullptr once the hart decodes alone for good
    SharedBlocks* shared_blocks_ = nullptr;
    bool choose_ = true; // the next lookup_slow calls choose_blocks
};

} // namespace xbemu
