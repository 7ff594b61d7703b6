#include "pimp_waits.hpp"

#include "xbemu/hart.hpp"
#include "xbemu/pimp/pimp_statistics.hpp"

namespace xbemu::pimp_waits {

void found_ready(Hart& hart, MessagePort& port, MessageWait what) {
    MessagePort::WaitState& state = port.wait_state();
    if (state.what != what) {
        return;
    }
    MessageStatistics& statistics = pimp_messages(hart.pe());
    (what == MessageWait::Message ? statistics.receive_wait_cycles : statistics.send_wait_cycles) +=
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
    MessageStatistics& statistics = pimp_messages(hart.pe());
    ++(what == MessageWait::Message ? statistics.receive_fifo_empty : statistics.send_fifo_full);
}

} // namespace xbemu::pimp_waits
