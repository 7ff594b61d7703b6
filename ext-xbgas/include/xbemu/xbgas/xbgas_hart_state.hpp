#pragma once
// What xBGAS holds in each hart: the extended registers e0-e31 (object IDs) and the reservation
// of a remote load-reserved. The hart keeps it in slot kXbgasStateSlot, where the execute
// functions find it at a fixed offset (xbgas_state), and publishes e0-e31 as its extended register
// file (translated code, the commit log, the polling detector, the cycle mode's speculation).

#include "xbemu/extension_hart_state.hpp"
#include "xbemu/hart.hpp"

#include <array>
#include <cstdint>

namespace xbemu {

inline constexpr unsigned kXbgasStateSlot = 0;

class XbgasHartState final : public ExtensionHartState {
public:
    static constexpr std::size_t kRegisters = 32;
    std::array<std::uint64_t, kRegisters> e{};
    struct RemoteReservation {
        bool valid = false;
        unsigned pe = 0;
        std::uint64_t address = 0;
        std::uint64_t value = 0;
    } reservation;

    std::uint64_t read_register(std::size_t row) const override { return e[row]; }
    void write_register(std::size_t row, std::uint64_t value) override { e[row] = value; }
    void save_checkpoint(CheckpointWriter& out) const override;
    void restore_checkpoint(CheckpointReader& in) override;
    // e10 = PE id, e11 = PE count, e12/e13 = size/base of the symmetric region.
    void start(const ProcessingElement& pe) override;
    std::uint64_t* extended_registers() override { return e.data(); }
};

// The state of a hart with xBGAS enabled (for its execute functions: no check).
inline XbgasHartState& xbgas_state(Hart& hart) {
    return hart.extension_state_in<XbgasHartState>(kXbgasStateSlot);
}

const ExtensionHartStateType& xbgas_hart_state_type();

} // namespace xbemu
