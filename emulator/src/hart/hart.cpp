#include "xbemu/hart.hpp"

#include "hart/csr_numbers.hpp"
#include "xbemu/block_cache.hpp"
#include "xbemu/copy_access.hpp"
#include "xbemu/decoder/disassembler.hpp"
#include "xbemu/decoder/extension_registry.hpp"
#include "xbemu/decoder/isa_string.hpp"
#include "xbemu/decoder/register_names.hpp"
#include "xbemu/memory_access_observer.hpp"
#include "xbemu/memory_timing.hpp"
#include "xbemu/pe_profile.hpp"
#include "xbemu/processing_element.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>

namespace xbemu {

namespace {

// " (pc 0x... is <main+0x1c>)" for a report that names the pc earlier, or empty without a
// symbol there.
std::string pc_is_named(const ProgramLayout& layout, std::uint64_t pc) {
    const std::string name = layout.name_of_pc(pc);
    return name.empty() ? name : fmt::format(" (pc 0x{:x} is{})", pc, name);
}

constexpr std::uint32_t kSemihostingEntry = 0x01f01013; // slli x0, x0, 0x1f
constexpr std::uint32_t kSemihostingExit = 0x40705013;  // srai x0, x0, 7
constexpr std::uint32_t kEbreak = 0x00100073;

bool has_extension(const DecodeTable& table, std::string_view name) {
    return std::any_of(table.extensions().begin(), table.extensions().end(),
                       [name](const Extension* e) { return e->name == name; });
}

// The standard name of an exception cause, or the one an enabled extension gives its own.
std::string describe_cause(const DecodeTable& table, std::uint64_t cause) {
    for (const Extension* extension : table.extensions()) {
        for (const ExtensionCause& known : extension->causes) {
            if (known.cause == cause) {
                return std::string(known.description);
            }
        }
    }
    return describe_exception_cause(cause);
}

// The CSR a Zicsr instruction writes: csrrw and csrrwi always, the set and clear forms only
// with a non-zero rs1 field (register or immediate), as the instructions' definition says.
std::optional<std::uint32_t> written_csr(const InstructionDescriptor& descriptor,
                                         std::uint32_t encoding) {
    if (descriptor.format != &formats::csr && descriptor.format != &formats::csr_immediate) {
        return std::nullopt;
    }
    const bool replaces = fields::bits(encoding, 13, 12) == 1;
    if (!replaces && fields::rs1(encoding) == 0) {
        return std::nullopt;
    }
    return encoding >> 20;
}

// Spike's spelling of a CSR write: " c768_mstatus 0x...".
void append_csr_write(std::string& line, std::uint32_t number, std::uint64_t value) {
    const std::string_view name = csr_name(number);
    line += fmt::format(" c{}_{} 0x{:016x}", number, name.empty() ? "unknown" : name, value);
}

// For an encoding --isa does not decode but a known extension defines: which one, and the --isa
// that enables it; empty otherwise.
std::string disabled_extension_note(const MachineConfig& config, const DecodeTable& table,
                                    std::uint32_t encoding) {
    if (config.known_extensions == nullptr || table.find(encoding) != nullptr) {
        return {};
    }
    std::vector<std::string> names;
    for (const Extension* extension : config.known_extensions->defining(encoding)) {
        if (!has_extension(table, extension->name)) {
            names.emplace_back(extension->name);
        }
    }
    if (names.empty()) {
        return {};
    }
    return fmt::format("\n  it belongs to the {} extension, which --isa {} does not enable: run "
                       "with --isa {}",
                       extension_spelling(names.front()), config.isa,
                       isa_string_with(config.isa, names));
}

// Why an exception taken with this sp is the end of a stack overflow, or empty when it is not: a
// load or store faulted next to sp (a push, a spill, a local), and sp lies below the lowest
// address the link script gives the stack, or outside RAM. The trap handler would push onto the
// same stack and trap again (a trap storm) before anything was reported. Any other exception,
// or a fault far from sp, is the program's to handle (a stack of its own, a jump to nowhere).
std::string stack_overflow(const ProgramLayout& layout, const GuestRam& ram, std::uint64_t sp,
                           const Trap& trap) {
    // How far from sp an access to the stack frame may reach.
    constexpr std::uint64_t kFrameReach = 64 * 1024;
    const bool data_fault =
        trap.cause == cause::kLoadAccessFault || trap.cause == cause::kStoreAccessFault ||
        trap.cause == cause::kLoadAddressMisaligned || trap.cause == cause::kStoreAddressMisaligned;
    if (!layout.stack_bottom || !data_fault || trap.value - sp + kFrameReach > 2 * kFrameReach) {
        return {};
    }
    if (sp < *layout.stack_bottom) {
        return fmt::format("sp 0x{:x} is below the stack's lowest address 0x{:x} (__stack - "
                           "__stack_size)",
                           sp, *layout.stack_bottom);
    }
    if (!ram.contains(sp - 1, 1)) {
        return fmt::format("sp 0x{:x} lies outside guest RAM [0x{:x}, 0x{:x})", sp, ram.base(),
                           ram.base() + ram.size());
    }
    return {};
}

} // namespace

Hart::Hart(ProcessingElement& pe, unsigned hart_id, const MachineDescription* timing)
    : timing_(timing), pe_(pe),
      block_cache_(std::make_unique<BlockCache>(
          pe.decode_table(), pe.ram(), pe.config().max_block_length, &pe.group().shared_code())),
      step_cache_(std::make_unique<BlockCache>(pe.decode_table(), pe.ram(), 1)), id_(hart_id),
      rollback_log_(pe.ram()) {
    ram_host = pe.ram().host();
    page_flags = pe.ram().page_flags();
    polling_detector = PollingDetector(timing != nullptr ? 0 : kLongestWaitPeriod);
    constexpr unsigned kMisaUserMode = 20;
    constexpr unsigned kMisaNonStandard = 23;
    misa_ = (2ULL << 62) | (1ULL << kMisaUserMode);
    for (const Extension* extension : pe.decode_table().extensions()) {
        if (extension->misa_bit >= 0) {
            misa_ |= 1ULL << static_cast<unsigned>(extension->misa_bit);
        }
        if (extension->name.starts_with('x')) {
            misa_ |= 1ULL << kMisaNonStandard;
        }
        if (extension->hart_state != nullptr) {
            add_extension_state(*extension);
        }
    }
    // Without C, jump targets must be 4-byte aligned.
    jump_alignment_mask = has_extension(pe.decode_table(), "zca") ? 1 : 3;
    x[10] = hart_id;
    classify_memory_protection();
    engine_ = make_execution_engine(pe.config().engine, *this);
}

Hart::~Hart() = default;

void Hart::add_extension_state(const Extension& extension) {
    const ExtensionHartStateType& type = *extension.hart_state;
    if (type.slot >= kExtensionStateSlots || extension_slots_[type.slot] != nullptr) {
        throw std::logic_error(
            fmt::format("extension {} takes hart-state slot {}, which is out of range or taken",
                        extension.name, type.slot));
    }
    ExtensionHartState* state = type.make(extension_storage_[type.slot].bytes);
    extension_states_.push_back({&extension, {state, {}}});
    extension_slots_[type.slot] = state;
    if (std::uint64_t* registers = state->extended_registers(); registers != nullptr) {
        e = registers;
    }
}

void Hart::request_exit(int status) {
    pe_.request_exit(status);
}

// ---- memory slow paths ------------------------------------------------------------------

std::uint64_t Hart::load_slow(std::uint64_t address, unsigned size, const DecodedInstruction& op) {
    const bool in_ram = pe_.ram().contains(address, size);
    if (!(in_ram && data_unguarded())) {
        check_data_access(address, size, MemoryAccess::Read, op);
    }
    if (in_ram) {
        if (data_observer_ != nullptr) {
            data_observer_->loaded(address, size);
        }
        if (memory_timing_ != nullptr) {
            charge_data_access(address, size, false, op);
        }
        std::uint64_t value = 0;
        copy_access(&value, ram_host + (address - kRamBase), size);
        return value;
    }
    if (clock.speculating) {
        throw SpeculationAbort{};
    }
    if (MmioDevice* device = pe_.device_at(address, size)) {
        sync_cycle(op);
        clock.device_observed = true;
        if (const auto value = device->read(address - device->base(), size)) {
            return *value;
        }
    }
    raise(cause::kLoadAccessFault, address, op);
}

void Hart::after_special_ram_write(std::uint64_t offset, unsigned size) {
    const std::uint8_t flags =
        page_flags[offset >> kPageShift] | page_flags[(offset + size - 1) >> kPageShift];
    if ((flags & kPageWatchedByHost) != 0 && pe_.htif() != nullptr) {
        try {
            if (const auto status = pe_.htif()->on_store(pe_.ram(), kRamBase + offset, size)) {
                request_exit(*status);
            }
        } catch (const GuestAccessError& error) {
            fatal(fmt::format("{}: HTIF request refers to memory outside RAM: {}", name(),
                              error.what()),
                  pc_);
        }
    }
    if ((flags & kPageHoldsDecodedCode) != 0) {
        flush_pending_ = true;
    }
    if ((flags & kPageWatchedByDebugger) != 0) {
        after_remote_write(pe_.id(), kRamBase + offset, size);
    }
    request_event_check();
}

void Hart::store_slow(std::uint64_t address, unsigned size, std::uint64_t value,
                      const DecodedInstruction& op) {
    const bool in_ram = pe_.ram().contains(address, size);
    if (!(in_ram && data_unguarded())) {
        check_data_access(address, size, MemoryAccess::Write, op);
    }
    const std::uint64_t offset = address - kRamBase;
    if (in_ram) {
        const std::uint64_t first_page = offset >> kPageShift;
        const std::uint64_t last_page = (offset + size - 1) >> kPageShift;
        const std::uint8_t all_flags = page_flags[first_page] | page_flags[last_page];
        const std::uint8_t flags = all_flags & kPageFlagsOfNote;
        if (clock.speculating && flags != 0) {
            throw SpeculationAbort{};
        }
        if ((all_flags & kPageUnsavedForRollback) != 0) {
            rollback_log_.save(first_page);
            rollback_log_.save(last_page);
        }
        copy_access(ram_host + offset, &value, size);
        // Here only for the rollback log: as on the fast path.
        if (all_flags == kPageUnsavedForRollback && offset < fast_path_limit) {
            return;
        }
        // An observer or caches send every store here: one to a page without flags needs no
        // more than the fast path does.
        if (data_observer_ != nullptr || memory_timing_ != nullptr) {
            if (data_observer_ != nullptr) {
                data_observer_->stored(address, size);
            }
            if (memory_timing_ != nullptr) {
                charge_data_access(address, size, true, op);
            }
            if (flags == 0) {
                return;
            }
        }
        after_special_ram_write(offset, size);
        throw EndOfBlockRequest{&op};
    }
    if (clock.speculating) {
        throw SpeculationAbort{};
    }
    MmioDevice* device = pe_.device_at(address, size);
    sync_cycle(op);
    if (device == nullptr || !device->write(address - device->base(), size, value)) {
        raise(cause::kStoreAccessFault, address, op);
    }
    // A device write may raise or clear an interrupt, or stop the machine.
    request_event_check();
    throw EndOfBlockRequest{&op};
}

void Hart::check_atomic_address(std::uint64_t address, unsigned size, AtomicAccess access,
                                const DecodedInstruction& op) {
    const bool is_load = access == AtomicAccess::LoadReserved;
    if ((address & (size - 1)) != 0) {
        raise(is_load ? cause::kLoadAddressMisaligned : cause::kStoreAddressMisaligned, address,
              op);
    }
    if (!pe_.ram().contains(address, size)) {
        raise(is_load ? cause::kLoadAccessFault : cause::kStoreAccessFault, address, op);
    }
    if (!data_unrestricted_[data_accesses_in_machine_mode() ? 1 : 0]) [[unlikely]] {
        check_atomic_protection(address, size, access, op);
    }
    // As Spike counts them: an AMO loads and stores, lr loads, sc stores if it holds the
    // reservation.
    if (memory_timing_ != nullptr) {
        if (access != AtomicAccess::StoreConditional) {
            charge_data_access(address, size, false, op);
        }
        if (access == AtomicAccess::ReadModifyWrite ||
            (access == AtomicAccess::StoreConditional && reservation_valid_ &&
             reservation_address_ == address)) {
            charge_data_access(address, size, true, op);
        }
    }
}

// ---- system instructions ------------------------------------------------------------------

void Hart::raise_illegal_instruction(const DecodedInstruction& op) const {
    // mtval receives the encoding, which the dispatch loop keeps beside the block.
    raise(cause::kIllegalInstruction, 0, op);
}

void Hart::execute_ecall(const DecodedInstruction& op) {
    raise(privilege_ == PrivilegeMode::Machine ? cause::kEcallFromMachine : cause::kEcallFromUser,
          0, op);
}

void Hart::execute_ebreak(const DecodedInstruction& op) {
    const auto word_at = [this](std::uint64_t address) -> std::optional<std::uint32_t> {
        if (!pe_.ram().contains(address, 4)) {
            return std::nullopt;
        }
        std::uint32_t word = 0;
        std::memcpy(&word, ram_host + (address - kRamBase), 4);
        return word;
    };
    const bool semihosting = word_at(op.pc) == kEbreak && word_at(op.pc - 4) == kSemihostingEntry &&
                             word_at(op.pc + 4) == kSemihostingExit;
    if (!semihosting) {
        raise(cause::kBreakpoint, op.pc, op);
    }
    sync_cycle(op);
    const SemihostingOutcome outcome = pe_.semihosting().call(x[10], x[11], pe_.ram(), cycles());
    x[10] = outcome.a0;
    if (outcome.exit_status && outcome.ends_job) {
        pe_.request_job_exit(*outcome.exit_status);
    } else if (outcome.exit_status) {
        request_exit(*outcome.exit_status);
    }
}

void Hart::execute_mret(const DecodedInstruction& op) {
    if (privilege_ != PrivilegeMode::Machine) {
        raise_illegal_instruction(op);
    }
    const auto previous = static_cast<PrivilegeMode>((mstatus & kMstatusMpp) >> kMstatusMppShift);
    mstatus = (mstatus & ~kMstatusMie) | ((mstatus & kMstatusMpie) != 0 ? kMstatusMie : 0);
    mstatus |= kMstatusMpie;
    mstatus &= ~kMstatusMpp; // MPP becomes U, the least-privileged mode
    if (previous != PrivilegeMode::Machine) {
        mstatus &= ~kMstatusMprv;
    }
    privilege_ = previous;
    trap_storm_.handler_returned();
    protection_on_mode_change(false);
    next_pc = mepc_ & ~jump_alignment_mask;
    clear_reservation();
    request_event_check();
}

void Hart::execute_wfi(const DecodedInstruction& op) {
    // U-mode WFI would have to complete within a bounded time; like QEMU we give it none.
    if (privilege_ != PrivilegeMode::Machine) {
        raise_illegal_instruction(op);
    }
    sync_cycle(op);
    if ((pending_interrupts() & mie_) == 0) {
        waiting_for_interrupt_ = true;
        request_event_check();
    }
}

void Hart::execute_fence_i() {
    flush_pending_ = true;
    request_event_check();
}

// ---- traps and interrupts -----------------------------------------------------------------

std::uint64_t Hart::pending_interrupts() const {
    std::uint64_t pending = 0;
    if (mtime() >= mtimecmp_) {
        pending |= 1ULL << cause::kMachineTimerInterrupt;
    }
    if (msip_) {
        pending |= 1ULL << cause::kMachineSoftwareInterrupt;
    }
    return pending;
}

bool Hart::take_pending_interrupt() {
    const std::uint64_t enabled = pending_interrupts() & mie_;
    if (enabled == 0) {
        return false;
    }
    waiting_for_interrupt_ = false;
    if (privilege_ == PrivilegeMode::Machine && (mstatus & kMstatusMie) == 0) {
        return false;
    }
    for (const std::uint64_t interrupt :
         {cause::kMachineExternalInterrupt, cause::kMachineSoftwareInterrupt,
          cause::kMachineTimerInterrupt}) {
        if ((enabled & (1ULL << interrupt)) != 0) {
            take_interrupt(interrupt);
            return true;
        }
    }
    return false;
}

void Hart::take_interrupt(std::uint64_t interrupt) {
    const std::uint64_t base = mtvec_ & ~3ULL;
    const std::uint64_t target = (mtvec_ & 1U) != 0 ? base + 4 * interrupt : base;
    if (!pe_.ram().contains(target, 2)) {
        fatal(fmt::format("{}: unhandled interrupt: {} (mtvec 0x{:x} does not point into "
                          "RAM) at pc 0x{:016x}{}",
                          name(), describe_interrupt_cause(interrupt), mtvec_, pc_,
                          pe_.layout().name_of_pc(pc_)),
              pc_);
    }
    enter_trap_handler(pc_, (1ULL << 63) | interrupt, 0, target);
}

void Hart::enter_trap_handler(std::uint64_t epc, std::uint64_t cause, std::uint64_t value,
                              std::uint64_t target) {
    if (clock.speculating) {
        throw SpeculationAbort{};
    }
    mepc_ = epc;
    mcause_ = cause;
    mtval_ = value;
    const std::uint64_t mie_bit = (mstatus & kMstatusMie) != 0 ? kMstatusMpie : 0;
    mstatus = (mstatus & ~(kMstatusMie | kMstatusMpie | kMstatusMpp)) | mie_bit |
              (static_cast<std::uint64_t>(privilege_) << kMstatusMppShift);
    privilege_ = PrivilegeMode::Machine;
    clear_reservation();
    pc_ = target;
    if (timing_ != nullptr) {
        clock.cycle += timing_->core.trap;
        add_stall(StallCause::Trap, timing_->core.trap);
        clock.pending_load_mask = 0;
    }
    protection_on_mode_change(true);
}

void Hart::take_trap(const Trap& trap, std::uint64_t pc) {
    if (const std::string overflow = stack_overflow(pe_.layout(), pe_.ram(), x[2], trap);
        !overflow.empty()) {
        fatal(fmt::format("{}: stack overflow: {} when {} (mcause {}, mtval 0x{:x}) is raised at "
                          "pc 0x{:016x}{}: give the program a larger stack (__stack_size) or make "
                          "it use less",
                          name(), overflow, describe_cause(pe_.decode_table(), trap.cause),
                          trap.cause, trap.value, pc, pe_.layout().name_of_pc(pc)),
              pc);
    }
    const std::uint64_t target = mtvec_ & ~3ULL;
    if (!pe_.ram().contains(target, 2)) {
        fatal(fmt::format("{}: unhandled trap: {} (mcause {}, mtval 0x{:x}{}) at pc 0x{:016x}{}",
                          name(), describe_cause(pe_.decode_table(), trap.cause), trap.cause,
                          trap.value,
                          trap.unknown_object
                              ? fmt::format(", object ID 0x{:x} has no OLB entry", trap.object_id)
                              : std::string(),
                          pc, pe_.layout().name_of_pc(pc)),
              pc);
    }
    if (target == pc) {
        fatal(fmt::format("{}: the trap handler at 0x{:016x} traps on its own first "
                          "instruction: {} (mcause {})",
                          name(), pc, describe_cause(pe_.decode_table(), trap.cause), trap.cause),
              pc);
    }
    if (trap_storm_.exception_taken(pc, trap.cause, trap.value,
                                    std::span<const std::uint64_t, 32>(x.data(), 32))) {
        fatal(fmt::format("{}: trap storm: the trap handler traps at pc 0x{:016x} with {} "
                          "(mcause {}, mtval 0x{:x}) {} times in a row, in the same state and "
                          "without returning: it can never make progress{}",
                          name(), pc, describe_cause(pe_.decode_table(), trap.cause), trap.cause,
                          trap.value, TrapStormDetector::kRepeats, pc_is_named(pe_.layout(), pc)),
              pc);
    }
    enter_trap_handler(pc, trap.cause, trap.value, target);
}

bool Hart::timer_interrupt_armed() const {
    return (mie_ & (1ULL << cause::kMachineTimerInterrupt)) != 0 &&
           mtimecmp_ != std::numeric_limits<std::uint64_t>::max();
}

void Hart::check_wfi_can_wake() const {
    if (!timer_interrupt_armed()) {
        fatal(fmt::format("{}: deadlock: wfi at pc 0x{:016x}{} waits for an interrupt that "
                          "can never arrive (mie 0x{:x}, mtimecmp 0x{:x})",
                          name(), pc_ - 4, pe_.layout().name_of_pc(pc_ - 4), mie_, mtimecmp_),
              pc_ - 4);
    }
}

void Hart::wait_for_interrupt() {
    if ((pending_interrupts() & mie_) != 0) {
        waiting_for_interrupt_ = false;
        return;
    }
    check_wfi_can_wake();
    // Sleep: time advances to the timer deadline without executing instructions.
    const std::uint64_t ticks_needed = mtimecmp_ - mtime();
    sleep_cycles_ += ticks_needed * kCyclesPerTimerTick;
    waiting_for_interrupt_ = false;
}

// ---- dispatch -----------------------------------------------------------------------------

void Hart::update_next_event() {
    std::uint64_t event = instret_limit_;
    // The cycle mode bounds its runs by the timer deadline in cycles instead.
    if (timing_ != nullptr) {
        next_event.store(event, std::memory_order_relaxed);
        return;
    }
    if (mtimecmp_ != std::numeric_limits<std::uint64_t>::max()) {
        const std::uint64_t now = mtime();
        if (now < mtimecmp_) {
            const std::uint64_t ticks = mtimecmp_ - now;
            const std::uint64_t cycles_needed =
                ticks > std::numeric_limits<std::uint64_t>::max() / kCyclesPerTimerTick
                    ? std::numeric_limits<std::uint64_t>::max()
                    : ticks * kCyclesPerTimerTick - cycles() % kCyclesPerTimerTick;
            const std::uint64_t at = instret + cycles_needed;
            if (at >= instret) {
                event = std::min(event, at);
            }
        }
    }
    next_event.store(event, std::memory_order_relaxed);
}

DecodedBlock* Hart::successor(DecodedBlock* block, std::uint64_t pc) {
    // Other PEs' threads may link a shared block at the same time.
    for (DecodedBlock*& link : block->successor) {
        DecodedBlock* next = std::atomic_ref<DecodedBlock*>(link).load(std::memory_order_acquire);
        if (next != nullptr && next->start_pc == pc) {
            return next;
        }
    }
    DecodedBlock* next = block_cache_->lookup(*this, pc);
    if (next->owner == block->owner) {
        std::atomic_ref<unsigned> slot_word(block->next_successor_slot);
        const unsigned slot = slot_word.load(std::memory_order_relaxed) & 1U;
        slot_word.store(slot ^ 1U, std::memory_order_relaxed);
        std::atomic_ref<DecodedBlock*>(block->successor[slot])
            .store(next, std::memory_order_release);
    }
    return next;
}

template <bool kCycleMode, bool kMemoryTimed>
Hart::BlockOutcome Hart::execute_block(DecodedBlock* block, std::uint64_t length) {
    std::uint64_t count = block->count;
    DecodedInstruction* first = block->instructions.data();
    if constexpr (kCycleMode) {
        count = std::min(length, block->count);
        start_timed_block(*block);
        if (count < block->count) {
            // A partial run runs a copy of the instructions before the cut, then a sentinel:
            // the block itself may be running on other PEs' threads.
            partial_run_.assign(first, first + count);
            DecodedInstruction& sentinel = partial_run_.emplace_back();
            sentinel.execute = end_of_block;
            sentinel.pc = first[count].pc;
            first = partial_run_.data();
            clock.timed_instructions = first;
        }
        if constexpr (kMemoryTimed) {
            start_fetching();
        }
    }
    instret += count;
    next_pc = block->end_pc;
    const auto account = [&](std::uint64_t executed, bool taken) {
        if constexpr (kMemoryTimed) {
            if (executed != 0) {
                charge_fetches_through(executed - 1);
            }
            account_memory_stall();
        }
        account_block(*block, executed, taken);
    };
    try {
        first->execute(*this, *first);
    } catch (const Trap& trap) {
        const auto index = static_cast<std::uint64_t>(trap.instruction - first);
        if constexpr (kCycleMode) {
            // The instruction that trapped was fetched.
            if constexpr (kMemoryTimed) {
                charge_fetches_through(index);
            }
            account(index, false);
            clock.pending_load_mask = 0;
        }
        trapped_in_block(*block, index, count, trap);
        return BlockOutcome::Trapped;
    } catch (const EndOfBlockRequest& request) {
        const auto index = static_cast<std::uint64_t>(request.instruction - first);
        if constexpr (kCycleMode) {
            account(index + 1, false);
        }
        ended_early_in_block(*block, index, count);
        return BlockOutcome::EndedEarly;
    } catch (const DebuggerStop& stop) {
        const auto index = static_cast<std::uint64_t>(stop.instruction - first);
        if constexpr (kCycleMode) {
            account(index, false);
        }
        stopped_for_debugger_in_block(*block, index, count);
        return BlockOutcome::DebuggerStop;
    }
    if constexpr (kCycleMode) {
        if (count < block->count) {
            account(count, false);
            pc_ = first[count].pc;
            return BlockOutcome::EndedEarly;
        }
        account(count, next_pc != block->end_pc);
    }
    return BlockOutcome::Completed;
}

void Hart::trapped_in_block(const DecodedBlock& block, std::uint64_t index, std::uint64_t counted,
                            const Trap& trap) {
    instret -= counted - index;
    take_trap(trap.cause == cause::kIllegalInstruction
                  ? Trap{trap.cause, block.encodings[index], trap.instruction}
                  : trap,
              block.instructions[index].pc);
}

void Hart::ended_early_in_block(const DecodedBlock& block, std::uint64_t index,
                                std::uint64_t counted) {
    instret -= counted - index - 1;
    pc_ = index + 1 < block.count ? block.instructions[index + 1].pc : next_pc;
}

void Hart::stopped_for_debugger_in_block(const DecodedBlock& block, std::uint64_t index,
                                         std::uint64_t counted) {
    instret -= counted - index;
    pc_ = block.instructions[index].pc;
}

template Hart::BlockOutcome Hart::execute_block<false>(DecodedBlock*, std::uint64_t);
template Hart::BlockOutcome Hart::execute_block<true>(DecodedBlock*, std::uint64_t);
template Hart::BlockOutcome Hart::execute_block<true, true>(DecodedBlock*, std::uint64_t);

Hart::BlockOutcome Hart::execute_timed_block(DecodedBlock* block) {
    // The instruction-at-a-time paths (the commit log, a turn of a loop being checked) meet
    // what a speculative run may not do here rather than at a block boundary.
    if (clock.speculating && !block->speculable) {
        throw SpeculationAbort{};
    }
    return memory_timing_ != nullptr ? execute_block<true, true>(block)
                                     : execute_block<true>(block);
}

void Hart::run_fast(DecodedBlock* block) {
    // In a register while blocks run; the member holds it in between.
    std::uint64_t polling_count = polling_blocks;
    for (;;) {
        if (instret + block->count > next_event.load(std::memory_order_relaxed)) [[unlikely]] {
            pc_ = block->start_pc;
            break;
        }
        if (execute_block<false>(block) != BlockOutcome::Completed) [[unlikely]] {
            break;
        }
        polling_count = (polling_count + 1) & block->polling_mask;
        if (polling_count - watch_base >= watch_span) [[unlikely]] {
            pc_ = next_pc;
            polling_blocks = polling_count;
            const bool stepped = watch_for_waiting();
            polling_count = polling_blocks;
            if (stepped) {
                return;
            }
        }
        block = successor(block, next_pc);
    }
    polling_blocks = polling_count;
}

Hart::BlockOutcome Hart::run_single(DecodedBlock* block) {
    if (fetch_observer_ != nullptr) {
        fetch_observer_->fetched(block->start_pc, (block->encodings[0] & 3U) == 3U ? 4 : 2);
    }
    if (profile_ != nullptr) {
        profile_boundary();
    }
    const ImplicitCsrs before = implicit_csrs();
    const BlockOutcome outcome =
        cycle_mode() ? execute_timed_block(block) : execute_block<false>(block);
    if (profile_ != nullptr && outcome != BlockOutcome::DebuggerStop) {
        profile_->ran(block->instructions[0], block->descriptors[0],
                      outcome != BlockOutcome::Trapped, next_pc);
    }
    if (outcome == BlockOutcome::Trapped || outcome == BlockOutcome::DebuggerStop) {
        return outcome;
    }
    log_retired(*block, 0, before);
    if (outcome == BlockOutcome::Completed) {
        pc_ = next_pc;
    }
    return outcome;
}

void Hart::watch_single_step(const DecodedBlock& step) {
    polling_blocks = (polling_blocks + 1) & step.polling_mask;
    if (polling_blocks - watch_base >= watch_span) [[unlikely]] {
        watch_for_waiting();
    }
}

void Hart::log_retired(const DecodedBlock& block, std::size_t index, const ImplicitCsrs& before) {
    if (commit_log_ == nullptr) {
        return;
    }
    const DecodedInstruction& op = block.instructions[index];
    const InstructionDescriptor* descriptor = block.descriptors[index];
    const std::uint32_t encoding = block.encodings[index];
    const bool compressed = (encoding & 3U) != 3U;
    std::string line = fmt::format(
        "core {:3}: {} 0x{:016x} {:<12} {:<32}", pe_.id() * pe_.hart_count() + id_,
        static_cast<unsigned>(privilege_), op.pc,
        compressed ? fmt::format("(0x{:04x})", encoding) : fmt::format("(0x{:08x})", encoding),
        disassemble(descriptor, encoding, op.pc, pe_.privileged_spec()));
    if (descriptor != nullptr) {
        switch (descriptor->format->destination) {
        case RegisterClass::Integer:
            if (op.rd != kSinkRegister) {
                line += fmt::format(" x{:<2} 0x{:016x}", op.rd, x[op.rd]);
            }
            break;
        case RegisterClass::Float:
            line += fmt::format(" f{:<2} 0x{:016x}", op.rd, f[op.rd]);
            break;
        case RegisterClass::Extended:
            line += fmt::format(" e{:<2} 0x{:016x}", op.rd, e[op.rd]);
            break;
        case RegisterClass::None:
            break;
        }
        // Spike logs a CSR instruction's write even when the value stays the same, and the
        // implicit writes (fflags, mstatus) of an instruction; those show here when they change.
        const std::optional<std::uint32_t> written = written_csr(*descriptor, encoding);
        if (written) {
            append_csr_write(line, *written, csr_read(*written, op));
        }
        const ImplicitCsrs after = implicit_csrs();
        const bool wrote_fp_csr = written && *written <= csr::kFcsr;
        if (after.fflags != before.fflags && !wrote_fp_csr) {
            append_csr_write(line, csr::kFflags, after.fflags);
        }
        if (after.mstatus != before.mstatus && written != csr::kMstatus) {
            append_csr_write(line, csr::kMstatus, after.mstatus);
        }
    }
    while (!line.empty() && line.back() == ' ') {
        line.pop_back();
    }
    line += '\n';
    std::fputs(line.c_str(), commit_log_);
}

StopReason Hart::run(std::uint64_t instret_limit) {
    instret_limit_ = instret_limit;
    parked_ = false;
    park_requested_ = false;
    // However the run ends (a fatal error too), the hart no longer counts as waiting, unless it
    // parks: then it waits on while its host thread runs other PEs.
    struct WaitingEnds {
        Hart& hart;
        ~WaitingEnds() {
            if (!hart.parked_) {
                hart.stop_waiting();
            }
        }
    } const waiting_ends{*this};
    // However run() ends, an attached debugger learns that this hart is gone.
    struct DebuggerNotice {
        Hart& hart;
        explicit DebuggerNotice(Hart& finished) : hart(finished) {}
        DebuggerNotice(const DebuggerNotice&) = delete;
        DebuggerNotice& operator=(const DebuggerNotice&) = delete;
        ~DebuggerNotice() {
            if (hart.debugger_ != nullptr) {
                hart.debugger_->hart_finished(hart);
            }
        }
    } const finished_notice{*this};
    if (parks_when_waiting_ && waiting_) {
        if (woken_by_ram_write_) {
            // Another PE wrote the RAM the wait reads, which most likely ended it: a look would
            // step through the code after the loop for nothing. The wait is over; the dispatch
            // loop finds it again, from the detector's reference, if the loop goes on, and
            // meanwhile watches for the loops the hart waited in before (quick_watch).
            stop_waiting();
            quick_watches_left_ = kQuickWatches;
            watch_base = polling_blocks + 1;
            watch_span = kQuickWatchInterval - 1;
        } else {
            look_again_at_wait();
        }
    }
    woken_by_ram_write_ = false;
    bool step_once = false;
    for (;;) {
        if (flush_pending_ || code_written_remotely_.load(std::memory_order_acquire)) {
            flush_decoded_code();
        }
        if (pe_.exit_requested()) {
            return StopReason::Exited;
        }
        if (pe_.group().stop_requested()) {
            return StopReason::Stopped;
        }
        if (park_requested_) [[unlikely]] {
            park_requested_ = false;
            parked_ = true;
            return StopReason::Parked;
        }
        if (debug_attention_.load(std::memory_order_seq_cst) && debug_stop_due()) [[unlikely]] {
            // Stopped is not waiting for other PEs; and gdb may change what a loop polls.
            end_polling_watch();
            debugger_->wait_while_stopped(*this);
            continue;
        }
        take_pending_interrupt();
        if (waiting_for_interrupt_) {
            wait_for_interrupt();
            continue;
        }
        if (instret >= instret_limit_) {
            return StopReason::InstructionLimit;
        }
        update_next_event();
        // A stop requested by another thread between the check above and update_next_event
        // would be overwritten; look again. A debugger's step runs one instruction at a time.
        if (pe_.group().stop_requested() || debug_attention_.load(std::memory_order_seq_cst)) {
            request_event_check();
        }
        if (!observes_steps() ||
            (blocks_show_fetches_ && !step_once && commit_log_ == nullptr && profile_ == nullptr)) {
            DecodedBlock* block = block_cache_->lookup(*this, pc_);
            if (instret + block->count <= next_event.load(std::memory_order_relaxed)) {
                const std::uint64_t start = instret;
                if (engine_ != nullptr) {
                    engine_->run_blocks(block);
                } else {
                    run_fast(block);
                }
                if (measurement_pending_) [[unlikely]] {
                    take_pending_measurement();
                }
                // Showing fetches, the JIT leaves a block it has no code for to run_single.
                step_once =
                    fetch_observer_ != nullptr && instret == start && pc_ == block->start_pc;
                continue;
            }
        }
        step_once = false;
        DecodedBlock* step = step_cache_->lookup(*this, pc_);
        if (run_single(step) == BlockOutcome::Completed) {
            watch_single_step(*step);
        }
        if (measurement_pending_) [[unlikely]] {
            take_pending_measurement();
        }
    }
}

void Hart::take_pending_measurement() {
    measurement_pending_ = false;
    pe_.take_measurement();
    if (profile_ != nullptr) {
        profile_boundary();
    }
}

void Hart::profile_boundary() {
    profile_->at_boundary(instret, cycles(), clock.stalls, pe_.measurement().counting());
}

void Hart::flush_decoded_code() {
    code_written_remotely_.store(false, std::memory_order_relaxed);
    if (engine_ != nullptr) {
        engine_->flush();
    }
    block_cache_->flush();
    step_cache_->flush();
    flush_pending_ = false;
}

// ---- CLINT state ----------------------------------------------------------------------------

std::uint64_t Hart::mtime() const {
    return cycles() / kCyclesPerTimerTick + mtime_offset_;
}

void Hart::set_mtime(std::uint64_t value) {
    mtime_offset_ = value - cycles() / kCyclesPerTimerTick;
    request_event_check();
}

void Hart::set_mtimecmp(std::uint64_t value) {
    mtimecmp_ = value;
    request_event_check();
}

void Hart::set_software_interrupt_pending(bool pending) {
    msip_ = pending;
    request_event_check();
}

// ---- reports --------------------------------------------------------------------------------

std::string Hart::name() const {
    return pe_.pe_count() > 1 ? fmt::format("PE {}", pe_.id()) : fmt::format("hart {}", id_);
}

std::string Hart::register_dump(std::uint64_t pc) const {
    std::string text = fmt::format("  pc   0x{:016x}  privilege {}\n", pc,
                                   privilege_ == PrivilegeMode::Machine ? "M" : "U");
    for (unsigned row = 0; row < 8; ++row) {
        text += ' ';
        for (unsigned column = 0; column < 4; ++column) {
            const unsigned index = row * 4 + column;
            text += fmt::format(" {:>4} 0x{:016x}", integer_register_name(index), x[index]);
        }
        text += '\n';
    }
    text += fmt::format("  mstatus 0x{:016x}  mcause 0x{:x}  mepc 0x{:016x}  mtval 0x{:x}\n",
                        read_mstatus(), mcause_, mepc_, mtval_);
    text += fmt::format("  instructions retired {}", instret);
    return text;
}

void Hart::fatal(const std::string& summary, std::uint64_t pc) const {
    std::string text = summary;
    if (pe_.ram().contains(pc, 2)) {
        std::uint32_t encoding = 0;
        std::memcpy(&encoding, ram_host + (pc - kRamBase), 2);
        if ((encoding & 3U) == 3U && pe_.ram().contains(pc, 4)) {
            std::memcpy(&encoding, ram_host + (pc - kRamBase), 4);
        }
        text += fmt::format("\n  instruction at pc: 0x{:08x}  {}", encoding,
                            disassemble(pe_.decode_table(), encoding, pc, pe_.privileged_spec()));
        text += disabled_extension_note(pe_.config(), pe_.decode_table(), encoding);
    }
    text += '\n';
    text += register_dump(pc);
    throw GuestFatalError(text);
}

} // namespace xbemu
