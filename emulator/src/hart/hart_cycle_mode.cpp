// The cycle timing mode's dispatch loop: blocks run as in the functional mode, and each block's
// static timing (priced by the timing layer's cost model) plus the dynamic part (taken branches,
// load-use across blocks, traps, waits for the network) advances the hart's clock. The hart never
// starts an instruction at or after the bound its PE gives it, so that messages from other PEs take
// effect between exactly the instructions their due cycle falls between.

#include "xbemu/block_cache.hpp"
#include "xbemu/block_cost_model.hpp"
#include "xbemu/execution_engine.hpp"
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

void Hart::enter_cycle_mode(const MachineDescription& machine) {
    end_polling_watch();
    forget_polling();
    timing_ = &machine;
    polling_detector = PollingDetector(0);
    clock = CycleClock{};
    instret = 0;
    sleep_cycles_ = 0;
    mtime_offset_ = 0;
    poll_start_ = PollStart{};
    flush_decoded_code();
    // The JIT translates for the mode the hart is in when the engine is made.
    engine_ = make_execution_engine(pe_.config().engine, *this);
}

netsim::Cycle Hart::cycle_at(const DecodedInstruction& op) const {
    return cycle_at_index(index_in_block(op));
}

netsim::Cycle Hart::cycle_at_index(std::size_t index) const {
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
    fetch_line_bytes_ = timing.instruction_line_bytes();
    fetch_hit_stall_ = timing.fetch_hit_stall();
    select_fast_path();
    // The JIT translates for the memory the hart has when the engine is made.
    engine_ = make_execution_engine(pe_.config().engine, *this);
}

void Hart::account_memory_stall() {
    add_stall(StallCause::Memory, clock.memory_stall);
    clock.block_start_cycle += clock.memory_stall;
    clock.memory_stall = 0;
}

void Hart::charge_fetches_through(std::uint64_t index) {
    const DecodedBlock& block = *clock.running_block;
    const std::uint64_t end = std::min(index + 1, block.count);
    if (clock.fetch_cursor >= end) {
        return;
    }
    // Most blocks lie in one line: the loop below in one step.
    if (const std::uint64_t mask = ~(fetch_line_bytes_ - 1);
        fetch_line_bytes_ != 0 && ((block.start_pc ^ (block.end_pc - 1)) & mask) == 0) {
        const std::uint64_t line = block.start_pc & mask;
        std::uint64_t hits = end - clock.fetch_cursor;
        if (line != clock.fetched_line) {
            clock.memory_stall += memory_timing_->fetch(line, cycle_at_index(clock.fetch_cursor));
            clock.fetched_line = line;
            --hits;
        }
        if (hits != 0) {
            clock.memory_stall += hits * fetch_hit_stall_;
            memory_timing_->fetch_hits(hits);
        }
        clock.fetch_cursor = end;
        return;
    }
    std::uint64_t hits = 0;
    for (; clock.fetch_cursor <= index && clock.fetch_cursor < block.count; ++clock.fetch_cursor) {
        const std::uint64_t pc = block.instructions[clock.fetch_cursor].pc;
        if (fetch_line_bytes_ == 0) {
            clock.memory_stall += memory_timing_->fetch(pc, cycle_at_index(clock.fetch_cursor));
            continue;
        }
        // An instruction's bytes run to the next one's pc (the sentinel's after the last).
        const std::uint64_t mask = ~(fetch_line_bytes_ - 1);
        const std::uint64_t last = (block.instructions[clock.fetch_cursor + 1].pc - 1) & mask;
        for (std::uint64_t line = pc & mask;; line += fetch_line_bytes_) {
            if (line == clock.fetched_line) {
                ++hits;
                clock.memory_stall += fetch_hit_stall_;
            } else {
                clock.memory_stall +=
                    memory_timing_->fetch(line, cycle_at_index(clock.fetch_cursor));
                clock.fetched_line = line;
            }
            if (line == last) {
                break;
            }
        }
    }
    if (hits != 0) {
        memory_timing_->fetch_hits(hits);
    }
}

void Hart::charge_fetch(std::uint64_t line, std::uint64_t index) {
    clock.memory_stall += memory_timing_->fetch(line, cycle_at_index(index));
    clock.fetched_line = line;
}

