#include "pimp_waits.hpp"

#include "xbemu/hart.hpp"

namespace xbemu::pimp_waits {

void found_ready(Hart& hart, MessagePort& port, MessageWait what) {
    MessagePort::WaitState& state = port.wait_state();
    if (state.what != what) {
        return;
    }
    port.end_wait(hart);
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

} // namespace xbemu::pimp_waits
