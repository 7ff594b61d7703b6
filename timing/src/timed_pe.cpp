#include "xbemu/timing/timed_pe.hpp"

#include <fmt/format.h>

namespace xbemu {

TimedPe::TimedPe(ProcessingElement& pe)
    : pe_(pe), hart_(pe.hart(0)), cost_model_(pe.config().machine.core),
      memory_(pe.config().machine), network_(pe, pe.config().machine, memory_.hierarchy()) {
    hart_.attach_cost_model(cost_model_);
    if (!memory_.hierarchy().flat()) {
        hart_.attach_memory_timing(memory_);
    }
    pe.attach_remote_access_port(network_);
    if (uses_message_passing(pe.decode_table())) {
        pe.attach_message_port(network_.message_port());
    }
    // A PE fast-forwarded to its end (--fast-forward) only serves the others' accesses.
    if (pe.exit_requested()) {
        finish();
    }
}

void TimedPe::finish() {
    activity_ = Activity::Finished;
    pe_.end_run();
}

void TimedPe::run_window(netsim::Cycle end) {
    Hart& hart = hart_;
    // Only a loop that was polling when the debugger changed something has to look again.
    if (activity_ != Activity::Polling) {
        pe_.clear_debugger_wake();
    }
    netsim::Inbox& inbox = network_.inbox();
    for (;;) {
        const netsim::Cycle due = inbox.next_due();
        switch (activity_) {
        case Activity::Finished:
            while (inbox.next_due() < end) {
                network_.take(inbox.pop());
            }
            return;
        case Activity::Waiting:
            if (due >= end) {
                return;
            }
            network_.take(inbox.pop());
            if (!hart.suspended()) {
                activity_ = Activity::Running;
            }
            continue;
        case Activity::Sleeping: {
            const netsim::Cycle deadline = hart.timer_deadline();
            if (due < end && due <= deadline) {
                network_.take(inbox.pop());
                continue;
            }
            if (deadline >= end) {
                return;
            }
            activity_ = Activity::Running;
            continue;
        }
        case Activity::Polling: {
            if (pe_.woken_by_debugger()) {
                // A debugger changed what the loop reads while the job was paused at this
                // window's end: the loop looks again from there.
                pe_.clear_debugger_wake();
                hart.skip_polling_until(std::min(due, end));
                hart.forget_polling();
                activity_ = Activity::Running;
                continue;
            }
            const netsim::Cycle wake = std::min(due, next_activity());
            if (wake >= end) {
                return;
            }
            hart.skip_polling_until(wake);
            activity_ = Activity::Running;
            continue;
        }
        case Activity::Running:
            break;
        }
        if (due < end && due <= hart.cycle()) {
            network_.take(inbox.pop());
            continue;
        }
        if (hart.cycle() >= end) {
            return;
        }
        switch (hart.run_until(std::min(end, due))) {
        case CycleRunOutcome::ReachedBound:
            break;
        case CycleRunOutcome::Suspended:
            activity_ = Activity::Waiting;
            break;
        case CycleRunOutcome::Polling:
            activity_ = Activity::Polling;
            break;
        case CycleRunOutcome::ObservedPolling:
            // Its turns run on to the window's end, where the scheduler sees that it loops
            // (polls_for_ever). A window without an end (one PE) ends here instead; otherwise
            // the windows stay as they were, and so do the commit log's lines, in their order.
            if (end == netsim::kNever) {
                return;
            }
            break;
        case CycleRunOutcome::Sleeping:
            activity_ = Activity::Sleeping;
            break;
        case CycleRunOutcome::Exited:
        case CycleRunOutcome::Stopped:
            finish();
            break;
        case CycleRunOutcome::DebugStop:
            // The debugger pauses the job at the window's end, then runs this PE on from here.
            return;
        case CycleRunOutcome::SpeculationStop:
            // Only speculative runs stop so (speculate).
            return;
        case CycleRunOutcome::InstructionLimit:
            finish();
            throw GuestFatalError(fmt::format(
                "{}: instruction limit reached: {} instructions retired (--max-instructions) "
                "with pc at 0x{:016x}",
                hart.name(), hart.instructions_retired(), hart.pc()));
        }
    }
}

void TimedPe::speculate(netsim::Cycle bound) {
    hart_.begin_speculation();
    speculating_ = true;
    try {
        while (hart_.cycle() < bound) {
            const CycleRunOutcome outcome = hart_.run_until(bound);
            if (outcome == CycleRunOutcome::ReachedBound) {
                continue;
            }
            if (outcome == CycleRunOutcome::Polling) {
                activity_ = Activity::Polling;
                return;
            }
            if (outcome != CycleRunOutcome::SpeculationStop) {
                // An exit, a wait, a limit: the run it ends is the normal windows' to make.
                abandon_speculation();
            }
            return;
        }
    } catch (const SpeculationAbort&) {
        abandon_speculation();
    } catch (const GuestFatalError&) {
        abandon_speculation();
    }
}

void TimedPe::abandon_speculation() {
    ++speculative_runs_.abandoned;
    undo_speculation();
}

void TimedPe::end_speculation(bool keep) {
    if (!speculating_) {
        return;
    }
    if (!keep) {
        ++speculative_runs_.undone;
        undo_speculation();
        return;
    }
    ++speculative_runs_.kept;
    speculating_ = false;
    hart_.end_speculation(true);
}

void TimedPe::undo_speculation() {
    speculating_ = false;
    activity_ = Activity::Running;
    hart_.end_speculation(false);
}

netsim::Cycle TimedPe::next_activity() const {
    const Hart& hart = hart_;
    switch (activity_) {
    case Activity::Running:
        return hart.cycle();
    case Activity::Sleeping:
        return hart.timer_deadline();
    case Activity::Polling:
        return polling_ends();
    case Activity::Waiting:
    case Activity::Finished:
        break;
    }
    return netsim::kNever;
}

netsim::Cycle TimedPe::polling_ends() const {
    const Hart& hart = hart_;
    if (pe_.woken_by_debugger()) {
        return hart.cycle();
    }
    // A loop on the send FIFO ends when its head leaves, which needs no message.
    const netsim::Cycle deadline = hart.timer_deadline();
    return std::min(deadline > hart.cycle() ? deadline : netsim::kNever,
                    pe_.message_port_if_any() != nullptr
                        ? network_.message_port().next_departure_after(hart.cycle())
                        : netsim::kNever);
}

bool TimedPe::polls_for_ever() const {
    return activity_ == Activity::Running && hart_.polling_observed() &&
           network_.inbox().next_due() == netsim::kNever && polling_ends() == netsim::kNever;
}

} // namespace xbemu