void Hart::charge_data_access(std::uint64_t address, unsigned size, bool store,
                              const DecodedInstruction& op) {
    const std::size_t index = index_in_block(op);
    charge_fetches_through(index);
    const netsim::Cycle now = cycle_at_index(index);
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

bool Hart::watch_observed_step(BlockOutcome outcome, const DecodedBlock& step) {
    if (outcome != BlockOutcome::Completed || clock.suspended) {
        reset_polling_detection();
        store_loop_.blocks = 0;
        polling_observed_ = false;
        return false;
    }
    // A loop found goes round as it did until something from outside (a message, an
    // interrupt, the debugger) changes it, which clears the flag.
    if (polling_observed_) {
        return false;
    }
    if (detect_polling(step)) {
        // Not skipped: every turn must run to be observed.
        polling_period_.reset();
        polling_observed_ = true;
        return true;
    }
    // A loop that stores: check_loop_turn runs the turn, from the next step on.
    store_loop_.blocks = (store_loop_.blocks + 1) & step.polling_mask;
    if (store_loop_.blocks % kWatchInterval == 0 && store_loop_.blocks != 0) {
        static_cast<void>(watch_loop_that_stores());
    }
    return false;
}

void Hart::start_polling_period(PollStart& start) const {
    start.cycle = clock.cycle;
    start.instret = instret;
    start.stalls = clock.stalls;
    if (memory_timing_ != nullptr) {
        start.memory = memory_timing_->activity();
    }
}

Hart::PollingPeriod Hart::polling_period_since(const PollStart& start) const {
    PollingPeriod period{clock.cycle - start.cycle, instret - start.instret, {}, {}};
    for (std::size_t cause = 0; cause < kStallCauseCount; ++cause) {
        period.stalls[cause] = clock.stalls[cause] - start.stalls[cause];
    }
    if (memory_timing_ != nullptr) {
        const MemoryActivity now = memory_timing_->activity();
        for (std::size_t counter = 0; counter < now.size(); ++counter) {
            period.memory[counter] = now[counter] - start.memory[counter];
        }
    }
    return period;
}

bool Hart::observe_for_polling() {
    switch (polling_detector.observe(loop_state(clock.pending_load_mask))) {
    case PollingDetector::Observation::Snapshot:
        start_polling_period(poll_start_);
        return false;
    case PollingDetector::Observation::Repeated:
        polling_period_ = polling_period_since(poll_start_);
        return true;
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
    start_polling_period(store_loop_.check_start);
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
        if (commit_log_ != nullptr || profile_ != nullptr) {
            // Observed, as watch_observed_step finds a loop: its turns run on.
            polling_observed_ = true;
            return CycleRunOutcome::ObservedPolling;
        }
        polling_period_ = polling_period_since(store_loop_.check_start);
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
    if (memory_timing_ != nullptr && periods != 0) {
        memory_timing_->repeat_activity(period.memory, periods);
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
        if (clock.speculating && !block->speculable) [[unlikely]] {
            pc_ = block->start_pc;
            return CycleRunOutcome::SpeculationStop;
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
            if (run.outcome == TimedRun::Outcome::Polling) {
                pc_ = next_pc;
                return CycleRunOutcome::Polling;
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
            polling_observed_ = false;
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
            polling_observed_ = false;
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
                if (measurement_pending_) [[unlikely]] {
                    take_pending_measurement();
                }
                if (outcome != CycleRunOutcome::ReachedBound || clock.cycle >= bound) {
                    return outcome;
                }
                continue;
            }
            cancel_loop_turn_check();
        }
        const bool steps_observed = commit_log_ != nullptr || profile_ != nullptr;
        if (!steps_observed) {
            DecodedBlock* block = block_cache_->lookup(*this, pc_);
            if (instret + block->count <= next_event.load(std::memory_order_relaxed)) {
                // Chosen once per run, not per block: without caches the blocks pay nothing.
                const CycleRunOutcome outcome = memory_timing_ != nullptr
                                                    ? run_blocks_until<true>(block, limit)
                                                    : run_blocks_until<false>(block, limit);
                // Here, before the PE takes the messages due at this cycle: the same point
                // however the run is cut (the commit log runs one instruction at a time).
                if (measurement_pending_) [[unlikely]] {
                    take_pending_measurement();
                }
                if (outcome != CycleRunOutcome::ReachedBound || clock.cycle >= bound) {
                    return outcome;
                }
                continue;
            }
        }
        DecodedBlock* step = step_cache_->lookup(*this, pc_);
        const BlockOutcome outcome = run_single(step);
        if (measurement_pending_) [[unlikely]] {
            take_pending_measurement();
        }
        // With the commit log or a profile a loop that polls is found as between blocks, but
        // its turns are not skipped; otherwise a step only approaches an event within a block.
        if (!steps_observed) {
            reset_polling_detection();
        } else if (watch_observed_step(outcome, *step)) {
            return CycleRunOutcome::ObservedPolling;
        }
    }
}

} // namespace xbemu
