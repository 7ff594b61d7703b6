#pragma once
// Decoded blocks keyed by start pc: each instruction is decoded once, then executed from its
// DecodedInstruction until the block cache is flushed (fence.i, a store into decoded code, or
// a change that alters decoding such as mstatus.FS turning the FPU on or off).

#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/decoder/decoded_instruction.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace xbemu {

class Hart;
class GuestRam;

// Straight-line code ending at the first control-flow (kEndsBlock) instruction, run as
// threaded code (see threaded_execution.hpp).
struct DecodedBlock {
    std::uint64_t start_pc = 0;
    std::uint64_t end_pc = 0; // fall-through address after the last instruction
    std::uint64_t count = 0;
    // `count` instructions, then the sentinel that returns to the dispatch loop.
    std::vector<DecodedInstruction> instructions;
    std::vector<std::uint32_t> encodings;
    std::vector<const InstructionDescriptor*> descriptors; // nullptr for an illegal encoding
    // Chaining: the last two distinct successors, so a loop branch finds its target without
    // a cache lookup. A pc of 1 (odd, impossible) marks an empty slot.
    std::array<std::uint64_t, 2> successor_pc{1, 1};
    std::array<DecodedBlock*, 2> successor{nullptr, nullptr};
    unsigned next_successor_slot = 0;
};

class BlockCache {
public:
    BlockCache(const DecodeTable& table, GuestRam& ram, unsigned max_block_length);

    // The block starting at pc, decoding it on first use.
    DecodedBlock* lookup(Hart& hart, std::uint64_t pc) {
        Slot& slot = direct_[(pc >> 1) & (kDirectSlots - 1)];
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
    struct Slot {
        std::uint64_t pc = 1;
        DecodedBlock* block = nullptr;
    };

    DecodedBlock* lookup_slow(Hart& hart, std::uint64_t pc);
    std::unique_ptr<DecodedBlock> translate(Hart& hart, std::uint64_t pc);
    void mark_code(std::uint64_t address, unsigned length);

    const DecodeTable& table_;
    GuestRam& ram_;
    unsigned max_block_length_;
    std::array<Slot, kDirectSlots> direct_{};
    std::unordered_map<std::uint64_t, std::unique_ptr<DecodedBlock>> blocks_;
    std::vector<std::uint64_t> code_pages_;
    std::uint64_t flushes_ = 0;
};

} // namespace xbemu
