// The cycle timing mode's dispatch loop: blocks run as in the functional mode, and each block's
// static timing (block_cache) plus the dynamic part (taken branches, load-use across blocks,
// traps, waits for the network) advances the hart's clock. The hart never starts an
// instruction at or after the bound its PE gives it, so that messages from other PEs take
// effect between exactly the instructions their due cycle falls between.

#include "xbemu/block_cache.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/processing_element.hpp"

#include <algorithm>
#include <limits>

namespace xbemu {

netsim::Cycle Hart::cycle_at(const DecodedInstruction& op) const {
    const auto index =
        static_cast<std::size_t>(&op - timed_instructions_) / timed_instruction_stride_;
    return block_start_cycle_ + (index > 0 ? block_load_use_ : 0) +
           running_block_->timing.instructions[index].start;
}

std::uint64_t Hart::cycles_after_csr_instruction() const {
    if (timing_ == nullptr) {
        return cycles();
    }
    return cycle_ + timing_->core.of(TimingClass::Csr);
}

void Hart::start_timed_block(const DecodedBlock& block) {
    block_start_cycle_ = cycle_;
    block_load_use_ =
        (pending_load_mask_ & block.timing.first_reads) != 0 ? timing_->core.load_use : 0;
    running_block_ = &block;
    timed_instructions_ = block.instructions.data();
    timed_instruction_stride_ = 1;
}

void Hart::account_block(const DecodedBlock& block, std::uint64_t length, bool taken) {
    const BlockTiming& timing = block.timing;
    if (length == block.count) {
        cycle_ = block_start_cycle_ + block_load_use_ + timing.cycles;
        for (unsigned kind = 0; kind < timing.stall_kinds; ++kind) {
            add_stall(timing.stall_causes[kind], timing.stall_cycles[kind]);
        }
        add_stall(StallCause::LoadUse, block_load_use_);
        if (taken) {
            cycle_ += timing.taken_penalty;
            add_stall(StallCause::Branch, timing.taken_penalty);
        }
        pending_load_mask_ = timing.last_load_destination;
        return;
    }
    if (length == 0) {
        cycle_ = block_start_cycle_;
        return;
    }
    cycle_ = block_start_cycle_ + block_load_use_ + timing.instructions[length].start;
    add_stall(StallCause::LoadUse, block_load_use_);
    for (std::uint64_t index = 0; index < length; ++index) {
        const InstructionTiming& entry = timing.instructions[index];
        add_stall(StallCause::LoadUse, entry.load_use);
        add_stall(entry.class_cause, entry.cost - 1 - entry.load_use);
    }
    pending_load_mask_ = timing.instructions[length - 1].load_destination;
}

void Hart::resume(netsim::Cycle at) {
    if (at > cycle_) {
        add_stall(suspend_cause_, at - cycle_);
        if (CycleTrace* trace = pe_.trace()) {
            trace->wait(suspend_cause_, cycle_, at);
        }
        cycle_ = at;
    }
    suspended_ = false;
}

netsim::Cycle Hart::timer_deadline() const {
    if ((mie_ & (1ULL << cause::kMachineTimerInterrupt)) == 0 ||
        mtimecmp_ == std::numeric_limits<std::uint64_t>::max()) {
        return netsim::kNever;
    }
    const std::uint64_t now = mtime();
    if (now >= mtimecmp_) {
        return cycle_;
    }
    const std::uint64_t ticks = mtimecmp_ - now;
    const std::uint64_t tick_start = cycle_ / kCyclesPerTimerTick;
    if (ticks > std::numeric_limits<std::uint64_t>::max() / kCyclesPerTimerTick - tick_start) {
        return netsim::kNever;
    }
    return (tick_start + ticks) * kCyclesPerTimerTick;
}

// Inline into the loop: only an observation that must look at the whole state makes a call.
inline bool Hart::detect_polling(const DecodedBlock& block) {
    if (!block.side_effect_free || device_observed_) {
        reset_polling_detection();
        device_observed_ = false;
        return false;
    }
    if (poll_streak_ < kStreakBeforeLooking) {
        ++poll_streak_;
        return false;
    }
    return !polling_detector_.moved_on(next_pc) && observe_for_polling();
}

bool Hart::observe_for_polling() {
    switch (polling_detector_.observe(loop_state(pending_load_mask_))) {
    case PollingDetector::Observation::Snapshot:
        poll_start_ = {cycle_, instret_, stalls_};
        return false;
    case PollingDetector::Observation::Repeated: {
        PollingPeriod period{cycle_ - poll_start_.cycle, instret_ - poll_start_.instret, {}};
        for (std::size_t cause = 0; cause < kStallCauseCount; ++cause) {
            period.stalls[cause] = stalls_[cause] - poll_start_.stalls[cause];
        }
        polling_period_ = period;
        return true;
    }
    case PollingDetector::Observation::Moved:
        break;
    }
    return false;
}

bool Hart::watch_loop_that_stores() {
    if (store_loop_.blocks == kWatchInterval) {
        store_loop_.detector.reset();
    }
    store_loop_.check =
        look_for_loop(store_loop_.detector, store_loop_.start_instret, pending_load_mask_);
    if (!store_loop_.check) {
        return false;
    }
    store_loop_.check_start = {cycle_, instret_, stalls_};
    return true;
}

CycleRunOutcome Hart::check_loop_turn(netsim::Cycle bound) {
    const LoopTurn turn =
        step_through_loop_turn<true>(*store_loop_.check, store_loop_.detector, bound);
    if (turn == LoopTurn::Interrupted) {
        return CycleRunOutcome::ReachedBound;
    }
    cancel_loop_turn_check();
    if (suspended_) {
        reset_polling_detection();
        return CycleRunOutcome::Suspended;
    }
    // A loop that stores nothing is detect_polling's, which finds it as it always has.
    if (turn == LoopTurn::Restored) {
        const PollStart& start = store_loop_.check_start;
        PollingPeriod period{cycle_ - start.cycle, instret_ - start.instret, {}};
        for (std::size_t cause = 0; cause < kStallCauseCount; ++cause) {
            period.stalls[cause] = stalls_[cause] - start.stalls[cause];
        }
        polling_period_ = period;
        return CycleRunOutcome::Polling;
    }
    return CycleRunOutcome::ReachedBound;
}

void Hart::skip_polling_until(netsim::Cycle cycle) {
    if (!polling_period_) {
        return;
    }
    const PollingPeriod period = *polling_period_;
    polling_period_.reset();
    if (cycle <= cycle_ || period.cycles == 0) {
        return;
    }
    std::uint64_t periods = (cycle - cycle_) / period.cycles;
    // --max-instructions stays exact: the limit is reached by executing, not by skipping.
    if (period.instructions != 0) {
        periods = std::min(periods, (instret_limit_ - std::min(instret_limit_, instret_)) /
                                        period.instructions);
    }
    if (CycleTrace* trace = pe_.trace(); trace != nullptr && periods != 0) {
        trace->polling(cycle_, cycle_ + periods * period.cycles);
    }
    cycle_ += periods * period.cycles;
    instret_ += periods * period.instructions;
    for (std::size_t cause = 0; cause < kStallCauseCount; ++cause) {
        stalls_[cause] += periods * period.stalls[cause];
    }
}

CycleRunOutcome Hart::run_blocks_until(DecodedBlock* block, netsim::Cycle bound) {
    // In a register while blocks run; the member holds it in between.
    struct BlockCount {
        std::uint64_t& member;
        std::uint64_t value;
        ~BlockCount() { member = value; }
    } polling_blocks{store_loop_.blocks, store_loop_.blocks};
    for (;;) {
        if (cycle_ >= bound ||
            instret_ + block->count > next_event_.load(std::memory_order_relaxed)) [[unlikely]] {
            pc_ = block->start_pc;
            return CycleRunOutcome::ReachedBound;
        }
        const std::uint64_t load_use =
            (pending_load_mask_ & block->timing.first_reads) != 0 ? timing_->core.load_use : 0;
        // The first instruction starts now (a load-use stall is part of it); a later one
        // after the stalls and costs of the ones before it.
        const netsim::Cycle last_start =
            block->count > 1 ? cycle_ + load_use + block->timing.last_start : cycle_;
        if (last_start >= bound) [[unlikely]] {
            // The block crosses the bound: run the instructions that start before it.
            std::uint64_t length = 1;
            while (length < block->count &&
                   cycle_ + load_use + block->timing.instructions[length].start < bound) {
                ++length;
            }
            // Only the time is split here: the loop a polling detection watches goes on.
            pc_ = block->start_pc;
            execute_block<true>(block, length);
            return CycleRunOutcome::ReachedBound;
        }
        bool completed = true;
        if (engine_ != nullptr) {
            const TimedRun run = engine_->run_timed_blocks(block, polling_blocks.value, bound);
            block = run.block;
            if (run.outcome == TimedRun::Outcome::Continue) {
                continue;
            }
            completed = run.outcome == TimedRun::Outcome::Completed;
        } else {
            completed = execute_block<true>(block) == BlockOutcome::Completed;
        }
        if (!completed) [[unlikely]] {
            reset_polling_detection();
            polling_blocks.value = 0;
            return CycleRunOutcome::ReachedBound;
        }
        if (suspended_) [[unlikely]] {
            pc_ = next_pc;
            reset_polling_detection();
            polling_blocks.value = 0;
            return CycleRunOutcome::Suspended;
        }
        if (detect_polling(*block)) [[unlikely]] {
            pc_ = next_pc;
            return CycleRunOutcome::Polling;
        }
        polling_blocks.value = (polling_blocks.value + 1) & block->polling_mask;
        if (polling_blocks.value % kWatchInterval == 0 && polling_blocks.value != 0) [[unlikely]] {
            pc_ = next_pc;
            store_loop_.blocks = polling_blocks.value;
            if (watch_loop_that_stores()) {
                return CycleRunOutcome::ReachedBound;
            }
        }
        block = successor(block, next_pc);
    }
}

CycleRunOutcome Hart::run_until(netsim::Cycle bound) {
    for (;;) {
        if (flush_pending_ || code_written_remotely_.load(std::memory_order_acquire)) {
            flush_decoded_code();
        }
        if (pe_.exit_requested()) {
            return CycleRunOutcome::Exited;
        }
        if (pe_.group().stop_requested()) {
            return CycleRunOutcome::Stopped;
        }
        if (debug_attention_.load(std::memory_order_seq_cst) && debug_stop_due()) [[unlikely]] {
            // gdb may change what the loop being looked at reads: the look starts afresh after
            // the stop rather than finish a turn that read memory before it.
            cancel_loop_turn_check();
            reset_polling_detection();
            if (!debug_held_) {
                return CycleRunOutcome::DebugStop;
            }
            if (bound > cycle_) {
                add_stall(StallCause::Debugger, bound - cycle_);
                cycle_ = bound;
            }
            return CycleRunOutcome::ReachedBound;
        }
        if (suspended_) {
            return CycleRunOutcome::Suspended;
        }
        if (return_to_pe_) {
            return_to_pe_ = false;
            return CycleRunOutcome::ReachedBound;
        }
        if (polling_period_) {
            return CycleRunOutcome::Polling;
        }
        if (take_pending_interrupt()) {
            reset_polling_detection();
            cancel_loop_turn_check();
            continue;
        }
        if (waiting_for_interrupt_) {
            check_wfi_can_wake();
            const netsim::Cycle deadline = timer_deadline();
            if (deadline >= bound) {
                return CycleRunOutcome::Sleeping;
            }
            if (deadline > cycle_) {
                add_stall(StallCause::Sleep, deadline - cycle_);
                if (CycleTrace* trace = pe_.trace()) {
                    trace->wait(StallCause::Sleep, cycle_, deadline);
                }
                cycle_ = deadline;
            }
            continue;
        }
        if (cycle_ >= bound) {
            return CycleRunOutcome::ReachedBound;
        }
        if (instret_ >= instret_limit_) {
            return CycleRunOutcome::InstructionLimit;
        }
        update_next_event();
        if (pe_.group().stop_requested() || debug_attention_.load(std::memory_order_seq_cst)) {
            request_event_check();
        }
        const netsim::Cycle deadline = timer_deadline();
        const netsim::Cycle limit = deadline > cycle_ ? std::min(bound, deadline) : bound;
        // A turn being checked goes on unless an instruction must run alone first.
        if (store_loop_.check) {
            if (instret_ + 1 <= next_event_.load(std::memory_order_relaxed)) {
                const CycleRunOutcome outcome = check_loop_turn(limit);
                if (outcome != CycleRunOutcome::ReachedBound || cycle_ >= bound) {
                    return outcome;
                }
                continue;
            }
            cancel_loop_turn_check();
        }
        if (commit_log_ == nullptr) {
            DecodedBlock* block = block_cache_->lookup(*this, pc_);
            if (instret_ + block->count <= next_event_.load(std::memory_order_relaxed)) {
                const CycleRunOutcome outcome = run_blocks_until(block, limit);
                if (outcome != CycleRunOutcome::ReachedBound || cycle_ >= bound) {
                    return outcome;
                }
                continue;
            }
        }
        run_single(step_cache_->lookup(*this, pc_));
        reset_polling_detection();
    }
}

} // namespace xbemu
