// Whether one turn of a loop changes anything, found by running it an instruction at a time:
// what it stores must be back as it was at the end of the turn (a call saving registers on the
// stack, a spill slot reused), and no instruction may report progress (Hart::note_progress).
// The functional mode's waits and the cycle mode's skipped loops that store rely on it.

#include "xbemu/block_cache.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/processing_element.hpp"

#include <algorithm>

namespace xbemu {

namespace {

// The registers may come back before memory does: a loop calling one function from two places
// finds the same registers inside each call, with the two return addresses on the stack in
// turn. A wait's memory comes back within this many turns of its registers.
constexpr unsigned kMostRegisterTurns = 4;

} // namespace

std::optional<Hart::LoopTurnCheck> Hart::look_for_loop(PollingDetector& detector,
                                                       std::uint64_t& reference_instret,
                                                       std::uint64_t mode_state) {
    switch (detector.observe(loop_state(mode_state))) {
    case PollingDetector::Observation::Snapshot:
        reference_instret = instret;
        return std::nullopt;
    case PollingDetector::Observation::Moved:
        return std::nullopt;
    case PollingDetector::Observation::Repeated:
        break;
    }
    LoopTurnCheck check;
    check.steps_left = (instret - reference_instret) * kMostRegisterTurns;
    return check;
}

template <bool kCycleMode>
Hart::LoopTurn Hart::step_through_loop_turn(LoopTurnCheck& check, const PollingDetector& detector,
                                            netsim::Cycle bound) {
    for (; check.steps_left != 0; --check.steps_left) {
        // An interrupt, a stop request or the instruction limit is due, or the cycle mode's
        // bound is reached: the dispatch loop's.
        if (instret + 1 > next_event.load(std::memory_order_relaxed) ||
            (kCycleMode && clock.cycle >= bound)) {
            return LoopTurn::Interrupted;
        }
        DecodedBlock* step = step_cache_->lookup(*this, pc_);
        if (step->polling_mask == 0) {
            return LoopTurn::Changed;
        }
        const TimingClass timing = step->descriptors.front()->timing;
        check.reads_elsewhere = check.reads_elsewhere || timing == TimingClass::Remote ||
                                timing == TimingClass::Message;
        if (timing == TimingClass::Store || timing == TimingClass::Atomic) {
            const std::optional<std::uint64_t> window =
                plain_store_window(step->instructions.front());
            if (!window || !check.stores.remember(ram_host, *window)) {
                return LoopTurn::Changed;
            }
        }
        progress_noted_ = false;
        // A trap or an early end has already moved pc_ where the dispatch loop goes on.
        // With the commit log or a profile on, the turn's instructions are theirs too.
        const BlockOutcome outcome = observes_steps() ? run_single(step)
                                                      : (kCycleMode ? execute_timed_block(step)
                                                                    : execute_block<false>(step));
        if (outcome != BlockOutcome::Completed) {
            return LoopTurn::Changed;
        }
        pc_ = next_pc;
        // The cycle mode: a wait for the network, or a device read (the time is visible).
        if (progress_noted_ || (kCycleMode && (clock.suspended || clock.device_observed))) {
            return LoopTurn::Changed;
        }
        if (detector.matches(loop_state(kCycleMode ? clock.pending_load_mask : 0))) {
            if (check.stores.empty()) {
                return LoopTurn::Unchanged;
            }
            if (check.stores.restored(ram_host)) {
                return LoopTurn::Restored;
            }
            if (++check.register_turns == kMostRegisterTurns) {
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
    constexpr std::uint64_t kWindowBytes = TurnStores::kWindowBytes;
    if (offset >= ram_size || ram_size < kWindowBytes) {
        return std::nullopt;
    }
    const std::uint64_t window = std::min(offset, ram_size - kWindowBytes);
    // Decoded code and words the host watches (HTIF) see the store: never silent.
    if (((page_flags[window >> kPageShift] |
          page_flags[(window + kWindowBytes - 1) >> kPageShift]) &
         kPageFlagsOfNote) != 0) {
        return std::nullopt;
    }
    return window;
}

template Hart::LoopTurn Hart::step_through_loop_turn<false>(LoopTurnCheck&, const PollingDetector&,
                                                            netsim::Cycle);
template Hart::LoopTurn Hart::step_through_loop_turn<true>(LoopTurnCheck&, const PollingDetector&,
                                                           netsim::Cycle);

} // namespace xbemu
