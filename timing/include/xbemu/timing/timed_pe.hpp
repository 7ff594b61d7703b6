#pragma once
// A PE in the cycle timing mode: its network interface (its remote-access and message ports
// there), and how it runs through a window of simulated time, taking the messages that reach it
// between exactly the instructions their due cycles fall between. The job runners make one per
// PE right after the PE, before anything runs (or, with --fast-forward, once the PE has entered
// the cycle mode); the cycle scheduler drives them.

#include "xbemu/processing_element.hpp"
#include "xbemu/timing/core_cost_model.hpp"
#include "xbemu/timing/network_interface.hpp"
#include "xbemu/timing/timed_memory.hpp"

#include <algorithm>
#include <cstdint>

namespace xbemu {

class TimedPe {
public:
    enum class Activity : std::uint8_t {
        Running,  // executes until its clock reaches the window's end
        Waiting,  // its hart waits for a message (a response, an acknowledgement)
        Polling,  // its hart loops waiting for memory another PE writes
        Sleeping, // wfi until the timer
        Finished, // exited (or stopped); still serves other PEs' accesses to its memory
    };

    explicit TimedPe(ProcessingElement& pe);
    TimedPe(const TimedPe&) = delete;
    TimedPe& operator=(const TimedPe&) = delete;

    ProcessingElement& pe() { return pe_; }
    const ProcessingElement& pe() const { return pe_; }
    Hart& hart() { return hart_; }
    NetworkInterface& network() { return network_; }
    // The PE's caches and DRAM (flat when the machine description names none).
    const MemoryHierarchy& memory() const { return memory_.hierarchy(); }
    // The PE's statistics with its caches' and DRAM's (which the hart's MemoryTiming gives the
    // PE; a flat memory reports none).
    PeStatistics statistics(double seconds) const {
        PeStatistics statistics = pe_.statistics(seconds);
        statistics.speculation = speculative_runs_;
        return statistics;
    }

    // Runs the PE to the end of a window: takes its messages due before `end`, each between
    // exactly the instructions its due cycle falls between, and executes the instructions that
    // start before `end`. Throws GuestFatalError.
    void run_window(netsim::Cycle end);
    Activity activity() const { return activity_; }
    // A speculative run (docs/timing.md): from its clock, the running PE executes towards
    // `bound` only what it can undo, and stops before anything else, when it starts polling, or
    // when it reaches the bound. Something it cannot undo (a device, a trap) puts it back at
    // once. Then end_speculation keeps the run or puts the PE back as it was. Only while no
    // message is due to it.
    void speculate(netsim::Cycle bound);
    void end_speculation(bool keep);
    // Whether speculate() left a run to keep or undo (it undoes one that met something it
    // cannot undo itself).
    bool speculating() const { return speculating_; }
    // Whether the PE can run speculatively at all: no commit log, debugger, caches or memory
    // observer, whose effects a run could not undo.
    bool can_speculate() const { return hart_.can_speculate(); }
    // When the PE will next do something of its own accord (messages aside): its clock while
    // running, the timer while sleeping or polling, never while waiting or finished.
    netsim::Cycle next_activity() const;
    // Running, it goes round a loop that polls while its steps are observed (the commit log, a
    // profile: Hart::polling_observed()), and only another PE's message could end it (no
    // message in its inbox, no timer armed, nothing to leave its send FIFO). It is not Polling,
    // whose turns are skipped, but it counts as such when the scheduler looks for a deadlock.
    bool polls_for_ever() const;
    // When its next message is due (kNever: none in its inbox).
    netsim::Cycle next_due() const { return network_.inbox().next_due(); }
    // The earliest of next_activity() and its messages' due cycles. (next_activity() does not
    // depend on the inbox: a message's arrival lowers this to at most its due cycle and changes
    // nothing else, which the cycle scheduler relies on.)
    netsim::Cycle next_event() const {
        const netsim::Cycle due = network_.inbox().next_due();
        switch (activity_) {
        case Activity::Running:
            return std::min(due, hart_.cycle());
        case Activity::Waiting:
        case Activity::Finished:
            return due;
        case Activity::Sleeping:
        case Activity::Polling:
            break;
        }
        return std::min(due, next_activity());
    }

private:
    void finish();
    // What ends a loop that polls, messages aside: next_activity() while Polling.
    netsim::Cycle polling_ends() const;
    void abandon_speculation();
    void undo_speculation();

    ProcessingElement& pe_;
    Hart& hart_; // the PE's only hart
    CoreCostModel cost_model_;
    TimedMemory memory_;
    NetworkInterface network_;
    Activity activity_ = Activity::Running;
    bool speculating_ = false;
    PeStatistics::SpeculativeRuns speculative_runs_;
};

} // namespace xbemu
