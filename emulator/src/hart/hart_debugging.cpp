// The hart's side of an attached debugger. Nothing here runs on the paths that execute guest
// instructions: breakpoints are instructions of their own that block translation puts in place
// (stop_at_breakpoint), watchpoints and hardware breakpoints are debug triggers, whose checks
// the fast paths already leave to the slow ones, and a step makes the dispatch loop execute
// single instructions from the step cache. Every stop happens between instructions, at the top
// of a dispatch loop, after debug_attention_ sent it there.

#include "hart/csr_numbers.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/processing_element.hpp"

namespace xbemu {

namespace {

constexpr std::uint64_t kCountInhibitCycle = 1ULL << 0;
constexpr std::uint64_t kCountInhibitInstret = 1ULL << 2;

} // namespace

void Hart::request_debug_pause() {
    debug_pause_requested_.store(true, std::memory_order_seq_cst);
    debug_attention_.store(true, std::memory_order_seq_cst);
    request_event_check();
}

bool Hart::debug_stop_due() {
    if (debug_stopped_) {
        return true;
    }
    if (debug_stepping_) {
        if (!debug_step_started_) {
            debug_step_started_ = true;
            debug_step_pc_ = pc_;
            debug_step_instret_ = instret;
            return false;
        }
        // Nothing retired and nothing trapped yet (an interrupt taken, a wfi's sleep): go on;
        // unless a breakpoint or watchpoint stopped the instruction.
        if (!debug_event_ && pc_ == debug_step_pc_ && instret == debug_step_instret_) {
            return false;
        }
        debug_stepping_ = false;
        debug_stopped_ = debug_event_.value_or(DebugStop{DebugStopCause::Stepped});
        debug_event_.reset();
        debug_pause_requested_.store(false, std::memory_order_seq_cst);
        return true;
    }
    if (debug_event_) {
        debug_stopped_ = debug_event_;
        debug_event_.reset();
        debug_pause_requested_.store(false, std::memory_order_seq_cst);
        return true;
    }
    // Cleared before the request is read: a request made meanwhile sets it again.
    debug_attention_.store(false, std::memory_order_seq_cst);
    if (debug_pause_requested_.exchange(false, std::memory_order_seq_cst)) {
        debug_attention_.store(true, std::memory_order_seq_cst);
        debug_stopped_ = DebugStop{DebugStopCause::Paused};
        return true;
    }
    return false;
}

std::optional<DebugStop> Hart::debug_stop() const {
    return debug_stopped_ ? debug_stopped_ : debug_event_;
}

void Hart::resume_from_debugger(bool step) {
    debug_stopped_.reset();
    debug_held_ = false;
    debug_event_.reset();
    debug_stepping_ = step;
    debug_step_started_ = false;
    // A pause asked for while the hart was stopped is satisfied.
    debug_pause_requested_.store(false, std::memory_order_seq_cst);
    debug_attention_.store(step, std::memory_order_seq_cst);
    request_event_check();
}

void Hart::hold_for_debugger() {
    if (!debug_stopped_) {
        debug_stopped_ = DebugStop{DebugStopCause::Paused};
    }
    debug_held_ = true;
    debug_attention_.store(true, std::memory_order_seq_cst);
    request_event_check();
}

void Hart::stop_at_breakpoint(const DecodedInstruction& op) {
    debug_event_ = DebugStop{DebugStopCause::Breakpoint};
    debug_attention_.store(true, std::memory_order_seq_cst);
    throw DebuggerStop{&op};
}

void Hart::debugger_data_trigger(MemoryAccess access, std::uint64_t address, std::uint64_t size,
                                 const DecodedInstruction& op) {
    if (debugger_ == nullptr) {
        return;
    }
    // The trigger matches an aligned range that may be wider than the watchpoint.
    const auto hit = debugger_->watchpoint_at(access, address, size);
    if (!hit) {
        return;
    }
    // Before the access, as gdb expects of RISC-V (its watchpoints are "non-steppable": it
    // steps over the instruction itself, without watchpoints, and then compares values).
    debug_event_ =
        DebugStop{DebugStopCause::Watchpoint, static_cast<MemoryAccess>(hit->kind), hit->address};
    debug_attention_.store(true, std::memory_order_seq_cst);
    throw DebuggerStop{&op};
}

std::optional<unsigned> Hart::set_debugger_trigger(MemoryAccess access, std::uint64_t address,
                                                   std::uint64_t size) {
    const auto index = triggers_.set_host_match(access, address, size);
    if (index) {
        update_memory_protection();
    }
    return index;
}

void Hart::clear_debugger_trigger(unsigned index) {
    triggers_.clear_host_match(index);
    update_memory_protection();
}

std::optional<std::uint64_t> Hart::debugger_read_csr(std::uint32_t number) {
    // Between instructions the counters hold what the next instruction would read; csr_read
    // gives what a CSR instruction reads, which counts itself.
    switch (number) {
    case csr::kMcycle:
    case csr::kCycle:
        return (mcountinhibit_ & kCountInhibitCycle) != 0 ? frozen_cycle_
                                                          : cycles() + cycle_offset_;
    case csr::kMinstret:
    case csr::kInstret:
        return (mcountinhibit_ & kCountInhibitInstret) != 0 ? frozen_instret_
                                                            : instret + instret_offset_;
    default:
        break;
    }
    // csr_read raises an illegal instruction through this one for a CSR that does not exist.
    const DecodedInstruction op{};
    try {
        return csr_read(number, op);
    } catch (const Trap&) {
        return std::nullopt;
    }
}

bool Hart::debugger_write_csr(std::uint32_t number, std::uint64_t value) {
    if ((number >> 10) == 3 || !debugger_read_csr(number)) {
        return false; // read-only, or missing
    }
    switch (number) {
    case csr::kMcycle:
        if ((mcountinhibit_ & kCountInhibitCycle) != 0) {
            frozen_cycle_ = value;
        } else {
            cycle_offset_ = value - cycles();
        }
        return true;
    case csr::kMinstret:
        if ((mcountinhibit_ & kCountInhibitInstret) != 0) {
            frozen_instret_ = value;
        } else {
            instret_offset_ = value - instret;
        }
        return true;
    default:
        break;
    }
    const DecodedInstruction op{};
    try {
        csr_write(number, value, op);
        return true;
    } catch (const Trap&) {
        return false;
    }
}

} // namespace xbemu
