#pragma once
// A debugger attached to the PEs of this process (the gdb stub in debugger/), as the emulator
// sees it. The job runners hand it their PEs before they run and, in the cycle timing mode, let
// it pause the job at the end of a window; harts ask it about breakpoints and watchpoints while
// they translate and execute, and stop for it at block boundaries (see Hart's debugger section).
// It is called from the PEs' host threads; it changes the harts only while they are stopped.

#include "xbemu/memory_access.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace xbemu {

class Hart;
class ProcessingElement;

enum class DebugStopCause : std::uint8_t {
    Paused,             // the debugger asked (all-stop, interrupt, the first instruction)
    Stepped,            // one instruction done
    Breakpoint,         // before an instruction at a software breakpoint
    HardwareBreakpoint, // before an instruction a debugger execute trigger matches
    Watchpoint,         // before an access a debugger watchpoint covers
};

struct DebugStop {
    DebugStopCause cause = DebugStopCause::Paused;
    // Watchpoints: the kind of watchpoint and the data address it reports.
    MemoryAccess watch = MemoryAccess::Write;
    std::uint64_t address = 0;
};

// A watchpoint that covers an access: what gdb set it for (Read, Write, or Read | Write as the
// numeric OR) and the address to report.
struct WatchpointHit {
    std::uint8_t kind = 0;
    std::uint64_t address = 0;
};

class AttachedDebugger {
public:
    AttachedDebugger() = default;
    AttachedDebugger(const AttachedDebugger&) = delete;
    AttachedDebugger& operator=(const AttachedDebugger&) = delete;
    virtual ~AttachedDebugger() = default;

    // ---- the job runners ----------------------------------------------------------------
    // The PEs of this process, loaded and not yet running.
    virtual void attach(std::span<ProcessingElement* const> pes) = 0;
    // The job is over (`failure`: why xbemu stopped it) and its PEs are about to go; the
    // debugger lets go of them.
    virtual void job_finished(int status, const std::optional<std::string>& failure) = 0;
    // The cycle mode, at the end of each window, with every PE of this process idle: pauses
    // while the debugger wants the job stopped. True when PEs were resumed that stopped inside
    // the window, which must then finish it before the window ends.
    virtual bool pause_at_window_end() = 0;

    // ---- harts ----------------------------------------------------------------------------
    virtual bool breakpoint_at(std::uint64_t address) const = 0;
    // Which watchpoint, if any, an access of `size` bytes at `address` hits (the debugger's
    // triggers match aligned ranges that may be wider than the watchpoint).
    virtual std::optional<WatchpointHit> watchpoint_at(MemoryAccess access, std::uint64_t address,
                                                       std::uint64_t size) const = 0;
    // From a running hart: PE `pe`'s RAM was written by another PE (a remote store or atomic
    // in the functional mode, a message in the cycle mode), which stops the job if a write
    // watchpoint covers the bytes and that PE is one of this process's.
    virtual void written_by_other(unsigned pe, std::uint64_t address, std::uint64_t size) = 0;
    // The functional mode: `hart` stopped (Hart::debug_stop tells why); blocks until the
    // debugger resumes it.
    virtual void wait_while_stopped(Hart& hart) = 0;
    // The functional mode: `hart` left its dispatch loop for good.
    virtual void hart_finished(Hart& hart) = 0;
};

} // namespace xbemu
