// The functional timing mode's view of waiting: a hart that goes round a loop which changes
// nothing (no register, no memory, no other PE, no device, no host service) can only leave it
// when another PE writes its memory or sends it a message. It then gives the host CPU away,
// first by yielding, then by sleeping for a growing fraction of the time it has waited, and
// counts as waiting in its PE group, which calls a deadlock once every PE of the job waits or
// has ended.
//
// The dispatch loop only counts blocks that a polling loop may consist of (a mask and an add
// per block); past kWatchInterval of them in a row, every kWatchInterval-th block boundary's
// state goes to the polling detector. When the state repeats, one more turn of the loop runs
// here an instruction at a time: what it stores must be back as it was at the end of the turn
// (a call saving registers on the stack, a spill slot reused), and no instruction may report
// progress (Hart::note_progress), or the loop is doing work.

#include "xbemu/block_cache.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/processing_element.hpp"

#include <algorithm>
#include <cstring>
#include <thread>

namespace xbemu {

namespace {

// How long a waiting hart yields before it starts sleeping, and its longest sleep: the wake-up
// delay stays below an eighth of the time waited, and below a millisecond.
constexpr auto kYieldingTime = std::chrono::milliseconds(1);
constexpr auto kLongestSleep = std::chrono::milliseconds(1);
constexpr std::uint64_t kSleepFraction = 8;

// Every store (sb to sd, fsw, fsd, their compressed forms, xBGAS ese) and every AMO writes at
// most this many bytes at x[rs1] + imm; the window of this size from there, or the last one of
// RAM, holds them all.
constexpr std::uint64_t kWindowBytes = 8;
// The most distinct windows one turn of a wait may store into; a turn that writes more is
// taken for work.
constexpr std::size_t kMostWindowsPerTurn = 16;
// The registers may come back before memory does: a loop calling one function from two places
// finds the same registers inside each call, with the two return addresses on the stack in
// turn. A wait's memory comes back within this many turns of its registers.
constexpr unsigned kMostRegisterTurns = 4;

// The RAM a turn stores into, each window with what it held before the turn's first store
// there.
class TurnStores {
public:
    bool remember(const std::byte* ram, std::uint64_t window) {
        if (std::any_of(windows_.begin(), windows_.begin() + count_,
                        [&](const Window& known) { return known.offset == window; })) {
            return true;
        }
        if (count_ == windows_.size()) {
            return false;
        }
        windows_[count_].offset = window;
        std::memcpy(&windows_[count_].before, ram + window, kWindowBytes);
        ++count_;
        return true;
    }
    // Any byte the turn stored into lies in the first window remembered that holds it, whose
    // copy predates every store there.
    bool restored(const std::byte* ram) const {
        return std::all_of(windows_.begin(), windows_.begin() + count_, [&](const Window& known) {
            return std::memcmp(&known.before, ram + known.offset, kWindowBytes) == 0;
        });
    }

private:
    struct Window {
        std::uint64_t offset;
        std::uint64_t before;
    };
    std::array<Window, kMostWindowsPerTurn> windows_{};
    std::size_t count_ = 0;
};

} // namespace

bool Hart::watch_for_waiting() {
    if (polling_blocks_ == 0) {
        // A block with side effects ended the run of polling blocks.
        end_polling_watch();
        return false;
    }
    watch_base_ = polling_blocks_ + 1;
    watch_span_ = kWatchInterval - 1;
    if (waiting_ && ++looks_since_turn_ > kStaleLooks) {
        stop_waiting();
    }
    // The timer ends such a loop after a known number of instructions: not a wait for others.
    if (timer_interrupt_armed()) {
        polling_detector_.reset();
        stop_waiting();
        return false;
    }
    switch (polling_detector_.observe(loop_state(0))) {
    case PollingDetector::Observation::Snapshot:
        poll_start_.instret = instret_;
        return false;
    case PollingDetector::Observation::Moved:
        return false;
    case PollingDetector::Observation::Repeated:
        break;
    }
    switch (step_through_loop_turn(instret_ - poll_start_.instret)) {
    case LoopTurn::Unchanged:
        waited_one_turn();
        break;
    case LoopTurn::Changed:
        end_polling_watch();
        break;
    case LoopTurn::Interrupted:
        break;
    }
    return true;
}

Hart::LoopTurn Hart::step_through_loop_turn(std::uint64_t longest) {
    TurnStores stores;
    unsigned register_turns = 0;
    for (std::uint64_t steps = 0; steps < longest * kMostRegisterTurns; ++steps) {
        // An interrupt, a stop request or the instruction limit is due: the dispatch loop's.
        if (instret_ + 1 > next_event_.load(std::memory_order_relaxed)) {
            return LoopTurn::Interrupted;
        }
        DecodedBlock* step = step_cache_->lookup(*this, pc_);
        if (step->polling_mask == 0) {
            return LoopTurn::Changed;
        }
        const TimingClass timing = step->descriptors.front()->timing;
        if (timing == TimingClass::Store || timing == TimingClass::Atomic) {
            const std::optional<std::uint64_t> window =
                plain_store_window(step->instructions.front());
            if (!window || !stores.remember(ram_host_, *window)) {
                return LoopTurn::Changed;
            }
        }
        progress_noted_ = false;
        // A trap or an early end has already moved pc_ where the dispatch loop goes on.
        if (execute_block<false>(step) != BlockOutcome::Completed) {
            return LoopTurn::Changed;
        }
        pc_ = next_pc;
        if (progress_noted_) {
            return LoopTurn::Changed;
        }
        if (polling_detector_.matches(loop_state(0))) {
            if (stores.restored(ram_host_)) {
                return LoopTurn::Unchanged;
            }
            if (++register_turns == kMostRegisterTurns) {
                return LoopTurn::Changed;
            }
        }
    }
    return LoopTurn::Changed;
}

std::optional<std::uint64_t> Hart::plain_store_window(const DecodedInstruction& op) const {
    const std::uint64_t address = x[op.rs1] + static_cast<std::uint64_t>(op.imm);
    const std::uint64_t ram_size = pe_.ram().size();
    const std::uint64_t offset = address - kRamBase;
    if (offset >= ram_size || ram_size < kWindowBytes) {
        return std::nullopt;
    }
    const std::uint64_t window = std::min(offset, ram_size - kWindowBytes);
    // Decoded code and words the host watches (HTIF) see the store: never silent.
    if ((page_flags_[window >> kPageShift] |
         page_flags_[(window + kWindowBytes - 1) >> kPageShift]) != 0) {
        return std::nullopt;
    }
    return window;
}

void Hart::waited_one_turn() {
    const auto now = std::chrono::steady_clock::now();
    if (!waiting_) {
        waiting_ = true;
        waiting_since_ = now;
        pe_.group().polling_started();
    }
    looks_since_turn_ = 0;
    const auto waited = now - waiting_since_;
    if (waited < kYieldingTime) {
        std::this_thread::yield();
    } else {
        std::this_thread::sleep_for(
            std::min<std::chrono::steady_clock::duration>(kLongestSleep, waited / kSleepFraction));
    }
    if (pe_.group().deadlocked()) {
        pe_.report_deadlock(*this);
    }
}

void Hart::end_polling_watch() {
    polling_blocks_ = 0;
    watch_base_ = 0;
    watch_span_ = kWatchInterval;
    polling_detector_.reset();
    stop_waiting();
}

void Hart::stop_waiting() {
    if (waiting_) {
        waiting_ = false;
        pe_.group().polling_ended();
    }
}

} // namespace xbemu
