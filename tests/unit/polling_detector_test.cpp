#include "xbemu/polling_detector.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <doctest/doctest.h>

namespace {

using xbemu::LoopState;
using xbemu::PollingDetector;

// A hart's state reduced to what differs between the steps of these tests: the pc and x1.
struct FakeHart {
    std::array<std::uint64_t, 32> x{};
    std::array<std::uint64_t, 32> f{};
    std::array<std::uint64_t, 32> e{};
    std::uint64_t pc = 0;

    LoopState state() const { return {pc, 0, 0, x.data(), f.data(), e.data()}; }
};

// Observes `prefix` distinct states, then a loop of `period` states, up to `limit` times; the
// observation at which the detector first reported a repetition, or 0.
std::uint64_t steps_until_repeated(PollingDetector& detector, std::uint64_t prefix,
                                   std::uint64_t period, std::uint64_t limit) {
    FakeHart hart;
    for (std::uint64_t step = 1; step <= limit; ++step) {
        hart.pc = step <= prefix ? 0x1000 + step : 0x2000 + (step - prefix) % period;
        hart.x[1] = step <= prefix ? step : 7;
        if (detector.observe(hart.state()) == PollingDetector::Observation::Repeated) {
            return step;
        }
    }
    return 0;
}

} // namespace

TEST_CASE("a loop is found after any prefix, within a few times the longer of the two") {
    for (const std::uint64_t period : {1, 2, 3, 7, 16, 33}) {
        for (const std::uint64_t prefix : {0, 1, 5, 40}) {
            PollingDetector detector(0);
            const std::uint64_t found = steps_until_repeated(detector, prefix, period, 10000);
            CAPTURE(period);
            CAPTURE(prefix);
            CHECK(found > prefix);
            CHECK(found <= 4 * (prefix + period) + 2);
        }
    }
}

TEST_CASE("states that never repeat are never reported") {
    PollingDetector detector(0);
    FakeHart hart;
    for (std::uint64_t step = 0; step < 5000; ++step) {
        hart.x[5] = step;
        CHECK(detector.observe(hart.state()) != PollingDetector::Observation::Repeated);
    }
}

TEST_CASE("every register file and the mode word take part in the comparison") {
    PollingDetector detector(0);
    FakeHart hart;
    CHECK(detector.observe(hart.state()) == PollingDetector::Observation::Snapshot);
    CHECK(detector.matches(hart.state()));
    FakeHart other = hart;
    other.e[3] = 1;
    CHECK_FALSE(detector.matches(other.state()));
    other = hart;
    other.f[31] = 1;
    CHECK_FALSE(detector.matches(other.state()));
    LoopState moded = hart.state();
    moded.mode_state = 1;
    CHECK_FALSE(detector.matches(moded));
    LoopState flagged = hart.state();
    flagged.fflags = 1;
    CHECK_FALSE(detector.matches(flagged));
}

TEST_CASE("a longest period bounds the search and keeps finding shorter loops") {
    PollingDetector bounded(4);
    CHECK(steps_until_repeated(bounded, 0, 9, 2000) == 0);
    PollingDetector again(4);
    CHECK(steps_until_repeated(again, 100, 3, 2000) > 100);
}

// The functional mode stops counting a hart as waiting when it has not found its loop again
// within 4 periods and 4 observations (Hart::kStalePeriods, kStaleSlack): the detector, starting
// afresh after each repetition as it does, must always find it again within that bound.
TEST_CASE("once found, a loop is found again within four periods, at any phase") {
    constexpr std::uint64_t kLongestPeriod = 64;
    for (std::uint64_t period = 1; period <= kLongestPeriod; ++period) {
        PollingDetector detector(kLongestPeriod);
        FakeHart hart;
        std::uint64_t step = 0;
        std::uint64_t last_found = 0;
        std::uint64_t repetitions = 0;
        while (repetitions < 2 * kLongestPeriod + 3 && step < 100000) {
            ++step;
            hart.pc = 0x2000 + step % period;
            if (detector.observe(hart.state()) == PollingDetector::Observation::Repeated) {
                CAPTURE(period);
                CAPTURE(step);
                CHECK(detector.period() % period == 0);
                if (repetitions != 0) {
                    CHECK(step - last_found <= 4 * period + 4);
                }
                last_found = step;
                ++repetitions;
            }
        }
        CHECK(repetitions == 2 * kLongestPeriod + 3);
    }
}

