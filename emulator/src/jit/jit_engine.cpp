#include "jit/jit_engine.hpp"

#include "xbemu/block_cache.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/processing_element.hpp"

#include <algorithm>
#include <exception>
#include <utility>

namespace xbemu {

JitEngine::JitEngine(Hart& hart)
    : hart_(hart),
      // Showing fetches, every block is translated: the hart runs the others one instruction
      // at a time.
      threshold_(hart.fetch_observer() != nullptr ? 1 : hart.pe().config().jit_threshold),
      // Translating every block at its first run asks for translated code wherever it can run
      // (the tests run the JIT's cycle-mode code in short windows so).
      short_run_cycles_(threshold_ == 1 ? 0 : kShortRunCycles),
      cache_(hart.pe().config().jit_cache_bytes), translator_(hart, cache_),
      shows_fetches_(hart.fetch_observer() != nullptr), timed_(hart.cycle_mode()) {}

JitEngine::BlockCode& JitEngine::code_of_new(const DecodedBlock& block) {
    if (block.number >= code_.size()) {
        code_.resize(std::max<std::size_t>(block.number + 1, 2 * code_.size()));
        if (timed_) {
            timed_entries_.resize(code_.size());
        }
    }
    BlockCode& code = code_[block.number];
    code = BlockCode{&block};
    return code;
}

const JitEngine::BlockCode* JitEngine::ensure_translated(DecodedBlock& block, BlockCode& code) {
    if (code.code != nullptr) {
        return &code;
    }
    // Code that runs only a few times (start-up, initialisation) is not worth translating.
    if (++code.runs != threshold_) {
        return nullptr;
    }
    const bool cache_was_empty = cache_.used() == 0;
    const BlockTranslator::Translation translation = translator_.translate(block);
    // A full cache empties at the next block boundary, where the hart flushes its blocks, and
    // then fills with what is hot from then on. A block too large for an empty cache stays with
    // the interpreter.
    if (translation.cache_full && !cache_was_empty) {
        ++full_flushes_;
        hart_.discard_decoded_code();
    }
    if (translation.code == nullptr) {
        return nullptr;
    }
    code.code = translation.code;
    code.helpers = translation.helpers;
    if (timed_) {
        timed_entries_[block.number] = {translation.chained_entry, translation.linked_entries};
    }
    ++translations_;
    return &code;
}

void JitEngine::run_blocks(DecodedBlock* block) {
    Hart& hart = hart_;
    HartHotState& hot = hart.hot_state();
    std::uint64_t polling_blocks = hot.polling_blocks;
    context_.watch_limit = hot.watch_base + hot.watch_span;
    // Valid until the next code_of: only code_of grows the table.
    BlockCode* block_code = &code_of(*block);
    // Translated code to go on with instead of the block's: the jump of a static end that left
    // for the wait detection's watch.
    const void* resume = nullptr;
    for (;;) {
        std::uint8_t* exit_site = nullptr;
        const BlockCode* code =
            resume != nullptr ? nullptr : ensure_translated(*block, *block_code);
        if (resume != nullptr || code != nullptr) {
            context_.polling_blocks = polling_blocks;
            translator_.entry()(&hart, &context_, resume != nullptr ? resume : code->code);
            resume = nullptr;
            polling_blocks = context_.polling_blocks;
            DecodedBlock* exited = context_.exit_block;
            switch (context_.exit) {
            case JitExit::BeforeBlock:
                hart.set_pc(exited->start_pc);
                hot.polling_blocks = polling_blocks;
                return;
            case JitExit::Trapped:
                hot.polling_blocks = polling_blocks;
                hart.trapped_in_block(*exited, context_.exit_index, exited->count, context_.trap);
                return;
            case JitExit::EndedEarly:
                hot.polling_blocks = polling_blocks;
                hart.ended_early_in_block(*exited, context_.exit_index, exited->count);
                return;
            case JitExit::DebuggerStop:
                hot.polling_blocks = polling_blocks;
                hart.stopped_for_debugger_in_block(*exited, context_.exit_index, exited->count);
                return;
            case JitExit::Foreign:
                hot.polling_blocks = polling_blocks;
                std::rethrow_exception(std::exchange(context_.exception, nullptr));
            case JitExit::Completed:
            case JitExit::AfterBlock: // the cycle mode's; a completed block all the same
            case JitExit::Polling:
                block = exited;
                exit_site = context_.exit_site;
                break;
            }
        } else {
            // The interpreter's fast loop, for one block; showing fetches, the hart's
            // instruction-at-a-time loop.
            if (shows_fetches_ ||
                hot.instret + block->count > hot.next_event.load(std::memory_order_relaxed)) {
                hart.set_pc(block->start_pc);
                break;
            }
            if (hart.execute_block<false>(block) != Hart::BlockOutcome::Completed) {
                break;
            }
            polling_blocks = (polling_blocks + 1) & block->polling_mask;
        }
        if (polling_blocks - hot.watch_base >= hot.watch_span) [[unlikely]] {
            hart.set_pc(hot.next_pc);
            hot.polling_blocks = polling_blocks;
            const bool stepped = hart.watch_for_waiting();
            polling_blocks = hot.polling_blocks;
            context_.watch_limit = hot.watch_base + hot.watch_span;
            if (stepped) {
                return;
            }
            // The static end's jump goes on where it did: to the next block's code once chained
            // (without the successor's lookups), else out again as before the watch.
            if (exit_site != nullptr) {
                resume = exit_site;
                continue;
            }
        }
        DecodedBlock* next = hart.successor(block, hot.next_pc);
        block_code = &code_of(*next);
        if (const void* next_code = block_code->code) {
            if (exit_site != nullptr) {
                BlockTranslator::chain(exit_site, next_code);
            } else {
                context_.targets[JitContext::target_slot(next->start_pc)] = {next->start_pc,
                                                                             next_code};
            }
        }
        block = next;
    }
    hot.polling_blocks = polling_blocks;
}

TimedRun JitEngine::run_timed_blocks(DecodedBlock* block, std::uint64_t& polling_blocks,
                                     std::uint64_t bound) {
    Hart& hart = hart_;
    HartHotState& hot = hart.hot_state();
    const bool memory_timed = hart.memory_timing() != nullptr;
    const auto interpret = [&] {
        const bool completed =
            (memory_timed ? hart.execute_block<true, true>(block)
                          : hart.execute_block<true>(block)) == Hart::BlockOutcome::Completed;
        return TimedRun{completed ? TimedRun::Outcome::Completed : TimedRun::Outcome::Stopped,
                        block};
    };
    // A run of a few cycles costs less on the interpreter than the entry into translated code,
    // which a few instructions do not repay; nor would their blocks repay a translation per PE.
    // Such runs are those of PEs that communicate: a reduction on 256 PEs runs about 3
    // instructions of every PE per 10-cycle window. The interpreter's results are the JIT's,
    // so which one runs a block changes nothing else.
    if (bound - hot.clock.cycle < short_run_cycles_) {
        return interpret();
    }
    const BlockCode* code = ensure_translated(*block, code_of(*block));
    if (code == nullptr) {
        return interpret();
    }
    const TimedEntries& entries = timed_entries_[block->number];
    if (pending_site_ != nullptr && pending_target_ == block->start_pc) {
        const bool load_use = (pending_load_mask_ & block->timing.first_reads) != 0;
        BlockTranslator::chain(pending_site_, entries.linked_entries[load_use ? 1 : 0]);
    }
    pending_site_ = nullptr;
    context_.targets[JitContext::target_slot(block->start_pc)] = {block->start_pc,
                                                                  entries.chained_entry};
    hart.start_timed_block(*block);
    // The helpers run copies of the block's instructions, two entries apart.
    hot.clock.timed_instructions = code->helpers;
    hot.clock.timed_instruction_stride = 2;
    context_.bound = bound;
    context_.chained = 0;
    context_.polling_blocks = polling_blocks;
    translator_.entry()(&hart, &context_, code->code);
    polling_blocks = context_.polling_blocks;
    DecodedBlock* exited = context_.exit_block;
    const std::uint64_t index = context_.exit_index;
    // As the interpreter's execute_block: with caches, the fetches of what ran and the block's
    // memory stall first.
    const auto account = [&](std::uint64_t executed, bool taken) {
        if (memory_timed) {
            if (executed != 0) {
                hart.charge_fetches_through(executed - 1);
            }
            hart.account_memory_stall();
        }
        hart.account_block(*exited, executed, taken);
    };
    switch (context_.exit) {
    case JitExit::BeforeBlock:
        if (context_.chained != 0) {
            return {TimedRun::Outcome::Continue, exited};
        }
        // Another thread asked to look at the hart since the loop checked, and nothing ran: the
        // interpreter runs the block, as it would have without looking again.
        return interpret();
    case JitExit::AfterBlock:
        pending_site_ = context_.exit_site;
        pending_target_ = hot.next_pc;
        pending_load_mask_ = exited->timing.last_load_destination;
        return {TimedRun::Outcome::Continue, hart.successor(exited, hot.next_pc)};
    case JitExit::Polling:
        return {TimedRun::Outcome::Polling, exited};
    case JitExit::Completed:
        account(exited->count, hot.next_pc != exited->end_pc);
        return {TimedRun::Outcome::Completed, exited};
    case JitExit::Trapped:
        // The instruction that trapped was fetched.
        if (memory_timed) {
            hart.charge_fetches_through(index);
        }
        account(index, false);
        hot.clock.pending_load_mask = 0;
        hart.trapped_in_block(*exited, index, exited->count, context_.trap);
        return {TimedRun::Outcome::Stopped, exited};
    case JitExit::EndedEarly:
        account(index + 1, false);
        hart.ended_early_in_block(*exited, index, exited->count);
        return {TimedRun::Outcome::Stopped, exited};
    case JitExit::DebuggerStop:
        account(index, false);
        hart.stopped_for_debugger_in_block(*exited, index, exited->count);
        return {TimedRun::Outcome::Stopped, exited};
    case JitExit::Foreign:
        break;
    }
    std::rethrow_exception(std::exchange(context_.exception, nullptr));
}

void JitEngine::flush() {
    cache_.reset();
    code_.clear();
    timed_entries_.clear();
    pending_site_ = nullptr;
    context_.targets.fill(JitContext::Target{});
    ++flushes_;
}

TranslationStatistics JitEngine::statistics() const {
    return {translations_, cache_.used(), cache_.capacity(), flushes_, full_flushes_};
}

} // namespace xbemu
