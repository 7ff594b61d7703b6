#pragma once
// Why the target stopped, as the stop reply (T or W packet) tells gdb.

#include <cstdint>

namespace xbemu::gdb {

// gdb's own signal numbers, which the remote protocol uses whatever the host.
inline constexpr int kSignalInterrupt = 2;
inline constexpr int kSignalIllegalInstruction = 4;
inline constexpr int kSignalTrap = 5;
inline constexpr int kSignalBus = 10;
inline constexpr int kSignalSegmentationFault = 11;

enum class StopReason : std::uint8_t {
    Signal,             // a plain stop: interrupted, attached, a step done
    SoftwareBreakpoint, // a Z0 breakpoint
    HardwareBreakpoint, // a Z1 breakpoint
    WriteWatch,
    ReadWatch,
    AccessWatch,
    Exited, // the program ended (W packet)
};

struct StopEvent {
    StopReason reason = StopReason::Signal;
    unsigned thread = 1;
    int signal = kSignalTrap;
    std::uint64_t address = 0; // the data address of a watchpoint hit
    int exit_status = 0;
};

} // namespace xbemu::gdb
