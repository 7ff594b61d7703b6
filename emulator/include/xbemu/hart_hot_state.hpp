#pragma once
// The state of a hart that its execution engines touch on the hot path: the registers, the RAM
// fast path, the instruction count and the next event, the functional mode's polling counters,
// the floating-point flags and rounding mode, the cycle mode's clock (a sub-struct of its own),
// and the polling detector. Published, and standard layout, so that an engine may address it by
// `offsetof`: the JIT's translated code reaches every field through the hart's address plus the
// struct's offset in the hart (Hart::hot_state()) plus the field's offset in the struct, and
// needs no access to the rest of the hart.
//
// Hart owns one as its first base (private; the registers x, f and next_pc are public
// through the hart), so its own code uses these fields directly, at the front of the object,
// without an indirection. Only the hart's own thread writes them, but next_event, which other
// threads set to 0 (Hart::request_event_check); what ram_host and page_flags point to is the
// PE's RAM and GuestRam's page flags, which other threads may write too. An engine reads and writes
// them only while it runs the hart's blocks (ExecutionEngine::run_blocks, run_timed_blocks),
// leaving them as the interpreter would.

#include "xbemu/netsim/cycle.hpp"
#include "xbemu/polling_detector.hpp"
#include "xbemu/stall_cause.hpp"

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace xbemu {

struct DecodedBlock;
struct DecodedInstruction;

struct HartHotState {
    // ---- registers ------------------------------------------------------------------------
    std::array<std::uint64_t, 33> x{}; // x[32] is the sink for writes to x0
    std::array<std::uint64_t, 32> f{};
    // The extended register file (32 words: xBGAS's e0-e31), which the extension that has it
    // owns (ExtensionHartState::extended_registers), for the hart's generic code (translated
    // code addresses it from the hart); nullptr when no enabled extension has one.
    std::uint64_t* e = nullptr;
    // Where the current block continues; control-flow instructions overwrite it.
    std::uint64_t next_pc = 0;

    // ---- the RAM fast path ----------------------------------------------------------------
    std::byte* ram_host = nullptr;
    // RAM offsets below it take the fast path for accesses of up to 8 bytes: RAM size less 7,
    // or 0 while PMP or a debug trigger restricts data accesses in the current mode
    // (hart_protection.cpp).
    std::uint64_t fast_path_limit = 0;
    // What fast_path_limit would be without caches and DRAM or a memory observer: with them,
    // the JIT's loads and stores below it run the first-level cache's hit path inline (the
    // observer's data cache's, Spike's --dc).
    std::uint64_t cached_path_limit = 0;
    // GuestRam's flags of each page: a store to a page with any flag set leaves the fast path.
    std::uint8_t* page_flags = nullptr;

    // ---- the dispatch loops' counts ---------------------------------------------------------
    std::uint64_t instret = 0;
    // The instret at which the dispatch loop must leave fast mode: 0 forces it out at the next
    // block boundary (set from any thread).
    std::atomic<std::uint64_t> next_event{0};
    // Functional mode: blocks in a row that a polling loop may consist of (polling_mask), and
    // when to look at the state next: once polling_blocks - watch_base reaches watch_span,
    // which a fall back to 0 also does while watch_base is not 0 (the subtraction wraps).
    static constexpr std::uint64_t kWatchInterval = 256;
    std::uint64_t polling_blocks = 0;
    std::uint64_t watch_base = 0;
    std::uint64_t watch_span = kWatchInterval;

    // ---- CSRs instructions read or write on their fast paths ------------------------------
    static constexpr std::uint64_t kMstatusFsMask = 3ULL << 13;
    // The FS bits a write to a floating-point register sets.
    static constexpr std::uint64_t kMstatusFsDirty = 3ULL << 13;
    static constexpr std::uint64_t kMstatusUxl = 2ULL << 32;
    std::uint64_t mstatus = kMstatusUxl;
    std::uint32_t frm = 0;
    std::uint8_t fflags = 0;
    // Jump targets must have these bits clear: 1, or 3 without the C extension.
    std::uint64_t jump_alignment_mask = 1;

    // ---- the cycle timing mode's clock ----------------------------------------------------
    // Unused in the functional mode. The dispatch loops advance it block by block, from the
    // costs the timing layer's BlockCostModel put into each block.
    struct CycleClock {
        // When the next instruction starts.
        netsim::Cycle cycle = 0;
        // What the running block needs to place its instructions in time (Hart::cycle_at):
        // when it started, its load-use stall on entry, the block.
        netsim::Cycle block_start_cycle = 0;
        std::uint64_t block_load_use = 0;
        const DecodedBlock* running_block = nullptr;
        // Where cycle_at finds an instruction of running_block by its address: the block's own
        // instructions, or an engine's copies of them, `stride` entries apart (an engine that
        // runs copies sets both after Hart::start_timed_block).
        const DecodedInstruction* timed_instructions = nullptr;
        std::size_t timed_instruction_stride = 1;
        std::uint64_t pending_load_mask = 0; // what the last retired instruction loaded, if a load
        // What the running block's fetches, loads and stores have stalled so far in caches and
        // DRAM (only with them attached): the instructions after each start that much later.
        std::uint64_t memory_stall = 0;
        // With caches: the running block's first instruction not yet fetched, and the line the
        // hart fetched last (1: none; lines are aligned to at least 8 bytes), which only its
        // own fetches touch, so it stays its set's most recently used until the next fetch from
        // another line.
        std::uint64_t fetch_cursor = 0;
        std::uint64_t fetched_line = 1;
        StallCycles stalls{};
        // A remote instruction (the last of its block) waits for the network (Hart::suspend).
        bool suspended = false;
        bool speculating = false; // Hart::begin_speculation
        // Ordinary code stores or calls out every few blocks; only a longer run of blocks
        // without side effects is worth the polling detector's snapshots.
        static constexpr unsigned kStreakBeforeLooking = 16;
        std::uint32_t poll_streak = 0; // side-effect-free blocks in a row
        // poll_streak, device_observed and the zero bytes after it make one 64-bit word, which
        // translated code compares with kStreakBeforeLooking to tell a block in the streak from
        // one after a device read (at or above 2^32) with one compare.
        bool device_observed = false; // a device read: the time is visible, so no polling loop
        std::array<std::uint8_t, 3> zero_after_device_observed{};
    } clock;

    // ---- polling detection, in both modes ---------------------------------------------------
    // The cycle mode observes after every block without side effects (translated code does
    // observe's common case, PollingDetector::moved_on, itself); the functional mode at its
    // watch points. Hart's constructor sets the longest period it looks for.
    PollingDetector polling_detector{0};
};

static_assert(std::is_standard_layout_v<HartHotState>,
              "translated code addresses the hot state by offsetof");
static_assert(offsetof(HartHotState::CycleClock, device_observed) ==
                      offsetof(HartHotState::CycleClock, poll_streak) + 4 &&
                  offsetof(HartHotState::CycleClock, zero_after_device_observed) ==
                      offsetof(HartHotState::CycleClock, poll_streak) + 5 &&
                  sizeof(bool) == 1,
              "the polling streak's word (CycleClock::poll_streak)");

} // namespace xbemu
