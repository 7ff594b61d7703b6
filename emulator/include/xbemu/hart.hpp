#pragma once
// One RISC-V hardware thread: architectural state, the memory fast path its instructions use,
// CSRs, traps and interrupts, and the dispatch loop over decoded blocks.

#include "fp/floating_point.hpp"
#include "xbemu/attached_debugger.hpp"
#include "xbemu/deadlock_confirmation.hpp"
#include "xbemu/debug_triggers.hpp"
#include "xbemu/decoder/decoded_instruction.hpp"
#include "xbemu/decoder/extension.hpp"
#include "xbemu/execution_engine.hpp"
#include "xbemu/extension_hart_state.hpp"
#include "xbemu/guest_ram.hpp"
#include "xbemu/hart_hot_state.hpp"
#include "xbemu/machine_description.hpp"
#include "xbemu/memory_timing.hpp"
#include "xbemu/netsim/cycle.hpp"
#include "xbemu/pmp.hpp"
#include "xbemu/polling_detector.hpp"
#include "xbemu/ram_rollback_log.hpp"
#include "xbemu/stall_cause.hpp"
#include "xbemu/trap.hpp"
#include "xbemu/trap_storm.hpp"
#include "xbemu/turn_stores.hpp"

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace xbemu {

class ProcessingElement;
class BlockCache;
class CheckpointReader;
class CheckpointWriter;
class BlockCostModel;
class MemoryAccessObserver;
class PeProfile;
struct DecodedBlock;

enum class PrivilegeMode : std::uint8_t { User = 0, Machine = 3 };

enum class StopReason : std::uint8_t {
    Exited,           // the guest asked to stop (semihosting, HTIF, test finisher)
    InstructionLimit, // the requested number of instructions retired
    Stopped,          // another PE failed, so the whole job stops
    Parked,           // it waits for other PEs, and gives its host thread back (park_when_waiting)
};

// Where Hart::run_until (the cycle timing mode) left the hart.
enum class CycleRunOutcome : std::uint8_t {
    ReachedBound, // the next instruction starts at or after the bound, or the PE has a message
                  // to take first
    Suspended,    // waits for the network: a response, a store-buffer entry, a fence
    Polling,      // loops without side effects: only another PE's message can end the loop
    // Loops as Polling does while its steps are observed (commit log, profile): found once,
    // its turns run on (polling_observed() says it still loops), which skipping would hide.
    ObservedPolling,
    Sleeping, // wfi until the timer fires (timer_deadline())
    Exited,
    InstructionLimit,
    Stopped,
    DebugStop, // stopped for the debugger (debug_stop()) before the bound
    // A speculative run reached a block it may not run ahead of time (a message, a remote
    // access, a CSR, a system instruction...): the hart stands before it.
    SpeculationStop,
};

// The nominal clock: mtime ticks once per 100 cycles (10 MHz at a nominal 1 GHz), as Spike's
// default. In the functional timing mode a cycle is an instruction.
inline constexpr std::uint64_t kCyclesPerTimerTick = 100;

// The state translated code and the engines' dispatch loops touch on the hot path is a private
// base of its own, HartHotState (hart_hot_state.hpp): at the front of the object, used by the
// hart's code as its own members (their names have no trailing underscore), and published to
// execution engines through hot_state(). A base rather than a member, so that the registers it
// holds stay hart.x, hart.f and hart.next_pc for execute functions and extensions.
class Hart : private HartHotState {
public:
    // `timing`: the machine's latencies in the cycle timing mode, nullptr in the functional mode.
    Hart(ProcessingElement& pe, unsigned hart_id, const MachineDescription* timing);
    ~Hart();
    Hart(const Hart&) = delete;
    Hart& operator=(const Hart&) = delete;

    // ---- state that execute functions use directly ------------------------------------
    // The registers are the hot state's (hart_hot_state.hpp).
    using HartHotState::x; // x[32] is the sink for writes to x0
    // NaN-boxed singles and doubles.
    using HartHotState::f;
    // Where the current block continues; control-flow instructions overwrite it.
    using HartHotState::next_pc;

    // ---- the extensions' own state (extension_hart_state.hpp) -----------------------------
    // The state in `slot`: nullptr when no enabled extension takes it.
    ExtensionHartState* extension_state(unsigned slot) const { return extension_slots_[slot]; }
    // The state in `slot` as the execute functions of the extension whose type takes it know it
    // (`State`, a slot constant of theirs): at a fixed offset in the hart, no check.
    template <typename State> State& extension_state_in(unsigned slot) {
        return *std::launder(reinterpret_cast<State*>(extension_storage_[slot].bytes));
    }
    struct OwnedExtensionState {
        const Extension* extension;
        std::unique_ptr<ExtensionHartState, ExtensionHartStateEnd> state;
    };
    // Every extension's state, in the decode table's order of the extensions.
    const std::vector<OwnedExtensionState>& extension_states() const { return extension_states_; }
    // The extended register file (RegisterClass::Extended, 32 words), nullptr without one.
    std::uint64_t* extended_registers() const { return e; }

    [[noreturn]] static void raise(std::uint64_t cause, std::uint64_t value,
                                   const DecodedInstruction& op) {
        throw Trap{cause, value, &op};
    }

    // ---- data memory ----------------------------------------------------------------------
    // The fast path: plain RAM. False when the access needs the general path (a device, a
    // fault, the last bytes of RAM, a page holding decoded code or watched by the host, or PMP
    // or a debug trigger restricting data accesses).
    template <typename T> bool try_load(std::uint64_t address, T& value) const {
        static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= kFastPathAccessBytes);
        const std::uint64_t offset = address - kRamBase;
        if (offset < fast_path_limit) [[likely]] {
            std::memcpy(&value, ram_host + offset, sizeof(T));
            return true;
        }
        return false;
    }
    template <typename T> bool try_store(std::uint64_t address, T value) {
        static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= kFastPathAccessBytes);
        const std::uint64_t offset = address - kRamBase;
        if (offset < fast_path_limit && (page_flags[offset >> kPageShift] |
                                         page_flags[(offset + sizeof(T) - 1) >> kPageShift]) == 0)
            [[likely]] {
            std::memcpy(ram_host + offset, &value, sizeof(T));
            return true;
        }
        return false;
    }

    template <typename T> T load(std::uint64_t address, const DecodedInstruction& op) {
        T value;
        if (try_load(address, value)) [[likely]] {
            return value;
        }
        return static_cast<T>(load_slow(address, sizeof(T), op));
    }

    template <typename T> void store(std::uint64_t address, T value, const DecodedInstruction& op) {
        if (try_store(address, value)) [[likely]] {
            return;
        }
        std::uint64_t bits = 0;
        std::memcpy(&bits, &value, sizeof(T));
        store_slow(address, sizeof(T), bits, op);
    }

    // Atomic read-modify-write on naturally aligned RAM (AMOs); returns the old value.
    template <typename T, typename Operation>
    T atomic_read_modify_write(std::uint64_t address, const DecodedInstruction& op,
                               Operation operation);
    template <typename T> T load_reserved(std::uint64_t address, const DecodedInstruction& op);
    // true when the store happened (rd gets 0).
    template <typename T>
    bool store_conditional(std::uint64_t address, T value, const DecodedInstruction& op);
    void clear_reservation() { reservation_valid_ = false; }

    // ---- floating point -----------------------------------------------------------------
    // The effective rounding mode of an instruction's rm field (7 = frm); reserved values
    // raise an illegal-instruction exception.
    fp::RoundingMode rounding_mode(std::int32_t rm_field, const DecodedInstruction& op) const {
        const std::uint32_t mode = rm_field == 7 ? frm : static_cast<std::uint32_t>(rm_field);
        if (mode > 4) [[unlikely]] {
            raise_illegal_instruction(op);
        }
        return static_cast<fp::RoundingMode>(mode);
    }
    void accrue_flags(std::uint8_t flags) { fflags |= flags; }
    bool inexact_accrued() const { return (fflags & fp::kInexact) != 0; }
    void mark_fpu_dirty() { mstatus |= kMstatusFsDirty; }
    std::uint32_t read_single(unsigned reg) const {
        const std::uint64_t value = f[reg];
        return (value >> 32) == 0xffffffffU ? static_cast<std::uint32_t>(value)
                                            : fp::kCanonicalNan32;
    }
    void write_single(unsigned reg, std::uint32_t bits) {
        f[reg] = 0xffffffff00000000ULL | bits;
        mark_fpu_dirty();
    }
    void write_double(unsigned reg, std::uint64_t bits) {
        f[reg] = bits;
        mark_fpu_dirty();
    }
    bool fpu_enabled() const { return (mstatus & kMstatusFsMask) != 0; }

    // ---- Zicsr and system instructions ----------------------------------------------------
    // Read-modify-write of the CSR named by op.imm with the Zicsr rules: `write` says whether
    // the instruction writes (csrrs/csrrc with rs1 = x0 do not). Reads have no side effects
    // here, so they always happen. Raises illegal instruction for a missing CSR, too low a
    // privilege, or a write to a read-only CSR. Returns the old value.
    std::uint64_t csr_access(const DecodedInstruction& op, bool write,
                             std::uint64_t (*update)(std::uint64_t old, std::uint64_t operand),
                             std::uint64_t operand);
    void execute_ecall(const DecodedInstruction& op);
    void execute_ebreak(const DecodedInstruction& op);
    void execute_mret(const DecodedInstruction& op);
    void execute_wfi(const DecodedInstruction& op);
    void execute_fence_i();
    // Instruction-address-misaligned check for jump targets when C is disabled.
    void check_jump_target(std::uint64_t target, const DecodedInstruction& op) const {
        if ((target & jump_alignment_mask) != 0) [[unlikely]] {
            raise(cause::kInstructionAddressMisaligned, target, op);
        }
    }
    [[noreturn]] void raise_illegal_instruction(const DecodedInstruction& op) const;
    // The breakpoint of the execute trigger at op.pc, which block translation found (marks the
    // trigger hit).
    [[noreturn]] void raise_execute_trigger(const DecodedInstruction& op);

    // ---- running ------------------------------------------------------------------------
    // Functional mode: runs until the guest stops or `instret_limit` instructions have retired
    // in total. Throws GuestFatalError when the guest cannot continue.
    StopReason run(std::uint64_t instret_limit);
    // Functional mode on a pool of host threads: a hart that finds itself waiting returns from
    // run() with StopReason::Parked instead of giving its thread's CPU away, and stays waiting
    // (hart_waiting.cpp); park_time() then says after how long its wait is worth another look.
    // A parked hart that found the deadlock has stopped the group, and reports it once the other
    // PEs have ended (found_deadlock()).
    void park_when_waiting() { parks_when_waiting_ = true; }
    bool parks_when_waiting() const { return parks_when_waiting_; }
    // Whether the hart waits (polls without progress), and how many waits it has begun: a run
    // that parks in the wait it began with changed nothing another PE sees.
    bool waiting() const { return waiting_; }
    std::uint64_t waits_begun() const { return waits_begun_; }
    // Ends the run at the next block boundary with StopReason::Parked, to look again after
    // `pause`; for waits the hart does not see itself (PIMP's message FIFOs).
    void park(std::chrono::steady_clock::duration pause) {
        park_time_ = pause;
        park_requested_ = true;
        wakes_on_ram_write_ = false;
        request_event_check();
    }
    // The hart parked in a loop that reads nothing but its registers and its own RAM: only
    // another PE's write into that RAM can end it (a pool need not look before one).
    bool wakes_on_ram_write() const { return wakes_on_ram_write_ && written_word_ != nullptr; }
    // On a pool: the bit of this hart's PE in the pool's words of PEs whose RAM another PE
    // wrote (ram_written_remotely), and the count the pool watches to know when to look at
    // them; nullptr: none.
    void report_ram_writes(std::atomic<std::uint64_t>* word, std::uint64_t bit,
                           std::atomic<std::uint64_t>* reports) {
        written_word_ = word;
        written_bit_ = bit;
        written_reports_ = reports;
    }
    // Before a look at a wait: writes from here on count, those before it the look will see.
    // A hart asleep until its RAM is written (wakes_on_ram_write) that was written resumes its
    // run without a look (run()).
    void forget_ram_writes() {
        if (written_word_ != nullptr) {
            const std::uint64_t reported =
                written_word_->fetch_and(~written_bit_, std::memory_order_seq_cst);
            woken_by_ram_write_ = wakes_on_ram_write_ && (reported & written_bit_) != 0;
        }
    }
    // How long a PE that has waited for `waited` gives its host CPU away before it looks again:
    // an eighth of the time waited, so that a wait that ends costs at most about an eighth more
    // time (on a thread of its own, it yields in its first millisecond of waiting, then sleeps
    // at most a millisecond at a time).
    static std::chrono::steady_clock::duration
    wait_pause(std::chrono::steady_clock::duration waited);
    std::chrono::steady_clock::duration park_time() const { return park_time_; }
    bool found_deadlock() const { return found_deadlock_; }

    // ---- the cycle timing mode ------------------------------------------------------------
    bool cycle_mode() const { return timing_ != nullptr; }
    const MachineDescription& machine() const { return *timing_; }
    // The timing layer prices every block from here on (before the hart runs).
    void attach_cost_model(const BlockCostModel& model);
    // Caches and DRAM (before the hart runs): every fetch, load and store in RAM then asks
    // `timing` what it costs, so loads and stores leave the RAM fast path for the interpreter's
    // slow paths, which see every access; the JIT runs the first-level caches' hits inline
    // (MemoryTiming::data_hit_path) and calls the slow paths for the rest.
    void attach_memory_timing(MemoryTiming& timing);
    const MemoryTiming* memory_timing() const { return memory_timing_; }
    MemoryTiming* memory_timing() { return memory_timing_; }
    void set_instruction_limit(std::uint64_t instret_limit) { instret_limit_ = instret_limit; }
    // --fast-forward: a hart that ran in the functional mode goes on in the cycle mode with
    // `machine`'s latencies, as a hart that starts there: its clock, its instruction count (and
    // with them mcycle, minstret, time and mtime) and its stall counts start from 0, and what it
    // decoded is decoded again. Between runs, before the timing layer attaches its cost model.
    void enter_cycle_mode(const MachineDescription& machine);
    // --checkpoint, --restore (hart_checkpoint.cpp): the state that outlives the switch to the
    // cycle mode (registers, pc, privilege, CSRs, PMP, triggers, CLINT, reservation, wfi), at a
    // block boundary of the functional mode; restored into a hart that has not run.
    void save_checkpoint(CheckpointWriter& out) const;
    void restore_checkpoint(CheckpointReader& in);
    // Runs the instructions that start before cycle `bound`, and returns why it stopped.
    CycleRunOutcome run_until(netsim::Cycle bound);
    // When the next instruction starts.
    netsim::Cycle cycle() const { return clock.cycle; }
    // The start cycle of instruction `op` of the block being executed.
    netsim::Cycle cycle_at(const DecodedInstruction& op) const;
    // Brings cycle() to the start of `op` for a slow path that reads the time (CSRs, devices,
    // semihosting, the network); the block's end sets the real value again. With caches, `op`
    // and those before it are fetched first, so the time is the same however the code is cut
    // into blocks.
    void sync_cycle(const DecodedInstruction& op) {
        if (timing_ != nullptr) {
            if (memory_timing_ != nullptr) [[unlikely]] {
                charge_fetches_through(index_in_block(op));
            }
            clock.cycle = cycle_at(op);
        }
    }
    // A remote instruction (the last of its block) waits for the network; resume() continues at
    // `at`, counting the wait under `cause`.
    void suspend(StallCause cause) {
        clock.suspended = true;
        suspend_cause_ = cause;
    }
    bool suspended() const { return clock.suspended; }
    // Something the PE must act on came up while the hart runs (a message to itself): run_until
    // returns at the next instruction boundary.
    void return_to_pe() {
        return_to_pe_ = true;
        request_event_check();
    }
    StallCause suspend_cause() const { return suspend_cause_; }
    void resume(netsim::Cycle at);
    // While polling: advances whole loop iterations, as executing them would, to the last
    // iteration boundary at or before `cycle`.
    void skip_polling_until(netsim::Cycle cycle);
    // Another PE's message changed this PE's memory: a polling loop may now end.
    void forget_polling() {
        polling_period_.reset();
        polling_observed_ = false;
        reset_polling_detection();
        cancel_loop_turn_check();
    }
    // Since run_until returned ObservedPolling the hart has gone round that loop and nothing
    // (a message, an interrupt, a side effect) has changed it.
    bool polling_observed() const { return polling_observed_; }
    // The cycle at which the timer interrupt becomes pending, if it can fire and is not yet.
    netsim::Cycle timer_deadline() const;
    // The timer interrupt is enabled and mtimecmp set: a loop waiting for something else may
    // still end through it.
    bool timer_interrupt_armed() const;
    const StallCycles& stall_cycles() const { return clock.stalls; }
    // Makes the dispatch loop leave fast mode at the next block boundary.
    void request_event_check() { next_event.store(0, std::memory_order_relaxed); }
    // Called by an instruction flagged kReportsProgress when it changed something another PE
    // or the host sees: the loop it is part of is no wait (hart_waiting.cpp).
    void note_progress() { progress_noted_ = true; }
    // A measurement hint (the last instruction of its block) asked its PE for a measurement:
    // the hart takes it at the end of the block, once the block's time is accounted.
    void request_measurement() {
        measurement_pending_ = true;
        request_event_check();
    }
    // Stops the hart at the next block boundary with the given exit status.
    void request_exit(int status);
    // A remote store or atomic (the functional mode's, from any PE's thread, this one's too)
    // wrote this PE's RAM at [address, address + size): decoded code there is stale. Safe from
    // any thread; the hart flushes its blocks at its next block boundary.
    void ram_written_remotely(std::uint64_t address, unsigned size) {
        const std::uint64_t offset = address - kRamBase;
        const auto flags = [this](std::uint64_t at) {
            return std::atomic_ref<std::uint8_t>(page_flags[at >> kPageShift])
                .load(std::memory_order_relaxed);
        };
        if (((flags(offset) | flags(offset + size - 1)) & kPageHoldsDecodedCode) != 0) {
            code_written_remotely_.store(true, std::memory_order_release);
            next_event.store(0, std::memory_order_release);
        }
        // Once per look at most: a write racing with the look's start may go unreported, and
        // the pool then looks again within its longest pause (FunctionalPool).
        if (written_word_ != nullptr &&
            (written_word_->load(std::memory_order_relaxed) & written_bit_) == 0) {
            written_word_->fetch_or(written_bit_, std::memory_order_release);
            written_reports_->fetch_add(1, std::memory_order_release);
        }
    }
    // Someone other than this hart wrote RAM at [address, address + size) on the hart's own
    // thread: decoded code or a host-watched word there must see it.
    void ram_written_externally(std::uint64_t address, unsigned size) {
        const std::uint64_t offset = address - kRamBase;
        if (((page_flags[offset >> kPageShift] | page_flags[(offset + size - 1) >> kPageShift]) &
             kPageFlagsOfNote) != 0) {
            after_special_ram_write(offset, size);
        }
    }

    unsigned id() const { return id_; }
    std::uint64_t pc() const { return pc_; }
    void set_pc(std::uint64_t pc) { pc_ = pc; }
    PrivilegeMode privilege() const { return privilege_; }
    std::uint64_t instructions_retired() const { return instret; }
    // The clock behind mcycle and mtime: retired instructions (and sleep) in the functional
    // mode, simulated cycles in the cycle mode.
    std::uint64_t cycles() const {
        return timing_ != nullptr ? clock.cycle : instret + sleep_cycles_;
    }
    std::optional<int> exit_status() const { return exit_status_; }
    ProcessingElement& pe() { return pe_; }

    // CLINT state of this hart.
    std::uint64_t mtime() const;
    void set_mtime(std::uint64_t value);
    std::uint64_t mtimecmp() const { return mtimecmp_; }
    void set_mtimecmp(std::uint64_t value);
    bool software_interrupt_pending() const { return msip_; }
    void set_software_interrupt_pending(bool pending);

    // ---- an attached debugger (hart_debugging.cpp) ----------------------------------------
    // The hart stops for its debugger at the top of its dispatch loop, between blocks: run()
    // waits there (AttachedDebugger::wait_while_stopped), run_until() returns DebugStop. Only
    // request_debug_pause may be called while the hart runs; the rest while it is stopped or
    // before it starts.
    void attach_debugger(AttachedDebugger* debugger) { debugger_ = debugger; }
    // Stops the hart at its next block boundary.
    void request_debug_pause();
    // Why the hart stopped for the debugger, or the breakpoint or watchpoint it is about to stop
    // for; nothing while it runs.
    std::optional<DebugStop> debug_stop() const;
    // Runs on, after one instruction (or the trap it takes) stops again when `step`.
    void resume_from_debugger(bool step);
    // The cycle mode, while the debugger lets other PEs run: the hart stays stopped, and its
    // clock runs with theirs (Debugger stall cycles) so that they find it where time says.
    void hold_for_debugger();
    // After a remote store or atomic into PE `pe`'s RAM (the functional mode), or a write into
    // this PE's RAM on a page a debugger watches (another PE's in the cycle mode): an attached
    // debugger's write watchpoints watch every PE's memory.
    void after_remote_write(unsigned pe, std::uint64_t address, unsigned size) {
        if (debugger_ != nullptr) [[unlikely]] {
            debugger_->written_by_other(pe, address, size);
        }
    }
    // Decodes again, after breakpoints or code changed.
    void discard_decoded_code() {
        flush_pending_ = true;
        request_event_check();
    }
    // Hardware breakpoints and watchpoints in the debug triggers; the trigger's index, or
    // nothing when none is free.
    std::optional<unsigned> set_debugger_trigger(MemoryAccess access, std::uint64_t address,
                                                 std::uint64_t size);
    void clear_debugger_trigger(unsigned index);
    // CSRs as the debugger sees them between instructions; nothing for a CSR that does not
    // exist, false for one that cannot be written.
    std::optional<std::uint64_t> debugger_read_csr(std::uint32_t number);
    bool debugger_write_csr(std::uint32_t number, std::uint64_t value);
    bool debugger_breakpoint_at(std::uint64_t address) const {
        return debugger_ != nullptr && debugger_->breakpoint_at(address);
    }
    // The instruction block translation put at a software breakpoint.
    [[noreturn]] void stop_at_breakpoint(const DecodedInstruction& op);

    // ---- the cycle mode's speculative runs (hart_speculation.cpp) --------------------------
    // Between begin_speculation and end_speculation the hart runs only blocks whose every
    // instruction changes nothing but its registers, its clock and its RAM (DecodedBlock::
    // speculable): run_until returns SpeculationStop before any other, and a device access, a
    // trap or a store into decoded code throws SpeculationAbort. end_speculation(false) puts
    // the hart and its RAM back as they were at begin_speculation.
    void begin_speculation();
    void end_speculation(bool keep);
    bool speculating() const { return clock.speculating; }
    bool can_speculate() const {
        return commit_log_ == nullptr && data_observer_ == nullptr && fetch_observer_ == nullptr &&
               profile_ == nullptr && memory_timing_ == nullptr && debugger_ == nullptr;
    }

    // Registers and CSRs for trap reports and the commit log.
    std::string register_dump(std::uint64_t pc) const;
    // "hart 0" on a single-PE machine, "PE 3" (its hart 0) with several PEs.
    std::string name() const;
    void set_commit_log(std::FILE* log) { commit_log_ = log; }
    // Feeds the profile every instruction, which then runs one at a time as with the commit log
    // (the fast paths stay as they are); before run().
    void set_profile(PeProfile* profile) { profile_ = profile; }
    // Shows the observer this hart's fetches and its loads and stores to RAM, or stops showing
    // them (nullptr); before run(). The interpreter then fetches one instruction at a time (as
    // the commit log does) and its loads and stores take the slow path; the JIT runs the
    // observer's hit paths inline (MemoryAccessObserver::data_hit_path and
    // instruction_hit_path) and shows it the rest: the fast paths stay as they are.
    void set_memory_observer(MemoryAccessObserver* observer);
    // The observers of loads and stores and of fetches, if any (for the JIT).
    MemoryAccessObserver* data_observer() const { return data_observer_; }
    MemoryAccessObserver* fetch_observer() const { return fetch_observer_; }
    TranslationStatistics translation_statistics() const {
        return engine_ != nullptr ? engine_->statistics() : TranslationStatistics{};
    }

    // ---- for execution engines --------------------------------------------------------------
    // What an engine that runs blocks in place of the interpreter's loops (ExecutionEngine: the
    // JIT) needs from the hart: the hot state, which its code addresses, and the operations at
    // block boundaries that leave the hart as the interpreter's loops do. Public methods rather
    // than a narrow class that the hart befriends and hands out: they are the hart's own block
    // protocol, which its loops call too, so a wrapper would only forward them (and need the
    // friendship this section replaces). Only the hart's own thread calls them, from inside
    // ExecutionEngine::run_blocks or run_timed_blocks, at a block boundary; nothing else should.
    HartHotState& hot_state() { return *this; }
    const HartHotState& hot_state() const { return *this; }

    enum class BlockOutcome : std::uint8_t { Completed, EndedEarly, Trapped, DebuggerStop };
    // Runs the first `length` instructions of the block (all of them by default) on the
    // interpreter, with everything that follows a trap, an early end or a debugger stop done;
    // in the cycle mode also starts the block's time (start_timed_block) and accounts it, and
    // with kMemoryTimed (caches and DRAM attached) its fetches and its loads' and stores' stalls.
    template <bool kCycleMode, bool kMemoryTimed = false>
    BlockOutcome execute_block(DecodedBlock* block, std::uint64_t length = ~0ULL);
    // The cycle mode's execute_block, with or without memory timing as the hart has it.
    BlockOutcome execute_timed_block(DecodedBlock* block);
    // After an instruction of the block at `index` trapped (counted: the instructions instret
    // was advanced by for the block): undoes the count of it and of those after it, and takes
    // the trap.
    void trapped_in_block(const DecodedBlock& block, std::uint64_t index, std::uint64_t counted,
                          const Trap& trap);
    // After the instruction at `index` retired and asked to end the block.
    void ended_early_in_block(const DecodedBlock& block, std::uint64_t index,
                              std::uint64_t counted);
    // Before the instruction at `index`, which stopped for the debugger without effect.
    void stopped_for_debugger_in_block(const DecodedBlock& block, std::uint64_t index,
                                       std::uint64_t counted);
    // The block that runs after `block` when it continues at `pc` (its two remembered
    // successors, else the block cache's).
    DecodedBlock* successor(DecodedBlock* block, std::uint64_t pc);
    // Functional mode (hart_waiting.cpp): a loop of polling blocks whose state comes back
    // unchanged waits for memory another PE writes: give the host CPU away, and tell the PE
    // group (deadlock detection). Runs when polling_blocks passes the watch point or falls
    // back to 0 after one, at a block boundary with pc() set and the hot state's
    // polling_blocks up to date; true when it ran instructions (the caller goes back to the
    // dispatch loop). May change polling_blocks, watch_base and watch_span.
    bool watch_for_waiting();
    // Cycle mode: before a block runs, where its time starts, for cycle_at (an engine that runs
    // copies of the block's instructions then sets clock.timed_instructions and its stride);
    // after it ran `length` of its instructions (`taken`: it completed through a taken branch
    // or jump), its cycles and stalls onto the clock.
    void start_timed_block(const DecodedBlock& block);
    // Fetches the running block's instructions from the next not yet fetched through `index`,
    // each at its start cycle.
    void charge_fetches_through(std::uint64_t index);
    void start_fetching() { clock.fetch_cursor = 0; }
    // A fetch that looks up `line` (not the line fetched last) for instruction `index` of the
    // running block, at its start cycle (an engine that knows the block's lines).
    void charge_fetch(std::uint64_t line, std::uint64_t index);
    netsim::Cycle cycle_at_index(std::size_t index) const;
    std::size_t index_in_block(const DecodedInstruction& op) const {
        return static_cast<std::size_t>(&op - clock.timed_instructions) /
               clock.timed_instruction_stride;
    }
    // The running block's memory stall, taken into its start as the block ends, so that the
    // block's static times count from after it.
    void account_memory_stall();
    // A load or store in RAM with caches and DRAM attached: the fetches up to `op`, then the
    // access, at op's start cycle; their stalls go into the running block's time.
    void charge_data_access(std::uint64_t address, unsigned size, bool store,
                            const DecodedInstruction& op);
    void account_block(const DecodedBlock& block, std::uint64_t length, bool taken);
    // detect_polling's observation of the whole state, after the block's accounting (also for
    // an engine that does the detection's common cases itself): true when the hart polls.
    bool observe_for_polling();

