// The functional timing mode's view of waiting: a hart that goes round a loop which changes
// nothing (no register, no memory, no other PE, no device, no host service) can only leave it
// when another PE writes its memory or sends it a message. It then gives the host CPU away,
// first by yielding, then by sleeping for a growing fraction of the time it has waited (on a
// pool of host threads: it parks for that time, and its thread runs other PEs), and counts as
// waiting in its PE group, which calls a deadlock once every PE of the job waits or
// has ended.
//
// The dispatch loop only counts blocks that a polling loop may consist of (a mask and an add
// per block); past kWatchInterval of them in a row, every kWatchInterval-th block boundary's
// state goes to the polling detector. When the state repeats, one more turn of the loop runs an
// instruction at a time and must change nothing (hart_loop_turn.cpp), or the loop is doing
// work.

#include "xbemu/block_cache.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/processing_element.hpp"

#include <algorithm>
#include <cstring>
#include <thread>

namespace xbemu {

namespace {

// How long a waiting hart yields before it starts sleeping, and its longest sleep on a thread of
// its own: the wake-up delay stays below an eighth of the time waited (wait_pause), and below a
// millisecond. On a pool, the pool bounds the pause.
constexpr auto kYieldingTime = std::chrono::milliseconds(1);
constexpr auto kLongestSleep = std::chrono::milliseconds(1);
constexpr std::uint64_t kSleepFraction = 8;
// A parked hart's look steps through at most this many times the turn that confirmed its wait
// (a loop that stores goes round a few times before its memory is back).
constexpr std::uint64_t kLookTurns = 4;

} // namespace

std::chrono::steady_clock::duration Hart::wait_pause(std::chrono::steady_clock::duration waited) {
    return waited / kSleepFraction;
}

bool Hart::watch_for_waiting() {
    if (polling_blocks == 0) {
        // A block with side effects ended the run of polling blocks.
        end_polling_watch();
        return false;
    }
    if (quick_watches_left_ != 0) {
        return quick_watch();
    }
    watch_base = polling_blocks + 1;
    watch_span = kWatchInterval - 1;
    if (waiting_ && ++looks_since_turn_ > stale_looks_) {
        stop_waiting();
    }
    // The timer ends such a loop after a known number of instructions: not a wait for others.
    if (timer_interrupt_armed()) {
        polling_detector.reset();
        stop_waiting();
        return false;
    }
    std::optional<LoopTurnCheck> check = look_for_loop(polling_detector, poll_start_.instret, 0);
    if (!check) {
        return false;
    }
    const std::uint64_t turn_start = instret;
    if (turn_changed_nothing(*check)) {
        wait_turn_instructions_ = instret - turn_start;
        waited_one_turn(check->reads_elsewhere);
    }
    return true;
}

bool Hart::turn_changed_nothing(LoopTurnCheck& check) {
    switch (step_through_loop_turn<false>(check, polling_detector, netsim::kNever)) {
    case LoopTurn::Unchanged:
    case LoopTurn::Restored:
        return true;
    case LoopTurn::Changed:
        end_polling_watch();
        return false;
    case LoopTurn::Interrupted:
        return false;
    }
    return false;
}

void Hart::waited_one_turn(bool reads_elsewhere) {
    const auto now = std::chrono::steady_clock::now();
    if (!waiting_) {
        waiting_ = true;
        ++waits_begun_;
        waiting_since_ = now;
        pe_.group().polling_started();
    }
    looks_since_turn_ = 0;
    stale_looks_ = std::min(kStaleLooks, kStalePeriods * polling_detector.period() + kStaleSlack);
    const auto waited = now - waiting_since_;
    if (parks_when_waiting_) {
        // On a pool, the pool keeps the PE aside (docs/waiting.md). The PE that finds the
        // deadlock reports it once the others have stopped, which needs the pool's threads.
        if (pe_.group().deadlocked(confirmed_epoch_)) {
            found_deadlock_ = true;
            pe_.group().request_stop();
        }
        park(wait_pause(waited));
        wakes_on_ram_write_ = !reads_elsewhere;
        quick_watches_left_ = 0;
        const KnownWait known{pc_, wait_turn_instructions_};
        if (wakes_on_ram_write_ && known.turn_instructions != 0 &&
            std::none_of(known_waits_.begin(), known_waits_.end(),
                         [&](const KnownWait& wait) { return wait.pc == known.pc; })) {
            known_waits_[next_known_wait_] = known;
            next_known_wait_ = (next_known_wait_ + 1) % kKnownWaits;
        }
        return;
    }
    if (waited < kYieldingTime) {
        std::this_thread::yield();
    } else {
        std::this_thread::sleep_for(
            std::min<std::chrono::steady_clock::duration>(kLongestSleep, wait_pause(waited)));
    }
    if (pe_.group().deadlocked(confirmed_epoch_) && !pe_.group().stop_for_switch()) {
        pe_.report_deadlock(*this);
    }
}

void Hart::look_again_at_wait() {
    // What the dispatch loop would do first: stop, or take an interrupt.
    if (wait_turn_instructions_ == 0 || pe_.exit_requested() || pe_.group().stop_requested() ||
        timer_interrupt_armed() || (pending_interrupts() & mie_) != 0) {
        return;
    }
    update_next_event();
    look_at_loop_from_here(wait_turn_instructions_);
}

void Hart::look_at_loop_from_here(std::uint64_t turn_instructions) {
    // The state here is the reference the turn must come back to, memory unchanged.
    polling_detector.reset();
    static_cast<void>(polling_detector.observe(loop_state(0)));
    poll_start_.instret = instret;
    LoopTurnCheck check;
    check.steps_left = turn_instructions * kLookTurns;
    const std::uint64_t turn_start = instret;
    if (turn_changed_nothing(check)) {
        wait_turn_instructions_ = instret - turn_start;
        waited_one_turn(check.reads_elsewhere);
    }
}

bool Hart::quick_watch() {
    --quick_watches_left_;
    watch_base = polling_blocks + 1;
    watch_span = (quick_watches_left_ != 0 ? kQuickWatchInterval : kWatchInterval) - 1;
    const auto known = std::find_if(known_waits_.begin(), known_waits_.end(),
                                    [&](const KnownWait& wait) { return wait.pc == pc_; });
    if (known == known_waits_.end() || known->turn_instructions == 0 || timer_interrupt_armed()) {
        return false;
    }
    look_at_loop_from_here(known->turn_instructions);
    return true;
}

void Hart::end_polling_watch() {
    polling_blocks = 0;
    watch_base = 0;
    watch_span = quick_watches_left_ != 0 ? kQuickWatchInterval : kWatchInterval;
    polling_detector.reset();
    stop_waiting();
}

void Hart::stop_waiting() {
    if (waiting_) {
        waiting_ = false;
        pe_.group().polling_ended();
    }
}

} // namespace xbemu
