#include "xbemu/polling_detector.hpp"

#include <algorithm>
#include <cstring>

namespace xbemu {

void PollingDetector::take_reference(const LoopState& state) {
    valid_ = true;
    reference_.pc = state.pc;
    reference_.fflags = state.fflags;
    reference_.mode_state = state.mode_state;
    std::copy_n(state.x, 32, reference_.x.begin());
    std::copy_n(state.f, 32, reference_.f.begin());
    std::copy_n(state.e, 32, reference_.e.begin());
}

bool PollingDetector::matches(const LoopState& state) const {
    constexpr std::size_t kFileBytes = 32 * sizeof(std::uint64_t);
    return state.pc == reference_.pc && state.fflags == reference_.fflags &&
           state.mode_state == reference_.mode_state &&
           std::memcmp(state.x, reference_.x.data(), kFileBytes) == 0 &&
           std::memcmp(state.f, reference_.f.data(), kFileBytes) == 0 &&
           std::memcmp(state.e, reference_.e.data(), kFileBytes) == 0;
}

PollingDetector::Observation PollingDetector::observe(const LoopState& state) {
    if (!valid_) {
        take_reference(state);
        power_ = 1;
        steps_ = 0;
        return Observation::Snapshot;
    }
    ++steps_;
    if (matches(state)) {
        valid_ = false;
        return Observation::Repeated;
    }
    // Brent: the reference moves to every power of two, so a loop of period p entered after
    // any prefix is found within a few times max(p, prefix) observations.
    if (steps_ == power_) {
        take_reference(state);
        power_ = longest_period_ != 0 && power_ >= longest_period_ ? 1 : power_ * 2;
        steps_ = 0;
        return Observation::Snapshot;
    }
    return Observation::Moved;
}

} // namespace xbemu
