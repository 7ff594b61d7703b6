#pragma once
// Why a hart spent more than one cycle on an instruction in the cycle timing mode. Every cycle
// is either an instruction's first cycle or a stall of one of these causes, so a PE's cycles
// equal its instructions plus its stall cycles.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace xbemu {

enum class StallCause : std::uint8_t {
    LoadUse,         // an instruction read the register the load before it wrote
    Branch,          // taken branches, jumps and returns from traps (pipeline refill)
    MultiplyDivide,  // multi-cycle multiplies and divides
    FloatingPoint,   // multi-cycle FP operations and conversions
    Memory,          // local loads, stores and atomics slower than one cycle
    Other,           // other instructions slower than one cycle
    RemoteLoad,      // waiting for a remote load's response
    RemoteAtomic,    // waiting for a remote atomic's response
    StoreBufferFull, // a remote store found every store-buffer entry in flight
    Fence,           // a fence waiting for outstanding remote stores
    Trap,            // entering a trap or interrupt handler
    Sleep,           // wfi until an interrupt
    Debugger,        // held stopped by a debugger while it let other PEs run
};
inline constexpr std::size_t kStallCauseCount = static_cast<std::size_t>(StallCause::Debugger) + 1;

using StallCycles = std::array<std::uint64_t, kStallCauseCount>;

// "load_use", "remote_load"...: the names of --stats-json.
std::string_view stall_cause_name(StallCause cause);

} // namespace xbemu
