#pragma once
// Sdtrig debug triggers as Spike has them, without debug mode: 4 triggers, each either disabled
// (type 15) or an mcontrol6 address match (type 6) on instruction execution, loads and stores,
// in M and/or U mode, that raises a breakpoint exception (mcause 3, mtval = the address) before
// the instruction executes. tselect, tdata1-3, tinfo, and tcontrol, whose mte bit keeps M-mode
// triggers from firing inside the trap handler they would enter.
//
// A debugger on the host (the gdb stub) programs the same triggers through set_host_match: its
// triggers carry dmode = 1, which the guest can read but not change, as on hardware where the
// debugger owns a trigger.

#include "xbemu/memory_access.hpp"

#include <array>
#include <cstdint>
#include <optional>

namespace xbemu {

class DebugTriggers {
public:
    static constexpr unsigned kTriggers = 4;

    std::uint64_t read_select() const { return select_; }
    void write_select(std::uint64_t value);
    std::uint64_t read_data1() const;
    void write_data1(std::uint64_t value);
    std::uint64_t read_data2() const;
    void write_data2(std::uint64_t value);
    // tdata3 (textra) has no implemented fields.
    static std::uint64_t read_data3() { return 0; }
    static std::uint64_t read_info();
    std::uint64_t read_control() const { return control_; }
    void write_control(std::uint64_t value);
    // tcontrol follows traps into and out of M-mode: mpte = mte, mte = 0; and back.
    void trap_entered();
    void trap_returned();

    // Whether some trigger could match an access of this kind in this mode.
    bool watches(MemoryAccess access, bool machine_mode) const;
    // The trigger matching an access of `size` bytes at `address`, if any, without side effects.
    std::optional<unsigned> find(MemoryAccess access, std::uint64_t address, std::uint64_t size,
                                 bool machine_mode) const;
    // As find, and marks the trigger as having fired (hit0).
    std::optional<unsigned> fire(MemoryAccess access, std::uint64_t address, std::uint64_t size,
                                 bool machine_mode);

    // For a debugger: an address match on execution, loads or stores in every mode, in a free
    // trigger; returns its index, or nothing when all triggers are in use. A range of more than
    // one byte becomes the smallest aligned power-of-two (NAPOT) range that holds it, which the
    // debugger narrows down when the trigger fires.
    std::optional<unsigned> set_host_match(MemoryAccess access, std::uint64_t address,
                                           std::uint64_t size = 1);
    void clear_host_match(unsigned index);
    // Whether a trigger belongs to the debugger (dmode), whose matches stop the hart for it
    // rather than raise a breakpoint exception.
    bool host_owned(unsigned index) const;

private:
    // tdata1 of a disabled trigger: type 15, every other field zero.
    static constexpr std::uint64_t kDisabled = 15ULL << 60;
    struct Trigger {
        std::uint64_t data1 = kDisabled;
        std::uint64_t data2 = 0;
    };
    static std::uint64_t legal_data1(std::uint64_t value);
    // Enabled for this kind of access in this mode (tcontrol.mte included).
    bool armed(const Trigger& trigger, MemoryAccess access, bool machine_mode) const;
    bool matches(const Trigger& trigger, MemoryAccess access, std::uint64_t address,
                 std::uint64_t size, bool machine_mode) const;

    std::array<Trigger, kTriggers> triggers_;
    std::uint64_t select_ = 0;
    std::uint64_t control_ = 0;
};

} // namespace xbemu