private:
    struct alignas(kExtensionStateAlignment) ExtensionStateStorage {
        std::byte bytes[kExtensionStateBytes];
    };
    std::array<ExtensionStateStorage, kExtensionStateSlots> extension_storage_;
    std::array<ExtensionHartState*, kExtensionStateSlots> extension_slots_{};
    // After the storage: its states end before it goes.
    std::vector<OwnedExtensionState> extension_states_;
    void add_extension_state(const Extension& extension);

    // Decoding checks fetches and execute triggers (may_fetch, execute_trigger_at).
    friend class BlockCache;

    static constexpr std::uint64_t kMstatusMie = 1ULL << 3;
    static constexpr std::uint64_t kMstatusMpie = 1ULL << 7;
    static constexpr unsigned kMstatusMppShift = 11;
    static constexpr std::uint64_t kMstatusMpp = 3ULL << kMstatusMppShift;
    static constexpr std::uint64_t kMstatusMprv = 1ULL << 17;
    static constexpr std::uint64_t kMstatusTw = 1ULL << 21;
    static constexpr std::uint64_t kMstatusSd = 1ULL << 63;
    static constexpr std::uint64_t kFastPathAccessBytes = 8;

    std::uint64_t load_slow(std::uint64_t address, unsigned size, const DecodedInstruction& op);
    // PMP and debug triggers (hart_protection.cpp). Loads and stores off the fast path: raises
    // the breakpoint of a matching trigger, or the access fault PMP calls for.
    void check_data_access(std::uint64_t address, unsigned size, MemoryAccess access,
                           const DecodedInstruction& op);
    // Block translation: whether the instruction parcel at address may be fetched, and whether
    // an execute trigger matches it.
    bool may_fetch(std::uint64_t address, unsigned size) const;
    bool execute_trigger_at(std::uint64_t address) const;
    // A debugger trigger matched a data access: stops before it for the watchpoint it hits, if
    // any.
    void debugger_data_trigger(MemoryAccess access, std::uint64_t address, std::uint64_t size,
                               const DecodedInstruction& op);
    // Which modes PMP and the triggers leave unrestricted, hence what the fast paths serve.
    void classify_memory_protection();
    // After a change to PMP or the triggers: classify, and flush the decoded blocks, whose
    // fetch checks may be stale.
    void update_memory_protection();
    // After mstatus.MPRV or MPP changed: which mode's permissions loads and stores obey.
    void select_fast_path();
    // Trap entry and mret: the mode and tcontrol change, and with them what loads, stores and
    // fetches obey.
    void protection_on_mode_change(bool trap_entry);
    bool data_accesses_in_machine_mode() const;
    // An AMO, LR or SC in RAM under PMP or a trigger (an AMO needs read and write permission),
    // or watched by a memory observer.
    enum class AtomicAccess : std::uint8_t { LoadReserved, StoreConditional, ReadModifyWrite };
    void check_atomic_protection(std::uint64_t address, unsigned size, AtomicAccess access,
                                 const DecodedInstruction& op);
    // Nothing guards data accesses to RAM in the current mode: only a memory observer sends
    // them to the slow paths, which then need no checks.
    bool data_unguarded() const { return data_unguarded_[data_accesses_in_machine_mode() ? 1 : 0]; }
    // An AMO's or sc's triggers and PMP (it writes and reads).
    void check_atomic_write(std::uint64_t address, unsigned size, bool machine,
                            const DecodedInstruction& op);
    void store_slow(std::uint64_t address, unsigned size, std::uint64_t value,
                    const DecodedInstruction& op);
    void check_atomic_address(std::uint64_t address, unsigned size, AtomicAccess access,
                              const DecodedInstruction& op);
    // After a guest write to RAM at [offset, offset + size) on a flagged page: code
    // invalidation and host-watched words. The dispatch loop sees the consequences at the next
    // block boundary; plain stores end their block at once to make them precise.
    void after_special_ram_write(std::uint64_t offset, unsigned size);

    void run_fast(DecodedBlock* block);
    void flush_decoded_code();
    // One instruction with what observes each (commit log, profile, --ic): the dispatch loop's
    // step, and a step of a loop turn being checked while they are on.
    BlockOutcome run_single(DecodedBlock* block);
    bool observes_steps() const {
        return commit_log_ != nullptr || fetch_observer_ != nullptr || profile_ != nullptr;
    }
    // Functional mode: run_fast's watch for waiting, for a step of the dispatch loop, which
    // otherwise would never see a wait (and a deadlock) while the commit log or a profile is on.
    void watch_single_step(const DecodedBlock& step);
    // Cycle mode.
    template <bool kMemoryTimed>
    CycleRunOutcome run_blocks_until(DecodedBlock* block, netsim::Cycle bound);
    void add_stall(StallCause cause, std::uint64_t cycles) {
        clock.stalls[static_cast<std::size_t>(cause)] += cycles;
    }
    // After every block of the cycle loop: true when the hart goes round a loop that polls
    // (polling_period_ then holds one turn of it).
    bool detect_polling(const DecodedBlock& block);
    // detect_polling for a step of the cycle loop while steps are observed: true when it finds
    // the loop (polling_observed_ then set), once until the loop changes.
    bool watch_observed_step(BlockOutcome outcome, const DecodedBlock& step);
    // At the top of the dispatch loops while debug_attention_ is set: whether the hart stops
    // for the debugger now (debug_stop() says why).
    bool debug_stop_due();
    // A loop that also stores is skipped like one that does not once a turn of it, run an
    // instruction at a time, left memory as it found it. Runs every kWatchInterval-th block of
    // a run of polling blocks, with pc_ set; true when it started such a turn, which
    // check_loop_turn then runs (run_blocks_until must return).
    bool watch_loop_that_stores();
    // Runs the turn watch_loop_that_stores started, up to `bound`: Polling once it changed
    // nothing (ObservedPolling while steps are observed), Suspended when it waits for the
    // network, ReachedBound otherwise.
    CycleRunOutcome check_loop_turn(netsim::Cycle bound);
    void cancel_loop_turn_check() {
        store_loop_.check.reset();
        store_loop_.blocks = 0;
    }
    void reset_polling_detection() {
        polling_detector.reset();
        clock.poll_streak = 0;
    }
    LoopState loop_state(std::uint64_t mode_state) const {
        return {next_pc, fflags, mode_state, x.data(), f.data(), e};
    }
    std::uint64_t cycles_after_csr_instruction() const;
    enum class LoopTurn : std::uint8_t {
        Unchanged,   // stored nothing, reported no progress
        Restored,    // stored, but memory is back as it was; reported no progress
        Changed,     // did something, or left the loop
        Interrupted, // an event, or the cycle mode's bound, came first
    };
    // A turn being run an instruction at a time (hart_loop_turn.cpp); the cycle mode resumes
    // it across windows.
    struct LoopTurnCheck {
        TurnStores stores;
        std::uint64_t steps_left = 0;
        unsigned register_turns = 0;
        // The turn read beyond the hart's registers and RAM (other PEs' memory, messages).
        bool reads_elsewhere = false;
    };
    // Gives the state to `detector` at a look; once it repeated, the check of the loop's next
    // turn. `reference_instret`: instret when the detector took its reference.
    std::optional<LoopTurnCheck> look_for_loop(PollingDetector& detector,
                                               std::uint64_t& reference_instret,
                                               std::uint64_t mode_state);
    // Runs, one instruction at a time, until the state equals `detector`'s reference again (at
    // most a few times the loop's length), in the given timing mode.
    template <bool kCycleMode>
    LoopTurn step_through_loop_turn(LoopTurnCheck& check, const PollingDetector& detector,
                                    netsim::Cycle bound);
    std::optional<std::uint64_t> plain_store_window(const DecodedInstruction& op) const;
    // The functional mode's turn of a loop that may be a wait: whether it left memory and the
    // registers as they were (an interrupt or a change ends the look).
    bool turn_changed_nothing(LoopTurnCheck& check);
    // A turn of the loop changed nothing: the hart waits. `reads_elsewhere`: the turn read
    // beyond its registers and RAM.
    void waited_one_turn(bool reads_elsewhere);
    // On a pool: a parked hart, run again, looks at its wait by one turn of the loop, an
    // instruction at a time, from where it parked; parks again when the wait goes on.
    void look_again_at_wait();
    // From where the hart stands, one turn of a loop of `turn_instructions` it waited in before,
    // an instruction at a time: whether it waits there (look_again_at_wait's look).
    void look_at_loop_from_here(std::uint64_t turn_instructions);
    // On a pool, after a write woke the hart: a watch every kQuickWatchInterval polling blocks
    // that looks only at the loops it slept in before (known_waits_), so that it parks within a
    // few turns of the next such wait instead of after two kWatchInterval of them.
    bool quick_watch();
    void end_polling_watch();
    void stop_waiting();
    // The CSRs an instruction writes besides its operands (accrued FP flags, mstatus.FS,
    // mret's mstatus), seen before it runs so that the commit log can show what it changed.
    struct ImplicitCsrs {
        std::uint64_t mstatus;
        std::uint8_t fflags;
    };
    ImplicitCsrs implicit_csrs() const { return {read_mstatus(), fflags}; }
    void log_retired(const DecodedBlock& block, std::size_t index, const ImplicitCsrs& before);

    void take_trap(const Trap& trap, std::uint64_t pc);
    void take_interrupt(std::uint64_t cause);
    // The trap entry common to exceptions and interrupts: mepc, mcause, mtval, the mstatus
    // interrupt-enable stack, M-mode, and the jump to the handler.
    void enter_trap_handler(std::uint64_t epc, std::uint64_t cause, std::uint64_t value,
                            std::uint64_t target);
    std::uint64_t pending_interrupts() const;
    bool take_pending_interrupt();
    void wait_for_interrupt();
    void update_next_event();
    [[noreturn]] void fatal(const std::string& summary, std::uint64_t pc) const;
    void check_wfi_can_wake() const;

    // CSR helpers (hart_csr.cpp).
    std::uint64_t csr_read(std::uint32_t number, const DecodedInstruction& op);
    void csr_write(std::uint32_t number, std::uint64_t value, const DecodedInstruction& op);
    void check_csr_exists(std::uint32_t number, bool write, const DecodedInstruction& op) const;
    std::uint64_t read_mstatus() const;
    void write_mstatus(std::uint64_t value);
    std::uint64_t misa() const;
    std::uint64_t counter_value(std::uint32_t number) const;

    // The hot members come first: HartHotState, the base.

    // The longest loop period the functional mode looks for, in looks (PollingDetector).
    static constexpr std::uint64_t kLongestWaitPeriod = 64;
    // Looks without a turn that changed nothing, after which a waiting hart no longer counts as
    // waiting. The detector, starting afresh after each turn, finds a loop of period p looks
    // again within about 3p looks (Brent's powers of two up to p, then p more), so a hart that
    // has not done so in 4p + 4 has left the loop: soon enough that a PE which left its wait for
    // a long computation of polling-type blocks (loads, remote loads, stores into RAM) is not
    // taken for waiting while the others wait for its result, even when the host starves it.
    static constexpr std::uint64_t kStalePeriods = 4;
    static constexpr std::uint64_t kStaleSlack = 4;
    static constexpr std::uint64_t kStaleLooks = kStalePeriods * kLongestWaitPeriod + kStaleSlack;
    // Cycle mode: the machine's latencies (its clock is HartHotState::clock).
    const MachineDescription* timing_;
    bool return_to_pe_ = false;
    bool measurement_pending_ = false;
    void take_pending_measurement();
    // Tells the profile the counters at this instruction boundary.
    void profile_boundary();
    StallCause suspend_cause_ = StallCause::RemoteLoad;
    // Polling detection (HartHotState::polling_detector): the clocks when the detector took its
    // reference.
    struct PollStart {
        netsim::Cycle cycle = 0;
        std::uint64_t instret = 0;
        StallCycles stalls{};
        MemoryActivity memory{}; // with caches
    } poll_start_;
    // Cycle mode: loops that store (watch_loop_that_stores).
    struct StoreLoopWatch {
        PollingDetector detector{kLongestWaitPeriod};
        std::uint64_t blocks = 0; // polling blocks in a row
        std::uint64_t start_instret = 0;
        std::optional<LoopTurnCheck> check; // a turn being run
        PollStart check_start;
    } store_loop_;
    struct PollingPeriod {
        netsim::Cycle cycles;
        std::uint64_t instructions;
        StallCycles stalls;
        MemoryActivity memory;
    };
    void start_polling_period(PollStart& start) const;
    PollingPeriod polling_period_since(const PollStart& start) const;
    std::optional<PollingPeriod> polling_period_;
    bool polling_observed_ = false; // see polling_observed()

    ProcessingElement& pe_;
    std::unique_ptr<BlockCache> block_cache_;
    // Single-instruction blocks, for the commit log and for approaching an event exactly.
    std::unique_ptr<BlockCache> step_cache_;
    // The cycle mode's partial run of a block: a copy of the instructions that run, and a
    // sentinel (execute_block).
    std::vector<DecodedInstruction> partial_run_;
    // The functional mode's engine; nullptr: the interpreter (run_fast).
    std::unique_ptr<ExecutionEngine> engine_;
    MemoryTiming* memory_timing_ = nullptr; // the cycle mode's caches and DRAM, if any
    // With memory_timing_: its instruction line (0: none) and the stall of a hit there.
    std::uint64_t fetch_line_bytes_ = 0;
    std::uint64_t fetch_hit_stall_ = 0;
    unsigned id_;
    std::uint64_t pc_ = 0;
    PrivilegeMode privilege_ = PrivilegeMode::Machine;
    std::uint64_t instret_limit_ = 0;
    std::optional<int> exit_status_;
    bool flush_pending_ = false;
    std::atomic<bool> code_written_remotely_{false};
    std::atomic<std::uint64_t>* written_word_ = nullptr;
    std::uint64_t written_bit_ = 0;
    std::atomic<std::uint64_t>* written_reports_ = nullptr;
    bool wakes_on_ram_write_ = false;
    bool woken_by_ram_write_ = false;
    // The loops the hart last slept in until its RAM was written: the pc where the turn that
    // confirmed the wait began and ended, and its length (0: none).
    struct KnownWait {
        std::uint64_t pc = 0;
        std::uint64_t turn_instructions = 0;
    };
    static constexpr std::size_t kKnownWaits = 4;
    static constexpr std::uint64_t kQuickWatchInterval = 8;
    static constexpr unsigned kQuickWatches = 32;
    std::array<KnownWait, kKnownWaits> known_waits_{};
    std::size_t next_known_wait_ = 0;
    unsigned quick_watches_left_ = 0;
    bool waiting_for_interrupt_ = false;
    // Functional mode: polling without progress (hart_waiting.cpp).
    bool waiting_ = false;
    std::chrono::steady_clock::time_point waiting_since_;
    std::uint64_t looks_since_turn_ = 0;
    std::uint64_t stale_looks_ = kStaleLooks; // for the loop waited in (its period)
    std::uint64_t confirmed_epoch_ = kNoConfirmation;
    std::uint64_t waits_begun_ = 0;
    std::uint64_t wait_turn_instructions_ = 0; // of the turn that last confirmed the wait
    bool parks_when_waiting_ = false;
    bool park_requested_ = false;
    bool parked_ = false; // the last run() ended with StopReason::Parked
    bool found_deadlock_ = false;
    std::chrono::steady_clock::duration park_time_{};
    bool progress_noted_ = false;
    std::FILE* commit_log_ = nullptr;
    PeProfile* profile_ = nullptr;
    // set_memory_observer's observer, where it wants fetches and where it wants data accesses.
    MemoryAccessObserver* fetch_observer_ = nullptr;
    MemoryAccessObserver* data_observer_ = nullptr;
    // The engine runs whole blocks and shows fetch_observer_ their fetches (the JIT, when the
    // observer has an instruction hit path); else fetches run one instruction at a time.
    bool blocks_show_fetches_ = false;
    TrapStormDetector trap_storm_;
    PhysicalMemoryProtection pmp_;
    DebugTriggers triggers_;
    // Per mode (index 0 = U, 1 = M): loads and stores, and fetches, anywhere in RAM are neither
    // restricted by PMP nor watched by a trigger (data_unguarded_: they need no checks) nor, for
    // loads and stores, by a memory observer (data_unrestricted_: they take the fast paths).
    std::array<bool, 2> data_unguarded_{false, true};
    std::array<bool, 2> data_unrestricted_{false, true};
    std::array<bool, 2> fetch_unrestricted_{false, true};

    // The attached debugger (hart_debugging.cpp). debug_attention_ sends the dispatch loops to
    // debug_stop_due; the rest is the hart's own.
    AttachedDebugger* debugger_ = nullptr;
    std::atomic<bool> debug_attention_{false};
    std::atomic<bool> debug_pause_requested_{false};
    std::optional<DebugStop> debug_event_;   // a breakpoint or watchpoint hit, not yet stopped for
    std::optional<DebugStop> debug_stopped_; // stopped for the debugger
    bool debug_held_ = false;                // hold_for_debugger
    // A step: one instruction (or the trap it takes), counted from the top of the dispatch loop.
    bool debug_stepping_ = false;
    bool debug_step_started_ = false;
    std::uint64_t debug_step_pc_ = 0;
    std::uint64_t debug_step_instret_ = 0;

    // LR/SC: the reservation remembers the loaded value; SC succeeds only if memory still
    // holds it (compare-and-swap), which stays correct when other PEs write the word.
    bool reservation_valid_ = false;
    std::uint64_t reservation_address_ = 0;
    std::uint64_t reservation_value_ = 0;

    // CSRs.
    std::uint64_t misa_ = 0;
    // mstatus, frm and fflags are in HartHotState.
    std::uint64_t mtvec_ = 0;
    std::uint64_t mepc_ = 0;
    std::uint64_t mcause_ = 0;
    std::uint64_t mtval_ = 0;
    std::uint64_t mscratch_ = 0;
    std::uint64_t mie_ = 0;
    std::uint64_t mcounteren_ = 0;
    std::uint64_t mcountinhibit_ = 0;
    std::uint64_t menvcfg_ = 0;
    // Counter CSRs are views of the raw counts: value = raw + offset, or frozen while inhibited.
    std::uint64_t cycle_offset_ = 0;
    std::uint64_t instret_offset_ = 0;
    std::uint64_t frozen_cycle_ = 0;
    std::uint64_t frozen_instret_ = 0;
    std::uint64_t sleep_cycles_ = 0;

    // CLINT.
    std::uint64_t mtime_offset_ = 0;
    std::uint64_t mtimecmp_ = ~0ULL;
    bool msip_ = false;

    // What a speculative run may change, as begin_speculation found it: the registers, the
    // counts and the clock, and the state of the polling detection.
    struct SpeculativeStart {
        std::array<std::uint64_t, 33> x{};
        std::array<std::uint64_t, 32> f{};
        std::array<std::uint64_t, 32> e{}; // the extended registers, when the hart has them
        std::uint64_t next_pc = 0;
        std::uint64_t instret = 0;
        std::uint64_t polling_blocks = 0;
        std::uint64_t watch_base = 0;
        std::uint64_t watch_span = 0;
        std::uint64_t mstatus = 0;
        std::uint32_t frm = 0;
        std::uint8_t fflags = 0;
        HartHotState::CycleClock clock;
        PollingDetector polling_detector{0};
        std::uint64_t pc = 0;
        PollStart poll_start;
        StoreLoopWatch store_loop;
        std::optional<PollingPeriod> polling_period;
        bool return_to_pe = false;
        bool reservation_valid = false;
        std::uint64_t reservation_address = 0;
        std::uint64_t reservation_value = 0;
    };
    std::unique_ptr<SpeculativeStart> speculative_start_;
    RamRollbackLog rollback_log_;
};

