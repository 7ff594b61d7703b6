#include "xbemu/polling_detector.hpp"

#include <algorithm>

namespace xbemu {

void PollingDetector::take_reference(const LoopState& state) {
    countdown_ = 0;
    back_off_ = 0;
    reference_.pc = state.pc;
    reference_.fflags = state.fflags;
    reference_.mode_state = state.mode_state;
    std::copy_n(state.x, 32, reference_.x.begin());
    std::copy_n(state.f, 32, reference_.f.begin());
    if (state.e != nullptr) {
        std::copy_n(state.e, 32, reference_.e.begin());
    }
}

} // namespace xbemu
