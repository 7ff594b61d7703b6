#pragma once
// Recognises a trap handler that can never make progress: it traps again at the same pc, with
// the same cause and value and the same integer registers, over and over, without returning
// (mret) in between. picolibc's handler does that when its stack lies outside RAM: every push
// faults and re-enters the handler, which resets the stack pointer and pushes again.

#include "xbemu/checkpoint_stream.hpp"

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

    // --checkpoint, --restore: a storm that began before the checkpoint goes on counting after it.
    void save_checkpoint(CheckpointWriter& out) const {
        out.boolean(in_handler_);
        out.u64(pc_);
        out.u64(cause_);
        out.u64(value_);
        for (const std::uint64_t value : registers_) {
            out.u64(value);
        }
        out.u32(repeats_);
    }
    void restore_checkpoint(CheckpointReader& in) {
        in_handler_ = in.boolean();
        pc_ = in.u64();
        cause_ = in.u64();
        value_ = in.u64();
        for (std::uint64_t& value : registers_) {
            value = in.u64();
        }
        repeats_ = in.u32();
    }

private:
    bool in_handler_ = false;
    std::uint64_t pc_ = 0;
    std::uint64_t cause_ = 0;
    std::uint64_t value_ = 0;
    std::array<std::uint64_t, 32> registers_{};
    unsigned repeats_ = 0;
};

} // namespace xbemu
