#pragma once
// Recognises a trap handler that can never make progress: it traps again at the same pc, with
// the same cause and value and the same integer registers, over and over, without returning
// (mret) in between. picolibc's handler does that when its stack lies outside RAM: every push
// faults and re-enters the handler, which resets the stack pointer and pushes again.

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

namespace xbemu {

class TrapStormDetector {
public:
    // A handler that recovers from its own fault does so within a few attempts; this many
    // identical traps in a row cannot be a recovery.
    static constexpr unsigned kRepeats = 64;

    // Records an exception; true once the same one has been taken kRepeats times in a row with
    // no mret in between.
    bool exception_taken(std::uint64_t pc, std::uint64_t cause, std::uint64_t value,
                         std::span<const std::uint64_t, 32> registers) {
        const bool same = in_handler_ && pc == pc_ && cause == cause_ && value == value_ &&
                          std::equal(registers.begin(), registers.end(), registers_.begin());
        in_handler_ = true;
        if (same) {
            return ++repeats_ >= kRepeats;
        }
        pc_ = pc;
        cause_ = cause;
        value_ = value;
        std::copy(registers.begin(), registers.end(), registers_.begin());
        repeats_ = 1;
        return false;
    }
    void handler_returned() { in_handler_ = false; }

private:
    bool in_handler_ = false;
    std::uint64_t pc_ = 0;
    std::uint64_t cause_ = 0;
    std::uint64_t value_ = 0;
    std::array<std::uint64_t, 32> registers_{};
    unsigned repeats_ = 0;
};

} // namespace xbemu
