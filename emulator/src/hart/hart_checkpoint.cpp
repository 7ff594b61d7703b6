#include "xbemu/checkpoint_stream.hpp"
#include "xbemu/hart.hpp"

namespace xbemu {

namespace {

constexpr std::array<unsigned, 2> kPmpConfigs{0, 2};

template <std::size_t N>
void save_registers(CheckpointWriter& out, const std::array<std::uint64_t, N>& registers) {
    for (const std::uint64_t value : registers) {
        out.u64(value);
    }
}

template <std::size_t N>
void restore_registers(CheckpointReader& in, std::array<std::uint64_t, N>& registers) {
    for (std::uint64_t& value : registers) {
        value = in.u64();
    }
}

} // namespace

void Hart::save_checkpoint(CheckpointWriter& out) const {
    save_registers(out, x);
    save_registers(out, f);
    out.u64(pc_);
    out.u8(static_cast<std::uint8_t>(privilege_));
    out.boolean(exit_status_.has_value());
    out.u32(static_cast<std::uint32_t>(exit_status_.value_or(0)));
    out.boolean(waiting_for_interrupt_);
    out.boolean(reservation_valid_);
    out.u64(reservation_address_);
    out.u64(reservation_value_);
    out.u64(mstatus);
    out.u32(frm);
    out.u8(fflags);
    for (const std::uint64_t csr :
         {mtvec_, mepc_, mcause_, mtval_, mscratch_, mie_, mcounteren_, mcountinhibit_, menvcfg_,
          cycle_offset_, instret_offset_, frozen_cycle_, frozen_instret_, mtimecmp_}) {
        out.u64(csr);
    }
    out.boolean(msip_);
    // RV64: pmpcfg0 holds entries 0-7, pmpcfg2 entries 8-15.
    for (const unsigned index : kPmpConfigs) {
        out.u64(pmp_.read_config(index));
    }
    for (unsigned index = 0; index < PhysicalMemoryProtection::kEntries; ++index) {
        out.u64(pmp_.read_address(index));
    }
    DebugTriggers triggers = triggers_;
    for (unsigned index = 0; index < DebugTriggers::kTriggers; ++index) {
        triggers.write_select(index);
        out.u64(triggers.read_data1());
        out.u64(triggers.read_data2());
    }
    out.u64(triggers_.read_select());
    out.u64(triggers_.read_control());
    for (const OwnedExtensionState& owned : extension_states_) {
        owned.state->save_checkpoint(out);
    }
    trap_storm_.save_checkpoint(out);
}

void Hart::restore_checkpoint(CheckpointReader& in) {
    restore_registers(in, x);
    restore_registers(in, f);
    pc_ = in.u64();
    const std::uint8_t privilege = in.u8();
    if (privilege != static_cast<std::uint8_t>(PrivilegeMode::Machine) &&
        privilege != static_cast<std::uint8_t>(PrivilegeMode::User)) {
        throw CheckpointError("is corrupt");
    }
    privilege_ = static_cast<PrivilegeMode>(privilege);
    const bool exited = in.boolean();
    const auto status = static_cast<int>(in.u32());
    exit_status_ = exited ? std::optional<int>(status) : std::nullopt;
    waiting_for_interrupt_ = in.boolean();
    reservation_valid_ = in.boolean();
    reservation_address_ = in.u64();
    reservation_value_ = in.u64();
    mstatus = in.u64();
    frm = in.u32();
    fflags = in.u8();
    for (std::uint64_t* csr : {&mtvec_, &mepc_, &mcause_, &mtval_, &mscratch_, &mie_, &mcounteren_,
                               &mcountinhibit_, &menvcfg_, &cycle_offset_, &instret_offset_,
                               &frozen_cycle_, &frozen_instret_, &mtimecmp_}) {
        *csr = in.u64();
    }
    msip_ = in.boolean();
    // The addresses first: the configurations may lock entries, which ignore later writes.
    std::array<std::uint64_t, kPmpConfigs.size()> configs{};
    for (std::uint64_t& config : configs) {
        config = in.u64();
    }
    for (unsigned index = 0; index < PhysicalMemoryProtection::kEntries; ++index) {
        pmp_.write_address(index, in.u64());
    }
    for (unsigned index = 0; index < configs.size(); ++index) {
        pmp_.write_config(kPmpConfigs[index], configs[index]);
    }
    for (unsigned index = 0; index < DebugTriggers::kTriggers; ++index) {
        triggers_.write_select(index);
        triggers_.write_data1(in.u64());
        triggers_.write_data2(in.u64());
    }
    triggers_.write_select(in.u64());
    triggers_.write_control(in.u64());
    for (const OwnedExtensionState& owned : extension_states_) {
        owned.state->restore_checkpoint(in);
    }
    trap_storm_.restore_checkpoint(in);
    update_memory_protection();
    update_next_event();
}

} // namespace xbemu
