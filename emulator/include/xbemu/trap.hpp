#pragma once
// How execute functions leave the straight-line path of a decoded block. All are thrown:
// exceptions cost nothing until raised, which keeps the per-instruction path free of checks.
// They name the instruction, because a block runs as threaded code and the dispatch loop does
// not see which instruction is executing.

#include <cstdint>
#include <stdexcept>
#include <string>

namespace xbemu {

namespace cause {
inline constexpr std::uint64_t kInstructionAddressMisaligned = 0;
inline constexpr std::uint64_t kInstructionAccessFault = 1;
inline constexpr std::uint64_t kIllegalInstruction = 2;
inline constexpr std::uint64_t kBreakpoint = 3;
inline constexpr std::uint64_t kLoadAddressMisaligned = 4;
inline constexpr std::uint64_t kLoadAccessFault = 5;
inline constexpr std::uint64_t kStoreAddressMisaligned = 6;
inline constexpr std::uint64_t kStoreAccessFault = 7;
inline constexpr std::uint64_t kEcallFromUser = 8;
inline constexpr std::uint64_t kEcallFromMachine = 11;

inline constexpr std::uint64_t kMachineSoftwareInterrupt = 3;
inline constexpr std::uint64_t kMachineTimerInterrupt = 7;
inline constexpr std::uint64_t kMachineExternalInterrupt = 11;
} // namespace cause

// A synchronous exception: the instruction that raised it does not retire.
struct DecodedInstruction;

struct Trap {
    std::uint64_t cause;
    std::uint64_t value; // becomes mtval
    const DecodedInstruction* instruction;
    // An xBGAS access whose object ID the OLB does not know: reported when no handler takes it.
    bool unknown_object = false;
    std::uint64_t object_id = 0;
};

// The instruction retired, but the hart must leave its decoded block right after it (a store
// hit decoded code or a device that changes interrupt state, the guest asked to stop...).
struct EndOfBlockRequest {
    const DecodedInstruction* instruction;
};

// A speculative run of the cycle mode (Hart::begin_speculation) reached what it cannot undo or
// must not do ahead of time: a device, a trap, decoded code or a word the host watches. The run
// is rolled back.
struct SpeculationAbort {};

// The hart stops for an attached debugger before this instruction, which has no effect (a
// breakpoint, or an access a watchpoint covers).
struct DebuggerStop {
    const DecodedInstruction* instruction;
};

// The guest cannot continue (unhandled trap, deadlock...). The message's first line is the
// summary; further lines (register dump) follow.
class GuestFatalError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Every PE of the job waits for another: the job ends at once, whatever else has failed.
class DeadlockError : public GuestFatalError {
public:
    using GuestFatalError::GuestFatalError;
};

std::string describe_exception_cause(std::uint64_t cause);
std::string describe_interrupt_cause(std::uint64_t cause);

} // namespace xbemu
