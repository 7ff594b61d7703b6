#include "xbemu/xbgas/xbgas_hart_state.hpp"

#include "xbemu/checkpoint_stream.hpp"
#include "xbemu/processing_element.hpp"

#include <fmt/format.h>
#include <string>

namespace xbemu {

void XbgasHartState::save_checkpoint(CheckpointWriter& out) const {
    for (const std::uint64_t value : e) {
        out.u64(value);
    }
    out.boolean(reservation.valid);
    out.u32(reservation.pe);
    out.u64(reservation.address);
    out.u64(reservation.value);
}

void XbgasHartState::restore_checkpoint(CheckpointReader& in) {
    for (std::uint64_t& value : e) {
        value = in.u64();
    }
    reservation.valid = in.boolean();
    reservation.pe = in.u32();
    reservation.address = in.u64();
    reservation.value = in.u64();
}

void XbgasHartState::start(const ProcessingElement& pe) {
    const SymmetricRegion region = symmetric_region(pe.ram().size());
    e[10] = pe.id();
    e[11] = pe.pe_count();
    e[12] = region.size;
    e[13] = region.base;
}

namespace {

// "e0" to "e31", which the rows point into.
std::array<std::string, XbgasHartState::kRegisters> register_names() {
    std::array<std::string, XbgasHartState::kRegisters> names;
    for (std::size_t index = 0; index < names.size(); ++index) {
        names[index] = fmt::format("e{}", index);
    }
    return names;
}

} // namespace

const ExtensionHartStateType& xbgas_hart_state_type() {
    static const std::array<std::string, XbgasHartState::kRegisters> names = register_names();
    static const std::array<ExtensionRegisterRow, XbgasHartState::kRegisters> rows = [] {
        std::array<ExtensionRegisterRow, XbgasHartState::kRegisters> list;
        for (std::size_t index = 0; index < list.size(); ++index) {
            list[index] = {names[index], 64};
        }
        return list;
    }();
    static const ExtensionHartStateType type{kXbgasStateSlot,
                                             construct_extension_state<XbgasHartState>, rows};
    return type;
}

} // namespace xbemu