template <typename T, typename Operation>
T Hart::atomic_read_modify_write(std::uint64_t address, const DecodedInstruction& op,
                                 Operation operation) {
    check_atomic_address(address, sizeof(T), AtomicAccess::ReadModifyWrite, op);
    const std::uint64_t offset = address - kRamBase;
    std::atomic_ref<T> cell(*reinterpret_cast<T*>(ram_host + offset));
    T old = cell.load(std::memory_order_relaxed);
    while (!cell.compare_exchange_weak(old, operation(old), std::memory_order_seq_cst)) {
    }
    if ((page_flags[offset >> kPageShift] & kPageFlagsOfNote) != 0) [[unlikely]] {
        after_special_ram_write(offset, sizeof(T));
    }
    return old;
}

template <typename T> T Hart::load_reserved(std::uint64_t address, const DecodedInstruction& op) {
    check_atomic_address(address, sizeof(T), AtomicAccess::LoadReserved, op);
    const std::uint64_t offset = address - kRamBase;
    const T value = std::atomic_ref<T>(*reinterpret_cast<T*>(ram_host + offset))
                        .load(std::memory_order_seq_cst);
    reservation_valid_ = true;
    reservation_address_ = address;
    reservation_value_ = static_cast<std::uint64_t>(value);
    return value;
}

template <typename T>
bool Hart::store_conditional(std::uint64_t address, T value, const DecodedInstruction& op) {
    check_atomic_address(address, sizeof(T), AtomicAccess::StoreConditional, op);
    const bool reserved = reservation_valid_ && reservation_address_ == address;
    reservation_valid_ = false;
    if (!reserved) {
        return false;
    }
    const std::uint64_t offset = address - kRamBase;
    T expected = static_cast<T>(reservation_value_);
    const bool stored = std::atomic_ref<T>(*reinterpret_cast<T*>(ram_host + offset))
                            .compare_exchange_strong(expected, value, std::memory_order_seq_cst);
    if (stored && (page_flags[offset >> kPageShift] & kPageFlagsOfNote) != 0) [[unlikely]] {
        after_special_ram_write(offset, sizeof(T));
    }
    return stored;
}

} // namespace xbemu
