// xBGAS: remote loads, stores and atomics addressed by (object ID in e[n], address in x[n]).
// Object ID 0 is this PE through its ordinary memory path (devices, code invalidation); any
// other ID goes through the OLB to a PE, and to that PE's memory through the PE's remote-access
// port: each instruction issues its access there and says in its completion step what it does
// with the value, the same in every timing mode and transport.

#include "xbemu/xbgas/xbgas_extension.hpp"

#include "xbemu/processing_element.hpp"
#include "xbemu/remote_access_port.hpp"
#include "xbemu/remote_atomic.hpp"
#include "xbemu/threaded_execution.hpp"
#include "xbemu/xbgas/xbgas_hart_state.hpp"
#include "xbemu/xbgas/xbgas_statistics.hpp"
#include "xbgas_formats.hpp"

#include <optional>
#include <type_traits>

namespace xbemu {

namespace {

using Op = DecodedInstruction;

std::uint64_t imm(const Op& op) {
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(op.imm));
}

template <typename T> std::uint64_t extend(T value) {
    using Extended = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    return static_cast<std::uint64_t>(static_cast<Extended>(value));
}

// An ID the OLB does not know is an access fault. Out of line, so that the lookup's fast path
// keeps nothing alive for it.
[[noreturn, gnu::noinline, gnu::cold]] void unknown_object(std::uint64_t object,
                                                           std::uint64_t address, const Op& op,
                                                           std::uint64_t fault_cause) {
    throw Trap{fault_cause, address, &op, true, object};
}

// The PE an object ID names.
unsigned target_pe(Hart& hart, std::uint64_t object, std::uint64_t address, const Op& op,
                   std::uint64_t fault_cause) {
    const std::optional<unsigned> pe = hart.pe().olb().translate(object);
    if (!pe) [[unlikely]] {
        unknown_object(object, address, op, fault_cause);
    }
    return *pe;
}

void check_remote_range(Hart& hart, std::uint64_t address, unsigned size, const Op& op,
                        std::uint64_t fault_cause) {
    if (!hart.pe().remote_memory().contains(address, size)) [[unlikely]] {
        Hart::raise(fault_cause, address, op);
    }
}

// The completion steps: what a remote instruction does with the value its access returns (its
// low `access.size` bytes), in every timing mode.

// x[rd] gets the value extended like the base ISA's loads.
template <typename T>
void complete_integer_load(Hart& hart, const RemoteAccess&, const RemoteCompletion& completion,
                           std::uint64_t value) {
    hart.x[completion.register_index] = extend(static_cast<T>(value));
}
void complete_extended_load(Hart& hart, const RemoteAccess&, const RemoteCompletion& completion,
                            std::uint64_t value) {
    xbgas_state(hart).e[completion.register_index] = value;
}
// Atomics and load-reserved: rd gets the old value, sign-extended from the access's size.
template <typename T>
void complete_atomic(Hart& hart, const RemoteAccess&, const RemoteCompletion& completion,
                     std::uint64_t value) {
    hart.x[completion.register_index] = extend(static_cast<std::make_signed_t<T>>(value));
}
template <typename T>
void complete_load_reserved(Hart& hart, const RemoteAccess& access,
                            const RemoteCompletion& completion, std::uint64_t value) {
    xbgas_state(hart).reservation = {true, access.target, access.address, value};
    complete_atomic<T>(hart, access, completion, value);
}
// rd gets 0 when memory held the reserved value (the store happened), else 1.
template <typename T>
void complete_store_conditional(Hart& hart, const RemoteAccess& access,
                                const RemoteCompletion& completion, std::uint64_t value) {
    hart.x[completion.register_index] =
        static_cast<T>(value) == static_cast<T>(access.value) ? 0 : 1;
}

// Object ID 0 is this PE through its ordinary memory path; any other goes through the PE's
// remote-access port. Inline into each instruction, so that the port's inline path for loads and
// stores knows the completion step and calls it directly.
template <typename T>
[[gnu::always_inline]] inline void remote_load(Hart& hart, const Op& op, std::uint64_t object,
                                               std::uint64_t address,
                                               const RemoteCompletion& completion) {
    if (object == 0) {
        completion.step(
            hart, RemoteAccess{}, completion,
            static_cast<std::uint64_t>(hart.load<std::make_unsigned_t<T>>(address, op)));
        return;
    }
    const unsigned pe = target_pe(hart, object, address, op, cause::kLoadAccessFault);
    check_remote_range(hart, address, sizeof(T), op, cause::kLoadAccessFault);
    xbgas_traffic(hart.pe()).load(pe, sizeof(T));
    hart.pe().remote_access().issue(
        hart, op, RemoteAccess{RemoteAccessKind::Read, pe, address, sizeof(T)}, completion);
}

template <typename T>
[[gnu::always_inline]] inline void remote_store(Hart& hart, const Op& op, std::uint64_t object,
                                                std::uint64_t address, T value) {
    if (object == 0) {
        hart.store<T>(address, value, op);
        return;
    }
    const unsigned pe = target_pe(hart, object, address, op, cause::kStoreAccessFault);
    check_remote_range(hart, address, sizeof(T), op, cause::kStoreAccessFault);
    xbgas_traffic(hart.pe()).store(pe, sizeof(T));
    hart.pe().remote_access().issue(
        hart, op, RemoteAccess{RemoteAccessKind::Write, pe, address, sizeof(T), value}, {});
}

// Atomics reach even this PE's memory through the remote-access port, so that they stay atomic
// with respect to the other PEs' atomics under every transport. They need natural alignment.
unsigned atomic_target(Hart& hart, const Op& op, std::uint64_t object, std::uint64_t address,
                       unsigned size, bool is_load) {
    if ((address & (size - 1)) != 0) {
        Hart::raise(is_load ? cause::kLoadAddressMisaligned : cause::kStoreAddressMisaligned,
                    address, op);
    }
    const std::uint64_t fault = is_load ? cause::kLoadAccessFault : cause::kStoreAccessFault;
    const unsigned pe = target_pe(hart, object, address, op, fault);
    check_remote_range(hart, address, size, op, fault);
    xbgas_traffic(hart.pe()).atomic(pe, size);
    return pe;
}

template <typename T> void base_load(Hart& h, const Op& op) {
    remote_load<T>(h, op, xbgas_state(h).e[op.rs1], h.x[op.rs1] + imm(op),
                   {complete_integer_load<T>, op.rd});
}
template <typename T> void base_store(Hart& h, const Op& op) {
    remote_store<T>(h, op, xbgas_state(h).e[op.rs1], h.x[op.rs1] + imm(op),
                    static_cast<T>(h.x[op.rs2]));
}
template <typename T> void raw_load(Hart& h, const Op& op) {
    remote_load<T>(h, op, xbgas_state(h).e[op.rs2], h.x[op.rs1], {complete_integer_load<T>, op.rd});
}
template <typename T> void raw_store(Hart& h, const Op& op) {
    remote_store<T>(h, op, xbgas_state(h).e[op.rd], h.x[op.rs2], static_cast<T>(h.x[op.rs1]));
}
void ele(Hart& h, const Op& op) {
    xbgas_state(h).e[op.rd] = h.load<std::uint64_t>(h.x[op.rs1] + imm(op), op);
}
void ese(Hart& h, const Op& op) {
    h.store<std::uint64_t>(h.x[op.rs1] + imm(op), xbgas_state(h).e[op.rs2], op);
}
void erle(Hart& h, const Op& op) {
    remote_load<std::uint64_t>(h, op, xbgas_state(h).e[op.rs2], h.x[op.rs1],
                               {complete_extended_load, op.rd});
}
void erse(Hart& h, const Op& op) {
    remote_store<std::uint64_t>(h, op, xbgas_state(h).e[op.rd], h.x[op.rs2],
                                xbgas_state(h).e[op.rs1]);
}
void eaddi(Hart& h, const Op& op) {
    h.x[op.rd] = xbgas_state(h).e[op.rs1] + imm(op);
}
void eaddie(Hart& h, const Op& op) {
    xbgas_state(h).e[op.rd] = h.x[op.rs1] + imm(op);
}
void eaddix(Hart& h, const Op& op) {
    xbgas_state(h).e[op.rd] = xbgas_state(h).e[op.rs1] + imm(op);
}

template <typename T, RemoteAtomic operation> void atomic(Hart& h, const Op& op) {
    const std::uint64_t address = h.x[op.rs1];
    const unsigned pe = atomic_target(h, op, xbgas_state(h).e[op.rs1], address, sizeof(T), false);
    RemoteAccess access{RemoteAccessKind::Atomic, pe, address, sizeof(T),
                        static_cast<T>(h.x[op.rs2])};
    access.operation = operation;
    h.pe().remote_access().issue(h, op, access, {complete_atomic<T>, op.rd});
}

template <typename T> void load_reserved(Hart& h, const Op& op) {
    const std::uint64_t address = h.x[op.rs1];
    const unsigned pe = atomic_target(h, op, xbgas_state(h).e[op.rs1], address, sizeof(T), true);
    h.pe().remote_access().issue(h, op,
                                 RemoteAccess{RemoteAccessKind::AtomicRead, pe, address, sizeof(T)},
                                 {complete_load_reserved<T>, op.rd});
}

template <typename T> void store_conditional(Hart& h, const Op& op) {
    const std::uint64_t address = h.x[op.rs1];
    const unsigned pe = atomic_target(h, op, xbgas_state(h).e[op.rs1], address, sizeof(T), false);
    XbgasHartState::RemoteReservation& held = xbgas_state(h).reservation;
    const XbgasHartState::RemoteReservation reservation = held;
    held.valid = false;
    if (!reservation.valid || reservation.pe != pe || reservation.address != address) {
        h.x[op.rd] = 1;
        return;
    }
    RemoteAccess access{RemoteAccessKind::CompareAndSwap, pe, address, sizeof(T),
                        static_cast<T>(reservation.value)};
    access.desired = static_cast<T>(h.x[op.rs2]);
    h.pe().remote_access().issue(h, op, access, {complete_store_conditional<T>, op.rd});
}

using enum TimingClass;
using W = std::uint32_t;
using D = std::uint64_t;
using namespace xbgas_formats;
constexpr std::uint32_t kImmediateMask = 0x0000707f;
constexpr std::uint32_t kRegisterMask = 0xfe00707f;
constexpr std::uint32_t kMoveMask = 0xfff0707f;
constexpr std::uint32_t kAtomicMask = 0xf800707f;
constexpr std::uint32_t kLoadReservedMask = 0xf9f0707f;

const InstructionDescriptor kInstructions[] = {
    {"elb", 0x00000077, kImmediateMask, &formats::load, threaded<base_load<std::int8_t>>, Remote,
     kOnlyObserves, "lb"},
    {"elh", 0x00001077, kImmediateMask, &formats::load, threaded<base_load<std::int16_t>>, Remote,
     kOnlyObserves, "lh"},
    {"elw", 0x00002077, kImmediateMask, &formats::load, threaded<base_load<std::int32_t>>, Remote,
     kOnlyObserves, "lw"},
    {"eld", 0x00003077, kImmediateMask, &formats::load, threaded<base_load<std::uint64_t>>, Remote,
     kOnlyObserves, "ld"},
    {"elbu", 0x00004077, kImmediateMask, &formats::load, threaded<base_load<std::uint8_t>>, Remote,
     kOnlyObserves, "lbu"},
    {"elhu", 0x00005077, kImmediateMask, &formats::load, threaded<base_load<std::uint16_t>>, Remote,
     kOnlyObserves, "lhu"},
    {"ele", 0x00007077, kImmediateMask, &extended_load, threaded<ele>, Load},
    {"esb", 0x0000007b, kImmediateMask, &formats::store, threaded<base_store<std::uint8_t>>, Remote,
     0, "sb"},
    {"esh", 0x0000107b, kImmediateMask, &formats::store, threaded<base_store<std::uint16_t>>,
     Remote, 0, "sh"},
    {"esw", 0x0000207b, kImmediateMask, &formats::store, threaded<base_store<std::uint32_t>>,
     Remote, 0, "sw"},
    {"esd", 0x0000307b, kImmediateMask, &formats::store, threaded<base_store<std::uint64_t>>,
     Remote, 0, "sd"},
    {"ese", 0x0000707b, kImmediateMask, &extended_store, threaded<ese>, Store},
    {"erlb", 0xaa000033, kRegisterMask, &xbgas_formats::raw_load, threaded<raw_load<std::int8_t>>,
     Remote, kOnlyObserves},
    {"erlh", 0xaa001033, kRegisterMask, &xbgas_formats::raw_load, threaded<raw_load<std::int16_t>>,
     Remote, kOnlyObserves},
    {"erlw", 0xaa002033, kRegisterMask, &xbgas_formats::raw_load, threaded<raw_load<std::int32_t>>,
     Remote, kOnlyObserves},
    {"erld", 0xaa003033, kRegisterMask, &xbgas_formats::raw_load, threaded<raw_load<std::uint64_t>>,
     Remote, kOnlyObserves},
    {"erlbu", 0xaa004033, kRegisterMask, &xbgas_formats::raw_load, threaded<raw_load<std::uint8_t>>,
     Remote, kOnlyObserves},
    {"erlhu", 0xaa005033, kRegisterMask, &xbgas_formats::raw_load,
     threaded<raw_load<std::uint16_t>>, Remote, kOnlyObserves},
    {"erle", 0xaa007033, kRegisterMask, &raw_load_extended, threaded<erle>, Remote, kOnlyObserves},
    {"ersb", 0x44000033, kRegisterMask, &xbgas_formats::raw_store,
     threaded<raw_store<std::uint8_t>>, Remote},
    {"ersh", 0x44001033, kRegisterMask, &xbgas_formats::raw_store,
     threaded<raw_store<std::uint16_t>>, Remote},
    {"ersw", 0x44002033, kRegisterMask, &xbgas_formats::raw_store,
     threaded<raw_store<std::uint32_t>>, Remote},
    {"ersd", 0x44003033, kRegisterMask, &xbgas_formats::raw_store,
     threaded<raw_store<std::uint64_t>>, Remote},
    {"erse", 0x44007033, kRegisterMask, &raw_store_extended, threaded<erse>, Remote},
    {"eaddi", 0x0000607b, kImmediateMask, &integer_from_extended, threaded<eaddi>, Alu},
    {"movebe", 0x0000607b, kMoveMask, &move_integer_from_extended, threaded<eaddi>, Alu},
    {"eaddie", 0x0000507b, kImmediateMask, &extended_from_integer, threaded<eaddie>, Alu},
    {"moveeb", 0x0000507b, kMoveMask, &move_extended_from_integer, threaded<eaddie>, Alu},
    {"eaddix", 0x00007003, kImmediateMask, &extended_from_extended, threaded<eaddix>, Alu},
    {"moveee", 0x00007003, kMoveMask, &move_extended_from_extended, threaded<eaddix>, Alu},
    {"eamoadd.w", 0x0000206b, kAtomicMask, &formats::amo, threaded<atomic<W, RemoteAtomic::Add>>,
     Remote, kReportsProgress},
    {"eamoswap.w", 0x0800206b, kAtomicMask, &formats::amo, threaded<atomic<W, RemoteAtomic::Swap>>,
     Remote, kReportsProgress},
    {"elr.w", 0x1000206b, kLoadReservedMask, &formats::load_reserved, threaded<load_reserved<W>>,
     Remote, kOnlyObserves},
    {"esc.w", 0x1800206b, kAtomicMask, &formats::amo, threaded<store_conditional<W>>, Remote,
     kReportsProgress},
    {"eamoxor.w", 0x2000206b, kAtomicMask, &formats::amo, threaded<atomic<W, RemoteAtomic::Xor>>,
     Remote, kReportsProgress},
    {"eamoor.w", 0x4000206b, kAtomicMask, &formats::amo, threaded<atomic<W, RemoteAtomic::Or>>,
     Remote, kReportsProgress},
    {"eamoand.w", 0x6000206b, kAtomicMask, &formats::amo, threaded<atomic<W, RemoteAtomic::And>>,
     Remote, kReportsProgress},
    {"eamomin.w", 0x8000206b, kAtomicMask, &formats::amo, threaded<atomic<W, RemoteAtomic::Min>>,
     Remote, kReportsProgress},
    {"eamomax.w", 0xa000206b, kAtomicMask, &formats::amo, threaded<atomic<W, RemoteAtomic::Max>>,
     Remote, kReportsProgress},
    {"eamominu.w", 0xc000206b, kAtomicMask, &formats::amo,
     threaded<atomic<W, RemoteAtomic::MinUnsigned>>, Remote, kReportsProgress},
    {"eamomaxu.w", 0xe000206b, kAtomicMask, &formats::amo,
     threaded<atomic<W, RemoteAtomic::MaxUnsigned>>, Remote, kReportsProgress},
    {"eamoadd.d", 0x0000306b, kAtomicMask, &formats::amo, threaded<atomic<D, RemoteAtomic::Add>>,
     Remote, kReportsProgress},
    {"eamoswap.d", 0x0800306b, kAtomicMask, &formats::amo, threaded<atomic<D, RemoteAtomic::Swap>>,
     Remote, kReportsProgress},
    {"elr.d", 0x1000306b, kLoadReservedMask, &formats::load_reserved, threaded<load_reserved<D>>,
     Remote, kOnlyObserves},
    {"esc.d", 0x1800306b, kAtomicMask, &formats::amo, threaded<store_conditional<D>>, Remote,
     kReportsProgress},
    {"eamoxor.d", 0x2000306b, kAtomicMask, &formats::amo, threaded<atomic<D, RemoteAtomic::Xor>>,
     Remote, kReportsProgress},
    {"eamoor.d", 0x4000306b, kAtomicMask, &formats::amo, threaded<atomic<D, RemoteAtomic::Or>>,
     Remote, kReportsProgress},
    {"eamoand.d", 0x6000306b, kAtomicMask, &formats::amo, threaded<atomic<D, RemoteAtomic::And>>,
     Remote, kReportsProgress},
    {"eamomin.d", 0x8000306b, kAtomicMask, &formats::amo, threaded<atomic<D, RemoteAtomic::Min>>,
     Remote, kReportsProgress},
    {"eamomax.d", 0xa000306b, kAtomicMask, &formats::amo, threaded<atomic<D, RemoteAtomic::Max>>,
     Remote, kReportsProgress},
    {"eamominu.d", 0xc000306b, kAtomicMask, &formats::amo,
     threaded<atomic<D, RemoteAtomic::MinUnsigned>>, Remote, kReportsProgress},
    {"eamomaxu.d", 0xe000306b, kAtomicMask, &formats::amo,
     threaded<atomic<D, RemoteAtomic::MaxUnsigned>>, Remote, kReportsProgress},
};

} // namespace

const Extension& extension_xbgas() {
    // misa bit 23 ("X", non-standard extensions present) comes from the "x" name.
    static const Extension extension{
        "xbgas", kInstructions, -1, {}, {}, &xbgas_hart_state_type(), &xbgas_statistics_type()};
    return extension;
}

} // namespace xbemu
