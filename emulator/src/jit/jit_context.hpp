#pragma once
// What translated code and the JIT's dispatch loop share: the state that lives in host
// registers while translated code runs, and how the code left (which block, which instruction,
// why). Translated code addresses it from a pinned host register, so it is standard layout.

#include "xbemu/trap.hpp"

#include <array>
#include <cstdint>
#include <exception>

namespace xbemu {

struct DecodedBlock;

// Why translated code returned to the dispatch loop.
enum class JitExit : std::uint32_t {
    // The block's entry found that it may not run now (an event is due before it ends).
    BeforeBlock = 0,
    // The block completed; the next pc is in HartHotState::next_pc.
    Completed = 1,
    // An instruction run by a helper raised an exception (JitContext::trap).
    Trapped = 2,
    // An instruction run by a helper retired and asked to end the block.
    EndedEarly = 3,
    // A helper threw something else (JitContext::exception), which the loop throws again.
    Foreign = 4,
    // An instruction run by a helper stopped for an attached debugger before it took effect
    // (a breakpoint, a watchpoint).
    DebuggerStop = 5,
    // The cycle mode: the block completed and translated code did what the loop does after a
    // block (its cycles and stalls, the wait detection's count); the next block (at
    // HartHotState::next_pc) had no code to chain to.
    AfterBlock = 6,
    // The cycle mode: as AfterBlock, and the polling detection after the block, which
    // translated code called, found the hart polling.
    Polling = 7,
};

struct JitContext {
    // Translated blocks by pc, for jumps whose target only shows at run time (jalr, helpers
    // that jump): translated code looks there before it leaves to the loop. A pc of 1 (odd,
    // impossible) marks an empty entry.
    struct Target {
        std::uint64_t pc = 1;
        const void* code = nullptr;
    };
    static constexpr std::size_t kTargets = 1024;
    static std::size_t target_slot(std::uint64_t pc) { return (pc >> 1) & (kTargets - 1); }
    std::array<Target, kTargets> targets{};

    // The functional mode's count of polling blocks in a row (Hart::run_fast keeps it in a
    // register too).
    std::uint64_t polling_blocks = 0;
    // HartHotState::watch_base + watch_span, kept by the loop whenever they may change.
    std::uint64_t watch_limit = 0;
    // The cycle mode: no block may start at or after this cycle; and whether translated code
    // went from block to block (a later block's entry then found the event, not the first's).
    std::uint64_t bound = 0;
    std::uint32_t chained = 0;
    JitExit exit = JitExit::BeforeBlock;
    std::uint32_t exit_index = 0; // the instruction of a Trapped, EndedEarly or DebuggerStop exit
    DecodedBlock* exit_block = nullptr;
    // A Completed exit through a jump that may go straight to the next block's code once it
    // has some (chaining), or nullptr.
    std::uint8_t* exit_site = nullptr;
    Trap trap{};
    std::exception_ptr exception;
};

} // namespace xbemu
