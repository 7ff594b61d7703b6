#include "pimp_waits.hpp"

#include "xbemu/processing_element.hpp"

#include <chrono>
#include <fmt/format.h>

namespace xbemu::pimp_waits {

namespace {

// The longest sleep before a sleeping PE looks at its PE group again (stop requests, deadlock):
// a message or credit wakes it at once.
constexpr std::chrono::milliseconds kSleepSlice{10};

void stop_sleeping(ProcessingElement& pe, MessagePort::WaitState& state) {
    if (state.sleeping) {
        state.sleeping = false;
        pe.functional_message_port().set_sleeping(MessageWait::None, 0);
        pe.group().polling_ended();
    }
}

} // namespace

void found_ready(Hart& hart, MessagePort& port, MessageWait what) {
    MessagePort::WaitState& state = port.wait_state();
    if (state.what != what) {
        return;
    }
    if (hart.cycle_mode()) {
        (what == MessageWait::Message ? port.statistics().receive_wait_cycles
                                      : port.statistics().send_wait_cycles) +=
            hart.cycle() - state.since;
    } else {
        stop_sleeping(hart.pe(), state);
    }
    state.what = MessageWait::None;
}

void found_not_ready(Hart& hart, MessagePort& port, MessageWait what) {
    MessagePort::WaitState& state = port.wait_state();
    if (state.what == what) {
        return;
    }
    if (state.what != MessageWait::None) {
        found_ready(hart, port, state.what);
    }
    state.what = what;
    state.since = hart.cycle();
    ++(what == MessageWait::Message ? port.statistics().receive_fifo_empty
                                    : port.statistics().send_fifo_full);
}

void sleep_in_loop(Hart& hart, const DecodedInstruction& op, MessageWait what) {
    if (hart.timer_interrupt_armed()) {
        return;
    }
    ProcessingElement& pe = hart.pe();
    FunctionalMessagePort& port = pe.functional_message_port();
    MessagePort::WaitState& state = port.wait_state();
    PeGroup& group = pe.group();
    if (!state.sleeping) {
        state.sleeping = true;
        port.set_sleeping(what, op.pc);
        group.polling_started();
    }
    port.sleep(what, kSleepSlice);
    if (group.stop_requested()) {
        stop_sleeping(pe, state);
    } else if (group.deadlocked(state.confirmed_epoch)) {
        throw DeadlockError(
            fmt::format("{}: deadlock: every PE has been waiting for {} ms without progress: {}",
                        hart.name(), PeGroup::kDeadlockTimeout.count(), port.describe_waits()));
    }
    throw EndOfBlockRequest{&op};
}

} // namespace xbemu::pimp_waits
