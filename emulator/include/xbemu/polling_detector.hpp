#pragma once
// Finds a hart going round a loop: Brent's cycle detection over its architectural state at
// block boundaries. A loop whose blocks have no side effects and whose state comes back
// unchanged can only end when memory that another PE writes changes: the hart polls. Both
// timing modes use it: the cycle mode to skip such loops exactly, the functional mode to give
// the host CPU away and to see a deadlock.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace xbemu {

// The state compared: where the hart continues, its register files, and a word of mode
// state (the cycle mode's pending load-use interlock) that must also repeat.
struct LoopState {
    std::uint64_t pc;
    std::uint64_t fflags;
    std::uint64_t mode_state;
    const std::uint64_t* x; // x0-x31 (not the sink register that absorbs writes to x0)
    const std::uint64_t* f; // f0-f31
    const std::uint64_t* e; // the extended registers e0-e31, nullptr without them
};

class PollingDetector {
public:
    enum class Observation : std::uint8_t {
        Moved,    // nothing found yet
        Snapshot, // this state is the new reference: a period, if any, is measured from here
        Repeated, // this state equals the reference: one or more whole periods since then
    };

    // `longest_period`: the longest period (in observations) looked for; beyond it the search
    // starts over from a fresh reference, which bounds how long after a long computation a
    // loop is found. 0: no bound.
    explicit PollingDetector(std::uint64_t longest_period) : longest_period_(longest_period) {}

    // Inline: the cycle mode observes at most block boundaries of side-effect-free code.
    Observation observe(const LoopState& state) {
        if (left_ == 0) {
            take_reference(state);
            power_ = 1;
            left_ = power_;
            return Observation::Snapshot;
        }
        --left_;
        if (matches(state)) {
            period_ = power_ - left_;
            left_ = 0;
            return Observation::Repeated;
        }
        if (state.pc == reference_.pc) {
            back_off();
        }
        // Brent: the reference moves to every power of two, so a loop of period p entered
        // after any prefix is found within a few times max(p, prefix) observations.
        if (left_ == 0) {
            take_reference(state);
            power_ = longest_period_ != 0 && power_ >= longest_period_ ? 1 : power_ * 2;
            left_ = power_;
            return Observation::Snapshot;
        }
        return Observation::Moved;
    }
    // observe's common case, decided without looking at the whole state: true, counted as a
    // Moved observation, when no new reference is due and the state cannot equal the reference
    // (another pc) or is not to be compared (a back-off after a loop failed to repeat); false
    // when observe must look at the whole state.
    bool moved_on(std::uint64_t pc) {
        if (left_ <= 1) {
            return false;
        }
        if (pc == reference_.pc) {
            if (countdown_ == 0) {
                return false;
            }
            --countdown_;
        }
        --left_;
        return true;
    }
    // Whether `state` equals the last reference taken (Repeated included).
    bool matches(const LoopState& state) const {
        constexpr std::size_t kFileBytes = 32 * sizeof(std::uint64_t);
        return state.pc == reference_.pc && state.fflags == reference_.fflags &&
               state.mode_state == reference_.mode_state &&
               std::memcmp(state.x, reference_.x.data(), kFileBytes) == 0 &&
               std::memcmp(state.f, reference_.f.data(), kFileBytes) == 0 &&
               (state.e == nullptr || std::memcmp(state.e, reference_.e.data(), kFileBytes) == 0);
    }
    void reset() { left_ = 0; }
    // Observations between the reference and the state that last repeated it: the loop's
    // period, or a multiple of it.
    std::uint64_t period() const { return period_; }

    // Where moved_on's words are, as offsets from the detector's address: translated code in
    // the cycle mode (the JIT) does observe's common case itself.
    struct MovedOnLayout {
        std::size_t left;         // std::uint64_t; 0 resets the detector
        std::size_t reference_pc; // std::uint64_t
        std::size_t countdown;    // std::uint64_t
    };
    static MovedOnLayout moved_on_layout();

private:
    struct Reference {
        std::uint64_t pc = 0;
        std::uint64_t fflags = 0;
        std::uint64_t mode_state = 0;
        std::array<std::uint64_t, 32> x{};
        std::array<std::uint64_t, 32> f{};
        std::array<std::uint64_t, 32> e{};
    };
    void take_reference(const LoopState& state);
    // A loop that came back to the reference's pc in another state computes (its counter
    // moves): it is compared at its 1st, 2nd, 4th... return, at most every
    // kLongestBackOff-th, rather than at each, which would cost a comparison of the
    // register files per turn of every compute loop. A polling loop repeats at its first
    // comparison after a reference, which resets the back-off; skipping a loop found a little
    // later gives the same result as running it.
    void back_off() {
        back_off_ = std::min(kLongestBackOff, back_off_ == 0 ? 1 : back_off_ * 2);
        countdown_ = back_off_;
    }
    static constexpr std::uint64_t kLongestBackOff = 64;

    Reference reference_;
    // Observations until the next reference is due (Brent's power of two less the steps taken
    // since the last), counted down so that moved_on's test is one compare; 0: no reference.
    std::uint64_t left_ = 0;
    std::uint64_t power_ = 1;
    std::uint64_t period_ = 0;
    std::uint64_t countdown_ = 0; // returns to the reference's pc not compared before the next
    std::uint64_t back_off_ = 0;
    std::uint64_t longest_period_;
};

inline PollingDetector::MovedOnLayout PollingDetector::moved_on_layout() {
    static_assert(std::is_standard_layout_v<PollingDetector>);
    return {offsetof(PollingDetector, left_),
            offsetof(PollingDetector, reference_) + offsetof(Reference, pc),
            offsetof(PollingDetector, countdown_)};
}

} // namespace xbemu