// The cycle loop asks moved_on first and observes only when it declines: the two detectors
// must report the same observation at every step, for loops entered after a prefix, with
// and without a longest period.
TEST_CASE("moved_on followed by observe gives exactly observe's observations") {
    for (const std::uint64_t longest : {0, 4, 64}) {
        for (const std::uint64_t period : {1, 2, 3, 5, 16, 40}) {
            PollingDetector plain(longest);
            PollingDetector shortcut(longest);
            FakeHart hart;
            std::uint64_t moved = 0;
            for (std::uint64_t step = 1; step <= 3000; ++step) {
                hart.pc = step <= 50 ? 0x1000 + step : 0x2000 + step % period;
                hart.x[1] = step <= 50 ? step : 7;
                const PollingDetector::Observation expected = plain.observe(hart.state());
                PollingDetector::Observation seen = PollingDetector::Observation::Moved;
                if (shortcut.moved_on(hart.pc)) {
                    ++moved;
                } else {
                    seen = shortcut.observe(hart.state());
                }
                CAPTURE(longest);
                CAPTURE(period);
                CAPTURE(step);
                REQUIRE(seen == expected);
                CHECK(shortcut.period() == plain.period());
            }
            CHECK(moved > 0);
        }
    }
}

// The JIT's cycle mode reads and writes moved_on's words through these offsets.
TEST_CASE("moved_on_layout locates the words moved_on reads and writes") {
    PollingDetector detector(0);
    const PollingDetector::MovedOnLayout layout = PollingDetector::moved_on_layout();
    auto* base = reinterpret_cast<unsigned char*>(&detector);
    const auto word = [&](std::size_t offset) {
        std::uint64_t value = 0;
        std::memcpy(&value, base + offset, sizeof value);
        return value;
    };
    FakeHart hart;
    CHECK(word(layout.left) == 0);
    hart.pc = 0x1000;
    CHECK(detector.observe(hart.state()) == PollingDetector::Observation::Snapshot);
    CHECK(word(layout.reference_pc) == 0x1000);
    CHECK(word(layout.left) == 1);
    hart.pc = 0x1004;
    CHECK(detector.observe(hart.state()) == PollingDetector::Observation::Snapshot);
    CHECK(word(layout.reference_pc) == 0x1004);
    CHECK(word(layout.left) == 2);
    CHECK(detector.moved_on(0x1008));
    CHECK(word(layout.left) == 1);
    CHECK_FALSE(detector.moved_on(0x100c));
    // A return to the reference's pc after a failed comparison: the back-off's countdown.
    hart.pc = 0x1004;
    hart.x[1] = 1;
    CHECK(detector.observe(hart.state()) == PollingDetector::Observation::Snapshot);
    CHECK(word(layout.left) == 4);
    CHECK(detector.observe(hart.state()) == PollingDetector::Observation::Repeated);
    CHECK(word(layout.left) == 0);
    CHECK(detector.period() == 1);
    CHECK(detector.observe(hart.state()) == PollingDetector::Observation::Snapshot);
    hart.pc = 0x2000;
    CHECK(detector.observe(hart.state()) == PollingDetector::Observation::Snapshot);
    hart.pc = 0x2004;
    CHECK(detector.observe(hart.state()) == PollingDetector::Observation::Moved);
    hart.pc = 0x2008;
    CHECK(detector.observe(hart.state()) == PollingDetector::Observation::Snapshot);
    CHECK(word(layout.left) == 4);
    hart.x[1] = 2;
    CHECK(detector.observe(hart.state()) == PollingDetector::Observation::Moved);
    CHECK(word(layout.left) == 3);
    CHECK(word(layout.countdown) == 1);
    CHECK(detector.moved_on(0x2008));
    CHECK(word(layout.countdown) == 0);
    CHECK(word(layout.left) == 2);
    CHECK_FALSE(detector.moved_on(0x2008));
    // What translated code does after a block with side effects.
    const std::uint64_t zero = 0;
    std::memcpy(base + layout.left, &zero, sizeof zero);
    CHECK_FALSE(detector.moved_on(0x1008));
    CHECK(detector.observe(hart.state()) == PollingDetector::Observation::Snapshot);
    CHECK(word(layout.left) == 1);
}
