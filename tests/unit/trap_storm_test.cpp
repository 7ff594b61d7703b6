#include "xbemu/trap_storm.hpp"

#include <array>
#include <cstdint>
#include <doctest/doctest.h>

namespace {

using Registers = std::array<std::uint64_t, 32>;

// Takes the same exception `count` times; true if the detector called it a storm.
bool repeat(xbemu::TrapStormDetector& detector, unsigned count, const Registers& registers) {
    bool storm = false;
    for (unsigned i = 0; i < count; ++i) {
        storm = detector.exception_taken(0x8000'0010, 7, 0x40, registers);
    }
    return storm;
}

} // namespace

TEST_CASE("the same trap again and again inside the handler is a storm") {
    xbemu::TrapStormDetector detector;
    const Registers registers{};
    CHECK_FALSE(repeat(detector, xbemu::TrapStormDetector::kRepeats - 1, registers));
    CHECK(detector.exception_taken(0x8000'0010, 7, 0x40, registers));
}

TEST_CASE("a handler that returns, or traps elsewhere or in another state, is no storm") {
    xbemu::TrapStormDetector detector;
    Registers registers{};
    CHECK_FALSE(repeat(detector, xbemu::TrapStormDetector::kRepeats - 1, registers));
    detector.handler_returned();
    CHECK_FALSE(repeat(detector, xbemu::TrapStormDetector::kRepeats - 1, registers));

    CHECK_FALSE(detector.exception_taken(0x8000'0020, 7, 0x40, registers));
    CHECK_FALSE(repeat(detector, xbemu::TrapStormDetector::kRepeats - 1, registers));
    CHECK_FALSE(detector.exception_taken(0x8000'0010, 5, 0x40, registers));
    CHECK_FALSE(repeat(detector, xbemu::TrapStormDetector::kRepeats - 1, registers));
    CHECK_FALSE(detector.exception_taken(0x8000'0010, 7, 0x48, registers));
    CHECK_FALSE(repeat(detector, xbemu::TrapStormDetector::kRepeats - 1, registers));

    // A loop whose handler returns with a jump rather than mret still changes a register.
    for (unsigned i = 1; i <= 2 * xbemu::TrapStormDetector::kRepeats; ++i) {
        registers[10] = i;
        CHECK_FALSE(detector.exception_taken(0x8000'0010, 7, 0x40, registers));
    }
}

TEST_CASE("a storm counts on across a checkpoint") {
    xbemu::TrapStormDetector detector;
    const Registers registers{};
    CHECK_FALSE(repeat(detector, xbemu::TrapStormDetector::kRepeats / 2, registers));
    xbemu::CheckpointWriter out;
    detector.save_checkpoint(out);
    xbemu::TrapStormDetector restored;
    xbemu::CheckpointReader in(out.data());
    restored.restore_checkpoint(in);
    CHECK(in.at_end());
    xbemu::TrapStormDetector fresh;
    const unsigned rest =
        xbemu::TrapStormDetector::kRepeats - xbemu::TrapStormDetector::kRepeats / 2;
    CHECK_FALSE(repeat(fresh, rest, registers));
    CHECK(repeat(restored, rest, registers));
}
