// The cycle timing mode's dispatch loop: blocks run as in the functional mode, and each block's
// static timing (priced by the timing layer's cost model) plus the dynamic part (taken branches,
// load-use across blocks, traps, waits for the network) advances the hart's clock. The hart never
// starts an instruction at or after the bound its PE gives it, so that messages from other PEs take
// effect between exactly the instructions their due cycle falls between.

#include "xbemu/block_cache.hpp"
#include "xbemu/block_cost_model.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/memory_timing.hpp"
#include "xbemu/processing_element.hpp"

#include <algorithm>
#include <limits>

namespace xbemu {

void Hart::attach_cost_model(const BlockCostModel& model) {
    block_cache_->set_cost_model(model);
    step_cache_->set_cost_model(model);
}

netsim::Cycle Hart::cycle_at(const DecodedInstruction& op) const {
    const auto index =
        static_cast<std::size_t>(&op - clock.timed_instructions) / clock.timed_instruction_stride;
    return clock.block_start_cycle + (index > 0 ? clock.block_load_use : 0) +
           clock.running_block->timing.instructions[index].start + clock.memory_stall;
}

std::uint64_t Hart::cycles_after_csr_instruction() const {
    if (timing_ == nullptr) {
        return cycles();
    }
    return clock.cycle + timing_->core.of(TimingClass::Csr);
}

void Hart::start_timed_block(const DecodedBlock& block) {
    clock.block_start_cycle = clock.cycle;
    clock.block_load_use =
        (clock.pending_load_mask & block.timing.first_reads) != 0 ? timing_->core.load_use : 0;
    clock.running_block = &block;
    clock.timed_instructions = block.instructions.data();
    clock.timed_instruction_stride = 1;
}

void Hart::attach_memory_timing(MemoryTiming& timing) {
    memory_timing_ = &timing;
    engine_.reset();
    select_fast_path();
}

void Hart::account_memory_stall() {
    add_stall(StallCause::Memory, clock.memory_stall);
    clock.block_start_cycle += clock.memory_stall;
    clock.memory_stall = 0;
}

void Hart::charge_fetch(const DecodedBlock& block) {
    clock.memory_stall += memory_timing_->fetch(block, clock.cycle);
}

void Hart::charge_data_access(std::uint64_t address, unsigned size, bool store,
                              const DecodedInstruction& op) {
    const netsim::Cycle now = cycle_at(op);
    clock.memory_stall += store ? memory_timing_->store(address, size, now)
                                : memory_timing_->load(address, size, now);
}

void Hart::account_block(const DecodedBlock& block, std::uint64_t length, bool taken) {
    const BlockTiming& timing = block.timing;
    if (length == block.count) {
        clock.cycle = clock.block_start_cycle + clock.block_load_use + timing.cycles;
        for (unsigned kind = 0; kind < timing.stall_kinds; ++kind) {
            add_stall(timing.stall_causes[kind], timing.stall_cycles[kind]);
        }
        add_stall(StallCause::LoadUse, clock.block_load_use);
        if (taken) {
            clock.cycle += timing.taken_penalty;
            add_stall(StallCause::Branch, timing.taken_penalty);
        }
        clock.pending_load_mask = timing.last_load_destination;
        return;
    }
    if (length == 0) {
        clock.cycle = clock.block_start_cycle;
        return;
    }
    clock.cycle =
        clock.block_start_cycle + clock.block_load_use + timing.instructions[length].start;
    add_stall(StallCause::LoadUse, clock.block_load_use);
    for (std::uint64_t index = 0; index < length; ++index) {
        const InstructionTiming& entry = timing.instructions[index];
        add_stall(StallCause::LoadUse, entry.load_use);
        add_stall(entry.class_cause, entry.cost - 1 - entry.load_use);
    }
    clock.pending_load_mask = timing.instructions[length - 1].load_destination;
}

void Hart::resume(netsim::Cycle at) {
    if (at > clock.cycle) {
        add_stall(suspend_cause_, at - clock.cycle);
        if (CycleTrace* trace = pe_.trace()) {
            trace->wait(suspend_cause_, clock.cycle, at);
        }
        clock.cycle = at;
    }
    clock.suspended = false;
}

netsim::Cycle Hart::timer_deadline() const {
    if ((mie_ & (1ULL << cause::kMachineTimerInterrupt)) == 0 ||
        mtimecmp_ == std::numeric_limits<std::uint64_t>::max()) {
        return netsim::kNever;
    }
    const std::uint64_t now = mtime();
    if (now >= mtimecmp_) {
        return clock.cycle;
    }
    const std::uint64_t ticks = mtimecmp_ - now;
    const std::uint64_t tick_start = clock.cycle / kCyclesPerTimerTick;
    if (ticks > std::numeric_limits<std::uint64_t>::max() / kCyclesPerTimerTick - tick_start) {
        return netsim::kNever;
    }
    return (tick_start + ticks) * kCyclesPerTimerTick;
}

// Inline into the loop: only an observation that must look at the whole state makes a call.
inline bool Hart::detect_polling(const DecodedBlock& block) {
    if (!block.side_effect_free || clock.device_observed) {
        reset_polling_detection();
        clock.device_observed = false;
        return false;
    }
    if (clock.poll_streak < CycleClock::kStreakBeforeLooking) {
        ++clock.poll_streak;
        return false;
    }
    return !polling_detector.moved_on(next_pc) && observe_for_polling();
}

bool Hart::observe_for_polling() {
    switch (polling_detector.observe(loop_state(clock.pending_load_mask))) {
    case PollingDetector::Observation::Snapshot:
        poll_start_ = {clock.cycle, instret, clock.stalls};
        return false;
    case PollingDetector::Observation::Repeated: {
        PollingPeriod period{clock.cycle - poll_start_.cycle, instret - poll_start_.instret, {}};
        for (std::size_t cause = 0; cause < kStallCauseCount; ++cause) {
            period.stalls[cause] = clock.stalls[cause] - poll_start_.stalls[cause];
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
        look_for_loop(store_loop_.detector, store_loop_.start_instret, clock.pending_load_mask);
    if (!store_loop_.check) {
        return false;
    }
    store_loop_.check_start = {clock.cycle, instret, clock.stalls};
    return true;
}

CycleRunOutcome Hart::check_loop_turn(netsim::Cycle bound) {
    const LoopTurn turn =
        step_through_loop_turn<true>(*store_loop_.check, store_loop_.detector, bound);
    if (turn == LoopTurn::Interrupted) {
        return CycleRunOutcome::ReachedBound;
    }
    cancel_loop_turn_check();
    if (clock.suspended) {
        reset_polling_detection();
        return CycleRunOutcome::Suspended;
    }
    // A loop that stores nothing is detect_polling's, which finds it as it always has.
    if (turn == LoopTurn::Restored) {
        const PollStart& start = store_loop_.check_start;
        PollingPeriod period{clock.cycle - start.cycle, instret - start.instret, {}};
        for (std::size_t cause = 0; cause < kStallCauseCount; ++cause) {
            period.stalls[cause] = clock.stalls[cause] - start.stalls[cause];
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
    if (cycle <= clock.cycle || period.cycles == 0) {
        return;
    }
    std::uint64_t periods = (cycle - clock.cycle) / period.cycles;
    // --max-instructions stays exact: the limit is reached by executing, not by skipping.
    if (period.instructions != 0) {
        periods = std::min(periods, (instret_limit_ - std::min(instret_limit_, instret)) /
                                        period.instructions);
    }
    if (CycleTrace* trace = pe_.trace(); trace != nullptr && periods != 0) {
        trace->polling(clock.cycle, clock.cycle + periods * period.cycles);
    }
    clock.cycle += periods * period.cycles;
    instret += periods * period.instructions;
    for (std::size_t cause = 0; cause < kStallCauseCount; ++cause) {
        clock.stalls[cause] += periods * period.stalls[cause];
    }
}

template <bool kMemoryTimed>
CycleRunOutcome Hart::run_blocks_until(DecodedBlock* block, netsim::Cycle bound) {
    // In a register while blocks run; the member holds it in between.
    struct BlockCount {
        std::uint64_t& member;
        std::uint64_t value;
        ~BlockCount() { member = value; }
    } loop_blocks{store_loop_.blocks, store_loop_.blocks};
    for (;;) {
        if (clock.cycle >= bound ||
            instret + block->count > next_event.load(std::memory_order_relaxed)) [[unlikely]] {
            pc_ = block->start_pc;
            return CycleRunOutcome::ReachedBound;
        }
        const std::uint64_t load_use =
            (clock.pending_load_mask & block->timing.first_reads) != 0 ? timing_->core.load_use : 0;
        // The first instruction starts now (a load-use stall is part of it); a later one
        // after the stalls and costs of the ones before it.
        const netsim::Cycle last_start =
            block->count > 1 ? clock.cycle + load_use + block->timing.last_start : clock.cycle;
        if (last_start >= bound) [[unlikely]] {
            // The block crosses the bound: run the instructions that start before it.
            std::uint64_t length = 1;
            while (length < block->count &&
                   clock.cycle + load_use + block->timing.instructions[length].start < bound) {
                ++length;
            }
            // Only the time is split here: the loop a polling detection watches goes on.
            pc_ = block->start_pc;
            execute_block<true, kMemoryTimed>(block, length);
            return CycleRunOutcome::ReachedBound;
        }
        bool completed = true;
        if (engine_ != nullptr) {
            const TimedRun run = engine_->run_timed_blocks(block, loop_blocks.value, bound);
            block = run.block;
            if (run.outcome == TimedRun::Outcome::Continue) {
                continue;
            }
            completed = run.outcome == TimedRun::Outcome::Completed;
        } else {
            completed = execute_block<true, kMemoryTimed>(block) == BlockOutcome::Completed;
        }
        if (!completed) [[unlikely]] {
            reset_polling_detection();
            loop_blocks.value = 0;
            return CycleRunOutcome::ReachedBound;
        }
        if (clock.suspended) [[unlikely]] {
            pc_ = next_pc;
            reset_polling_detection();
            loop_blocks.value = 0;
            return CycleRunOutcome::Suspended;
        }
        if (detect_polling(*block)) [[unlikely]] {
            pc_ = next_pc;
            return CycleRunOutcome::Polling;
        }
        loop_blocks.value = (loop_blocks.value + 1) & block->polling_mask;
        if (loop_blocks.value % kWatchInterval == 0 && loop_blocks.value != 0) [[unlikely]] {
            pc_ = next_pc;
            store_loop_.blocks = loop_blocks.value;
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
            if (bound > clock.cycle) {
                add_stall(StallCause::Debugger, bound - clock.cycle);
                clock.cycle = bound;
            }
            return CycleRunOutcome::ReachedBound;
        }
        if (clock.suspended) {
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
            if (deadline > clock.cycle) {
                add_stall(StallCause::Sleep, deadline - clock.cycle);
                if (CycleTrace* trace = pe_.trace()) {
                    trace->wait(StallCause::Sleep, clock.cycle, deadline);
                }
                clock.cycle = deadline;
            }
            continue;
        }
        if (clock.cycle >= bound) {
            return CycleRunOutcome::ReachedBound;
        }
        if (instret >= instret_limit_) {
            return CycleRunOutcome::InstructionLimit;
        }
        update_next_event();
        if (pe_.group().stop_requested() || debug_attention_.load(std::memory_order_seq_cst)) {
            request_event_check();
        }
        const netsim::Cycle deadline = timer_deadline();
        const netsim::Cycle limit = deadline > clock.cycle ? std::min(bound, deadline) : bound;
        // A turn being checked goes on unless an instruction must run alone first.
        if (store_loop_.check) {
            if (instret + 1 <= next_event.load(std::memory_order_relaxed)) {
                const CycleRunOutcome outcome = check_loop_turn(limit);
                if (outcome != CycleRunOutcome::ReachedBound || clock.cycle >= bound) {
                    return outcome;
                }
                continue;
            }
            cancel_loop_turn_check();
        }
        if (commit_log_ == nullptr) {
            DecodedBlock* block = block_cache_->lookup(*this, pc_);
            if (instret + block->count <= next_event.load(std::memory_order_relaxed)) {
                // Chosen once per run, not per block: without caches the blocks pay nothing.
                const CycleRunOutcome outcome = memory_timing_ != nullptr
                                                    ? run_blocks_until<true>(block, limit)
                                                    : run_blocks_until<false>(block, limit);
                if (outcome != CycleRunOutcome::ReachedBound || clock.cycle >= bound) {
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
