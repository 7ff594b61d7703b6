// Control and status registers of a machine with M and U modes and no S mode; PMP and the debug
// triggers keep their state in their own modules (pmp.hpp, debug_triggers.hpp).

#include "hart/csr_numbers.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/processing_element.hpp"

namespace xbemu {

namespace {

constexpr std::uint64_t kMachineInterrupts = (1ULL << cause::kMachineSoftwareInterrupt) |
                                             (1ULL << cause::kMachineTimerInterrupt) |
                                             (1ULL << cause::kMachineExternalInterrupt);
constexpr std::uint64_t kCountInhibitCycle = 1ULL << 0;
constexpr std::uint64_t kCountInhibitInstret = 1ULL << 2;

bool in(std::uint32_t number, std::uint32_t first, std::uint32_t last) {
    return number >= first && number <= last;
}

} // namespace

std::uint64_t Hart::misa() const {
    return misa_;
}

std::uint64_t Hart::read_mstatus() const {
    return (mstatus & kMstatusFsMask) == kMstatusFsDirty ? mstatus | kMstatusSd : mstatus;
}

void Hart::write_mstatus(std::uint64_t value) {
    constexpr std::uint64_t kWritable =
        kMstatusMie | kMstatusMpie | kMstatusMpp | kMstatusFsMask | kMstatusMprv | kMstatusTw;
    std::uint64_t updated = (mstatus & ~kWritable) | (value & kWritable);
    // MPP is WARL: only M (3) and U (0) exist; S and the reserved value become U, as on Spike.
    if (((updated & kMstatusMpp) >> kMstatusMppShift) != 3) {
        updated &= ~kMstatusMpp;
    }
    // Decoding depends on whether the FPU is on (FP instructions decode as illegal when off).
    if (((updated ^ mstatus) & kMstatusFsMask) != 0 &&
        ((updated & kMstatusFsMask) == 0 || (mstatus & kMstatusFsMask) == 0)) {
        flush_pending_ = true;
    }
    mstatus = updated;
    select_fast_path();
    request_event_check();
}

std::uint64_t Hart::counter_value(std::uint32_t number) const {
    // The CSR instruction itself is already counted by the dispatch loop; in the cycle mode the
    // clock stands at its start (csr_access syncs it).
    const std::uint64_t instret_before = instret - 1;
    const std::uint64_t cycles_before = cycle_mode() ? cycles() : cycles() - 1;
    switch (number) {
    case csr::kMcycle:
    case csr::kCycle:
        return (mcountinhibit_ & kCountInhibitCycle) != 0 ? frozen_cycle_
                                                          : cycles_before + cycle_offset_;
    case csr::kMinstret:
    case csr::kInstret:
        return (mcountinhibit_ & kCountInhibitInstret) != 0 ? frozen_instret_
                                                            : instret_before + instret_offset_;
    case csr::kTime:
        return mtime();
    default:
        return 0; // hpmcounters: no events are counted
    }
}

void Hart::check_csr_exists(std::uint32_t number, bool write, const DecodedInstruction& op) const {
    const auto required = static_cast<unsigned>((number >> 8) & 3U);
    if (required > static_cast<unsigned>(privilege_)) {
        raise_illegal_instruction(op);
    }
    if (write && (number >> 10) == 3) {
        raise_illegal_instruction(op);
    }
    if (number <= csr::kFcsr && !fpu_enabled()) {
        raise_illegal_instruction(op);
    }
    if (in(number, csr::kCycle, csr::kHpmcounterLast) && privilege_ == PrivilegeMode::User &&
        ((mcounteren_ >> (number - csr::kCycle)) & 1U) == 0) {
        raise_illegal_instruction(op);
    }
}

std::uint64_t Hart::csr_read(std::uint32_t number, const DecodedInstruction& op) {
    switch (number) {
    case csr::kFflags:
        return fflags;
    case csr::kFrm:
        return frm;
    case csr::kFcsr:
        return (static_cast<std::uint64_t>(frm) << 5) | fflags;
    case csr::kMstatus:
        return read_mstatus();
    case csr::kMisa:
        return misa();
    case csr::kMedeleg:
    case csr::kMideleg:
        return 0;
    case csr::kMie:
        return mie_;
    case csr::kMtvec:
        return mtvec_;
    case csr::kMcounteren:
        return mcounteren_;
    case csr::kMenvcfg:
        return menvcfg_;
    case csr::kMcountinhibit:
        return mcountinhibit_;
    case csr::kMscratch:
        return mscratch_;
    case csr::kMepc:
        return mepc_ & ~jump_alignment_mask;
    case csr::kMcause:
        return mcause_;
    case csr::kMtval:
        return mtval_;
    case csr::kMip:
        return pending_interrupts();
    case csr::kMvendorid:
    case csr::kMarchid:
    case csr::kMimpid:
    case csr::kMconfigptr:
        return 0;
    case csr::kMhartid:
        return id_;
    case csr::kTselect:
        return triggers_.read_select();
    case csr::kTdata1:
        return triggers_.read_data1();
    case csr::kTdata2:
        return triggers_.read_data2();
    case csr::kTdata3:
        return DebugTriggers::read_data3();
    case csr::kTinfo:
        return DebugTriggers::read_info();
    case csr::kTcontrol:
        return triggers_.read_control();
    default:
        break;
    }
    if (number == csr::kMcycle || number == csr::kMinstret ||
        in(number, csr::kMhpmcounterFirst, csr::kMhpmcounterLast) ||
        in(number, csr::kCycle, csr::kHpmcounterLast)) {
        return counter_value(number);
    }
    // RV64 has only the even pmpcfg registers.
    if (in(number, csr::kPmpcfgFirst, csr::kPmpcfgLast) && number % 2 == 0) {
        return pmp_.read_config(number - csr::kPmpcfgFirst);
    }
    if (in(number, csr::kPmpaddrFirst, csr::kPmpaddrLast)) {
        return pmp_.read_address(number - csr::kPmpaddrFirst);
    }
    // No performance events: the selectors read as zero (their WARL legal value).
    if (in(number, csr::kMhpmeventFirst, csr::kMhpmeventLast)) {
        return 0;
    }
    for (const Extension* extension : pe_.decode_table().extensions()) {
        for (const ExtensionCsr& extension_csr : extension->csrs) {
            if (extension_csr.number == number) {
                return extension_csr.read(*this);
            }
        }
    }
    raise_illegal_instruction(op);
}

void Hart::csr_write(std::uint32_t number, std::uint64_t value, const DecodedInstruction& op) {
    switch (number) {
    case csr::kFflags:
        fflags = static_cast<std::uint8_t>(value & 0x1f);
        mark_fpu_dirty();
        return;
    case csr::kFrm:
        frm = static_cast<std::uint32_t>(value & 7);
        mark_fpu_dirty();
        return;
    case csr::kFcsr:
        fflags = static_cast<std::uint8_t>(value & 0x1f);
        frm = static_cast<std::uint32_t>((value >> 5) & 7);
        mark_fpu_dirty();
        return;
    case csr::kMstatus:
        write_mstatus(value);
        return;
    case csr::kMie:
        mie_ = value & kMachineInterrupts;
        request_event_check();
        return;
    case csr::kMtvec:
        mtvec_ = value & ~2ULL; // modes 2 and 3 are reserved: keep direct (0) or vectored (1)
        return;
    case csr::kMcounteren:
        mcounteren_ = value & 0xffffffffULL;
        return;
    case csr::kMenvcfg:
        menvcfg_ = value & 1U; // FIOM; the other fields belong to extensions not implemented
        return;
    case csr::kMcountinhibit: {
        const std::uint64_t updated = value & 0xfffffffdULL;
        if (((updated ^ mcountinhibit_) & kCountInhibitCycle) != 0) {
            if ((updated & kCountInhibitCycle) != 0) {
                frozen_cycle_ = counter_value(csr::kMcycle);
            } else {
                cycle_offset_ = frozen_cycle_ - cycles_after_csr_instruction();
            }
        }
        if (((updated ^ mcountinhibit_) & kCountInhibitInstret) != 0) {
            if ((updated & kCountInhibitInstret) != 0) {
                frozen_instret_ = counter_value(csr::kMinstret);
            } else {
                instret_offset_ = frozen_instret_ - instret;
            }
        }
        mcountinhibit_ = updated;
        return;
    }
    case csr::kMscratch:
        mscratch_ = value;
        return;
    case csr::kMepc:
        mepc_ = value & ~1ULL;
        return;
    case csr::kMcause:
        mcause_ = value;
        return;
    case csr::kMtval:
        mtval_ = value;
        return;
    case csr::kMcycle:
        // The written value is what the counter holds once this instruction has retired.
        if ((mcountinhibit_ & kCountInhibitCycle) != 0) {
            frozen_cycle_ = value;
        } else {
            cycle_offset_ = value - cycles_after_csr_instruction();
        }
        return;
    case csr::kMinstret:
        if ((mcountinhibit_ & kCountInhibitInstret) != 0) {
            frozen_instret_ = value;
        } else {
            instret_offset_ = value - instret;
        }
        return;
    case csr::kTselect:
        triggers_.write_select(value);
        return;
    case csr::kTdata1:
        triggers_.write_data1(value);
        update_memory_protection();
        return;
    case csr::kTdata2:
        triggers_.write_data2(value);
        update_memory_protection();
        return;
    case csr::kTcontrol:
        triggers_.write_control(value);
        update_memory_protection();
        return;
    default:
        break;
    }
    if (in(number, csr::kPmpcfgFirst, csr::kPmpcfgLast)) {
        pmp_.write_config(number - csr::kPmpcfgFirst, value);
        update_memory_protection();
        return;
    }
    if (in(number, csr::kPmpaddrFirst, csr::kPmpaddrLast)) {
        pmp_.write_address(number - csr::kPmpaddrFirst, value);
        update_memory_protection();
        return;
    }
    // WARL registers whose only legal value is the one they hold (misa, delegation without S
    // mode, mip's bits that only devices drive, event selectors, tdata3 and tinfo): the write
    // is accepted and has no effect.
    (void)op;
}

std::uint64_t Hart::csr_access(const DecodedInstruction& op, bool write,
                               std::uint64_t (*update)(std::uint64_t old, std::uint64_t operand),
                               std::uint64_t operand) {
    const auto number = static_cast<std::uint32_t>(op.imm) & 0xfffU;
    check_csr_exists(number, write, op);
    sync_cycle(op);
    const std::uint64_t old = csr_read(number, op);
    if (write) {
        csr_write(number, update(old, operand), op);
    }
    return old;
}

} // namespace xbemu
