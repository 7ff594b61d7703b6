#pragma once
// Translates decoded blocks into x86-64 code in a hart's translation cache. Guest registers live
// in the hart's register file, part of its published hot state (HartHotState), which translated
// code addresses by offsetof from a pinned host register holding the hart's address; within a
// block the most used ones stay in host registers, written back before every helper call and
// at every exit, so that helpers, traps and the interpreter see the register file as it is at
// the instruction. Native code covers RV64IM arithmetic (divisions by 0 or -1 take the helper),
// branches, jumps, the RAM fast path of loads and stores, integer and floating-point (the
// interpreter's checks, with the helper as slow path), and floating-point arithmetic in the
// states where the host's result and flags are RISC-V's; every other instruction calls its
// execute function through a helper that turns exceptions into exits. In the cycle timing mode a
// block does at its end what the cycle loop does after a block, and enters the next block
// through that block's check of the time bound.

#include "jit/code_cache.hpp"
#include "jit/jit_context.hpp"
#include "jit/native_operations.hpp"
#include "xbemu/memory_timing.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace xbemu {

class Hart;
class MemoryAccessObserver;
struct DecodedBlock;

// Enters translated code at `code` with the hart and the context in their pinned registers,
// and returns when the code exits (JitContext says why).
using JitEntry = void (*)(Hart* hart, JitContext* context, const void* code);

class BlockTranslator {
public:
    // Puts the entry and exit code at the start of `cache`, kept across resets.
    BlockTranslator(Hart& hart, CodeCache& cache);

    JitEntry entry() const { return entry_; }
    struct Translation {
        const void* code = nullptr; // nullptr: the block stays with the interpreter
        const DecodedInstruction* helpers = nullptr; // DecodedBlock::host_helpers
        const void* chained_entry = nullptr;         // DecodedBlock::host_chained_entry
        // The cycle mode: the entries for a static end's jump, with the clock in rax, by whether
        // the block it comes from leaves this block's first instruction a load-use stall.
        std::array<const void*, 2> linked_entries{};
        bool cache_full = false;
    };
    Translation translate(DecodedBlock& block);
    // Makes the chained jump at `site` (a JitContext::exit_site) go to `code`.
    static void chain(std::uint8_t* site, const void* code);

private:
    // Where the hot state's fields are (HartHotState: offsetof plus the struct's offset in the
    // hart), from the hart's address.
    struct HartLayout {
        std::int32_t x = 0;
        std::int32_t e = 0;
        std::int32_t f = 0;
        std::int32_t mstatus = 0;
        std::int32_t frm = 0;
        std::int32_t fflags = 0;
        std::int32_t next_pc = 0;
        std::int32_t instret = 0;
        std::int32_t next_event = 0;
        std::int32_t fast_path_limit = 0;
        std::int32_t cached_path_limit = 0;
        std::int32_t page_flags = 0;
        std::int32_t ram_host = 0;
        std::int32_t watch_base = 0;
        // The cycle mode's clock and block accounting.
        std::int32_t cycle = 0;
        std::int32_t block_start_cycle = 0;
        std::int32_t block_load_use = 0;
        std::int32_t running_block = 0;
        std::int32_t timed_instructions = 0;
        std::int32_t timed_instruction_stride = 0;
        std::int32_t stalls = 0;
        std::int32_t memory_stall = 0;
        std::int32_t fetch_cursor = 0;
        std::int32_t fetched_line = 0;
        std::int32_t pending_load_mask = 0;
        std::int32_t suspended = 0;
        std::int32_t device_observed = 0;
        std::int32_t poll_streak = 0;
        std::int32_t speculating = 0;
        std::int32_t polling_left = 0; // the polling detector's
        std::int32_t polling_reference_pc = 0;
        std::int32_t polling_countdown = 0;
    };
    friend class BlockEmitter;
    // Whether instruction `index` of `block` gets native code (else its helper runs it).
    bool native(const DecodedBlock& block, std::size_t index) const;
    Hart& hart_;
    CodeCache& cache_;
    NativeOperations operations_;
    HartLayout layout_;
    std::uint64_t jump_alignment_mask_;
    // The cycle timing mode: a block accounts its own time, does the polling detection's
    // common cases and goes on to the next block's code when the loop would; it has no loop
    // within itself.
    bool timed_;
    std::uint64_t load_use_cycles_ = 0; // the cycle mode's load-use stall
    // The cycle mode with caches and DRAM (memory_timed_): a block charges its fetches and its
    // loads' and stores' accesses as the interpreter's execute_block does, running the
    // first-level caches' hits inline where their hit paths allow (see docs/timing.md).
    bool memory_timed_ = false;
    // The functional mode with a memory observer that watches loads and stores (Spike's --dc):
    // a block shows it each one that is not a hit in data_path_, the observer's, inline.
    MemoryAccessObserver* data_observer_ = nullptr;
    std::optional<CacheHitPath> data_path_; // L1D's or the observer's, usable inline
    // A memory observer that watches fetches and has an instruction hit path (Spike's --ic): a
    // block counts each fetch from its set's most recently used line through the path and
    // shows the observer the others, in order with its loads and stores.
    MemoryAccessObserver* fetch_observer_ = nullptr;
    std::optional<CacheHitPath> shown_fetch_path_;
    std::optional<CacheHitPath> fetch_path_; // L1I's
    std::uint64_t fetch_line_bytes_ = 0;
    std::uint64_t fetch_bytes_ = 0;
    unsigned streak_before_looking_ = 0; // HartHotState::CycleClock::kStreakBeforeLooking
    std::uint64_t fpu_dirty_ = 0; // the mstatus bits a write to a floating-point register sets
    JitEntry entry_ = nullptr;
    const void* exit_ = nullptr;              // stores instret, then returns
    const void* exit_after_helper_ = nullptr; // returns: the helper left instret right
};

} // namespace xbemu
