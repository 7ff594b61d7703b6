#pragma once
// One line that says what every PE of a stuck job does, in both timing modes: PEs in the same
// state (waiting for the same thing at the same pc, or ended alike) are counted together, with
// their numbers as ranges, so that the line stays short at a thousand PEs.

#include "xbemu/program_layout.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace xbemu {

// What one PE does, as a verb and what follows it: {"waits", "wait", "for a message in the loop
// at pc 0x80001234"}; the plural verb describes several PEs in that state.
struct PeState {
    unsigned pe = 0;
    std::string verb;
    std::string plural_verb;
    std::string rest;
};

// "1023 PEs wait for a message in the loop at pc 0x80001234 (PEs 1-1023), PE 0 has exited
// with status 0": states in the order of their lowest-numbered PE. At most `kStatesListed`
// states and, in each, `kRangesListed` ranges of PEs are spelled out.
std::string summarize_pe_states(std::vector<PeState> states);

// A PE that goes round a loop waiting: {3, "waits", "wait", "for a message ", 0x80000014}.
struct LoopWait {
    unsigned pe = 0;
    std::string verb;
    std::string plural_verb;
    std::string what; // what it waits for, with a trailing blank, or empty
    std::uint64_t pc = 0;
};

// The loops' states, by the function (or assembly label) their pcs are in: a PE stops at any
// block boundary of its loop, so the PEs of one loop differ in pc. PEs that wait for the same
// thing in one function share "in the loop in wait at pc 0x80000010-0x80000018" (the lowest
// and highest pc seen there); a pc no symbol holds stands alone ("in the loop at pc 0x...").
std::vector<PeState> name_loop_waits(const std::vector<LoopWait>& waits,
                                     const ProgramLayout& layout);

inline constexpr std::size_t kStatesListed = 8;
inline constexpr std::size_t kRangesListed = 8;

} // namespace xbemu
