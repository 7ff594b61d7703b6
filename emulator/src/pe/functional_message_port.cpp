#include "xbemu/functional_message_port.hpp"

#include "xbemu/processing_element.hpp"

#include <fmt/format.h>

namespace xbemu {

namespace {

// The longest sleep before a sleeping PE looks at its PE group again (stop requests, deadlock):
// a message or credit wakes it at once.
constexpr std::chrono::milliseconds kSleepSlice{10};

} // namespace

netsim::Cycle FunctionalMessagePort::end_wait(Hart& hart) {
    WaitState& state = wait_state();
    if (state.sleeping) {
        state.sleeping = false;
        set_sleeping(MessageWait::None, 0);
        hart.pe().group().polling_ended();
    }
    return 0;
}

void FunctionalMessagePort::wait_in_loop(Hart& hart, const DecodedInstruction& op,
                                         MessageWait what) {
    if (hart.timer_interrupt_armed()) {
        return;
    }
    WaitState& state = wait_state();
    PeGroup& group = hart.pe().group();
    if (!state.sleeping) {
        state.sleeping = true;
        sleeping_since_ = std::chrono::steady_clock::now();
        set_sleeping(what, op.pc);
        group.polling_started();
    }
    // On a pool of host threads, the thread runs other PEs meanwhile.
    if (hart.parks_when_waiting()) {
        hart.park(Hart::wait_pause(std::chrono::steady_clock::now() - sleeping_since_));
    } else {
        sleep(what, kSleepSlice);
    }
    if (group.stop_requested()) {
        end_wait(hart);
    } else if (group.deadlocked(state.confirmed_epoch)) {
        if (group.stop_for_switch()) {
            end_wait(hart);
            throw EndOfBlockRequest{&op};
        }
        throw DeadlockError(fmt::format(
            "{}: deadlock: every PE has been waiting for {} ms without progress: {}", hart.name(),
            PeGroup::kDeadlockTimeout.count(), describe_waits(hart.pe().layout())));
    }
    throw EndOfBlockRequest{&op};
}

} // namespace xbemu
