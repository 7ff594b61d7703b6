#pragma once
// The JIT execution engine of one hart: translates a block once it has run a few times, runs
// translated code, which chains from block to block by itself, and does at its exits what the
// interpreter's fast loop does at the same block boundaries (event checks, traps, blocks that
// ended early, the wait detection). Blocks not yet translated run on the interpreter.

#include "jit/block_translator.hpp"
#include "jit/code_cache.hpp"
#include "jit/jit_context.hpp"
#include "xbemu/block_cache.hpp"
#include "xbemu/execution_engine.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace xbemu {

class JitEngine final : public ExecutionEngine {
public:
    explicit JitEngine(Hart& hart);

    void run_blocks(DecodedBlock* block) override;
    TimedRun run_timed_blocks(DecodedBlock* block, std::uint64_t& polling_blocks,
                              std::uint64_t bound) override;
    void flush() override;
    TranslationStatistics statistics() const override;

private:
    // The cycle mode: runs whose bound is nearer than this many cycles interpret (unless every
    // block is translated at its first run).
    static constexpr std::uint64_t kShortRunCycles = 64;
    // What this hart's engine knows of a block, which other PEs may run too (shared blocks):
    // its translation in this hart's cache, and how often it ran before it had one.
    struct BlockCode {
        const DecodedBlock* block = nullptr;
        const void* code = nullptr;
        // The copies of the instructions the translation's helpers run, each followed by a
        // sentinel (two entries per instruction).
        const DecodedInstruction* helpers = nullptr;
        std::uint32_t runs = 0;
    };
    // 32 bytes: the table's lookup, once per block the loop sees, indexes it with a shift.
    static_assert(sizeof(BlockCode) == 32);
    // The cycle mode: where a block coming from another block's code enters the block of the
    // same number (checks the time bound, then starts the block's time): through the table of
    // translated blocks, and from a static end's jump (BlockTranslator::Translation).
    struct TimedEntries {
        const void* chained_entry = nullptr;
        std::array<const void*, 2> linked_entries{};
    };
    // By the block's number (DecodedBlock::number).
    BlockCode& code_of(const DecodedBlock& block) {
        if (block.number < code_.size()) [[likely]] {
            BlockCode& code = code_[block.number];
            if (code.block == &block) [[likely]] {
                return code;
            }
        }
        return code_of_new(block);
    }
    // A block not seen since the last flush, or of another owner with the same number (the
    // hart stopped sharing blocks).
    BlockCode& code_of_new(const DecodedBlock& block);
    // The block's code (`code`, code_of(block)) if it has become hot; nullptr when it runs on
    // the interpreter.
    const BlockCode* ensure_translated(DecodedBlock& block, BlockCode& code);

    Hart& hart_;
    // Next to hart_, in the line every call reads anyway: a PE's engine is cold memory at each of
    // its short runs when hundreds of PEs take turns.
    std::uint32_t threshold_;
    std::uint64_t short_run_cycles_;
    CodeCache cache_;
    BlockTranslator translator_;
    JitContext context_;
    std::vector<BlockCode> code_;
    std::vector<TimedEntries> timed_entries_; // the cycle mode's, by the same number
    // The hart shows a memory observer its fetches: blocks without code go back to the hart.
    bool shows_fetches_;
    // The cycle mode, as the translator's (the engine is made again when the mode changes).
    bool timed_;
    std::uint64_t translations_ = 0;
    std::uint64_t flushes_ = 0;
    std::uint64_t full_flushes_ = 0;
    // The cycle mode: the jump of the last AfterBlock exit, which goes straight to the code of
    // the block at `pending_target_` once that has some.
    std::uint8_t* pending_site_ = nullptr;
    std::uint64_t pending_target_ = 0;
    // What the block of that exit loaded last (DecodedBlock's BlockTiming::last_load_destination).
    std::uint64_t pending_load_mask_ = 0;
};

} // namespace xbemu
