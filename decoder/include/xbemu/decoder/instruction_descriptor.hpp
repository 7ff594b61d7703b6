#pragma once
// One row of an extension's instruction table: the single source for decoding, execution,
// disassembly and (later) timing.

#include "xbemu/decoder/decoded_instruction.hpp"
#include "xbemu/decoder/operand_format.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace xbemu {

// Classes of the cycle timing model: each costs the cycles the machine description gives it.
// The functional timing mode ignores them.
enum class TimingClass : std::uint8_t {
    Alu,
    Load,
    Store,
    Branch,
    Jump,
    Multiply,
    Divide32,
    Divide64,
    Atomic,
    FloatAdd,
    FloatMultiply,
    FloatFused,
    FloatDivideSingle,
    FloatDivideDouble,
    FloatSqrtSingle,
    FloatSqrtDouble,
    FloatConvert,
    FloatMove,
    Csr,
    Fence,
    System,
    Remote,
    Message,
};
inline constexpr std::size_t kTimingClassCount = static_cast<std::size_t>(TimingClass::Message) + 1;

// The name of a class in machine description files: "alu", "divide_64", "float_add"...
std::string_view timing_class_name(TimingClass timing);

// Properties the dispatch loop needs.
enum InstructionFlag : std::uint8_t {
    // Ends a decoded block: control flow, and anything that may change state the block
    // cache or the interrupt logic depends on (CSR writes, fence.i, mret, wfi, ecall...).
    kEndsBlock = 1U << 0,
    // Needs the FPU enabled (mstatus.FS != Off).
    kFloatingPoint = 1U << 1,
    // The harts' detection of waits (a loop that changes nothing can only wait for another
    // PE) takes Remote and Message instructions for progress unless flagged:
    // A Remote or Message instruction that only looks (a remote load, a test of a message
    // FIFO): it changes nothing another PE sees, as a plain load.
    kOnlyObserves = 1U << 2,
    // One that changes what others see only sometimes (a remote atomic that may leave memory as
    // it was): Hart::note_progress is called when it does (by its execute function, or by the
    // remote-access port that performs it).
    kReportsProgress = 1U << 3,
    // Reads or changes state beyond the hart's registers and RAM (a message FIFO, the PE's
    // statistics) though its timing class is an ordinary one: the cycle mode does not run it
    // speculatively (DecodedBlock::speculable).
    kBeyondHartState = 1U << 4,
};

struct InstructionDescriptor {
    std::string_view mnemonic;
    std::uint32_t match;
    std::uint32_t mask;
    const OperandFormat* format;
    ExecuteFn execute;
    TimingClass timing;
    std::uint8_t flags = 0;
    // For an instruction that, while the object ID in e[rs1] is 0, is exactly the base load or
    // store named here, with the same operands (xBGAS's base forms: eld is ld on this PE): the
    // JIT gives it that instruction's code behind a test of the object ID.
    std::string_view local_equivalent{};

    bool matches(std::uint32_t instruction) const { return (instruction & mask) == match; }
    bool compressed() const { return (match & 3U) != 3U; }
    unsigned length() const { return compressed() ? 2 : 4; }
};

} // namespace xbemu
