// The hart's side of PMP and the debug triggers. Checks cost nothing while nothing restricts
// the current mode: loads and stores then take the fast path (Hart::fast_path_limit covers
// all of RAM), and fetch permissions and execute triggers are settled once, when a block is
// decoded. Any change to the configuration, or to the mode when fetches depend on it, flushes
// the decoded blocks. A memory observer that watches data accesses restricts them as PMP would,
// so that the interpreter's reach the slow paths, where it sees them; the JIT's, like the cycle
// mode's with caches, stay below cached_path_limit and run the observer's hit path inline.

#include "xbemu/hart.hpp"
#include "xbemu/memory_access_observer.hpp"
#include "xbemu/processing_element.hpp"

namespace xbemu {

namespace {

constexpr unsigned kUser = 0;
constexpr unsigned kMachine = 1;

} // namespace

bool Hart::data_accesses_in_machine_mode() const {
    // With mstatus.MPRV set, M-mode loads and stores obey the permissions of the mode in MPP.
    if (privilege_ != PrivilegeMode::Machine) {
        return false;
    }
    return (mstatus & kMstatusMprv) == 0 || (mstatus & kMstatusMpp) == kMstatusMpp;
}

void Hart::select_fast_path() {
    const std::uint64_t ram_size = pe_.ram().size();
    const bool unguarded = data_unguarded_[data_accesses_in_machine_mode() ? kMachine : kUser];
    cached_path_limit = unguarded ? ram_size - (kFastPathAccessBytes - 1) : 0;
    fast_path_limit =
        memory_timing_ == nullptr && data_observer_ == nullptr ? cached_path_limit : 0;
}

void Hart::classify_memory_protection() {
    const std::uint64_t ram_size = pe_.ram().size();
    for (const unsigned mode : {kUser, kMachine}) {
        const bool machine = mode == kMachine;
        data_unguarded_[mode] =
            pmp_.allows_everywhere(kRamBase, ram_size, MemoryAccess::Read, machine) &&
            pmp_.allows_everywhere(kRamBase, ram_size, MemoryAccess::Write, machine) &&
            !triggers_.watches(MemoryAccess::Read, machine) &&
            !triggers_.watches(MemoryAccess::Write, machine);
        data_unrestricted_[mode] = data_unguarded_[mode] && data_observer_ == nullptr;
        fetch_unrestricted_[mode] =
            pmp_.allows_everywhere(kRamBase, ram_size, MemoryAccess::Execute, machine) &&
            !triggers_.watches(MemoryAccess::Execute, machine);
    }
    select_fast_path();
}

void Hart::update_memory_protection() {
    classify_memory_protection();
    flush_pending_ = true;
    request_event_check();
}

void Hart::protection_on_mode_change(bool trap_entry) {
    const bool fetch_depended_on_mode =
        !(fetch_unrestricted_[kUser] && fetch_unrestricted_[kMachine]);
    if (trap_entry) {
        triggers_.trap_entered();
    } else {
        triggers_.trap_returned();
    }
    classify_memory_protection();
    // Blocks decoded in one mode carry that mode's fetch checks.
    if (fetch_depended_on_mode || !(fetch_unrestricted_[kUser] && fetch_unrestricted_[kMachine])) {
        flush_pending_ = true;
        request_event_check();
    }
}

void Hart::check_data_access(std::uint64_t address, unsigned size, MemoryAccess access,
                             const DecodedInstruction& op) {
    const bool machine = data_accesses_in_machine_mode();
    if (const auto trigger = triggers_.fire(access, address, size, machine)) {
        if (!triggers_.host_owned(*trigger)) {
            raise(cause::kBreakpoint, address, op);
        }
        debugger_data_trigger(access, address, size, op);
    }
    if (!pmp_.allows(address, size, access, machine)) {
        raise(access == MemoryAccess::Read ? cause::kLoadAccessFault : cause::kStoreAccessFault,
              address, op);
    }
}

void Hart::check_atomic_protection(std::uint64_t address, unsigned size, AtomicAccess access,
                                   const DecodedInstruction& op) {
    if (!data_unguarded()) {
        if (access == AtomicAccess::LoadReserved) {
            check_data_access(address, size, MemoryAccess::Read, op);
        } else {
            check_atomic_write(address, size, data_accesses_in_machine_mode(), op);
        }
    }
    // As Spike: an AMO loads and stores, lr loads, sc stores if it holds the reservation.
    if (data_observer_ == nullptr) {
        return;
    }
    if (access != AtomicAccess::StoreConditional) {
        data_observer_->loaded(address, size);
    }
    if (access == AtomicAccess::ReadModifyWrite ||
        (access == AtomicAccess::StoreConditional && reservation_valid_ &&
         reservation_address_ == address)) {
        data_observer_->stored(address, size);
    }
}

void Hart::check_atomic_write(std::uint64_t address, unsigned size, bool machine,
                              const DecodedInstruction& op) {
    for (const MemoryAccess access : {MemoryAccess::Write, MemoryAccess::Read}) {
        if (const auto trigger = triggers_.fire(access, address, size, machine)) {
            if (!triggers_.host_owned(*trigger)) {
                raise(cause::kBreakpoint, address, op);
            }
            debugger_data_trigger(access, address, size, op);
        }
    }
    if (!pmp_.allows(address, size, MemoryAccess::Read, machine) ||
        !pmp_.allows(address, size, MemoryAccess::Write, machine)) {
        raise(cause::kStoreAccessFault, address, op);
    }
}

void Hart::set_memory_observer(MemoryAccessObserver* observer) {
    fetch_observer_ = observer != nullptr && observer->observes_fetches() ? observer : nullptr;
    data_observer_ = observer != nullptr && observer->observes_data() ? observer : nullptr;
    classify_memory_protection();
    // The JIT translates for the observer the hart has when the engine is made.
    engine_ = make_execution_engine(pe_.config().engine, *this);
    blocks_show_fetches_ = fetch_observer_ != nullptr && engine_ != nullptr &&
                           fetch_observer_->instruction_hit_path().has_value();
}

bool Hart::may_fetch(std::uint64_t address, unsigned size) const {
    const bool machine = privilege_ == PrivilegeMode::Machine;
    return fetch_unrestricted_[machine ? kMachine : kUser] ||
           pmp_.allows(address, size, MemoryAccess::Execute, machine);
}

bool Hart::execute_trigger_at(std::uint64_t address) const {
    const bool machine = privilege_ == PrivilegeMode::Machine;
    return !fetch_unrestricted_[machine ? kMachine : kUser] &&
           triggers_.find(MemoryAccess::Execute, address, 1, machine).has_value();
}

void Hart::raise_execute_trigger(const DecodedInstruction& op) {
    const auto trigger =
        triggers_.fire(MemoryAccess::Execute, op.pc, 1, privilege_ == PrivilegeMode::Machine);
    if (trigger && triggers_.host_owned(*trigger)) {
        debug_event_ = DebugStop{DebugStopCause::HardwareBreakpoint};
        debug_attention_.store(true, std::memory_order_seq_cst);
        throw DebuggerStop{&op};
    }
    raise(cause::kBreakpoint, op.pc, op);
}

} // namespace xbemu
