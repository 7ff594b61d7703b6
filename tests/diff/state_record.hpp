#pragma once
// The layout of a saved architectural state, shared by the checkpoints and the final report:
// doublewords x1..x31, f0..f31, then fcsr.

namespace xbemu::random_program {

inline constexpr int state_record_entries = 64;
inline constexpr int state_record_bytes = state_record_entries * 8;
inline constexpr int fcsr_slot = 63;

constexpr int integer_register_slot(int index) {
    return index - 1;
}
constexpr int fp_register_slot(int index) {
    return 31 + index;
}

} // namespace xbemu::random_program
