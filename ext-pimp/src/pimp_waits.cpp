#include "pimp_waits.hpp"

#include "xbemu/hart.hpp"
#include "xbemu/pimp/pimp_statistics.hpp"

namespace xbemu::pimp_waits {

void wait_ended(Hart& hart, MessagePort& port, MessageWait what) {
    MessageStatistics& statistics = pimp_messages(hart.pe());
    (what == MessageWait::Message ? statistics.receive_wait_cycles : statistics.send_wait_cycles) +=
        port.end_wait(hart);
    port.wait_state().what = MessageWait::None;
}

void wait_began(Hart& hart, MessagePort& port, MessageWait what) {
    MessagePort::WaitState& state = port.wait_state();
    if (state.what != MessageWait::None) {
        wait_ended(hart, port, state.what);
    }
    state.what = what;
    state.since = hart.cycle();
    MessageStatistics& statistics = pimp_messages(hart.pe());
    ++(what == MessageWait::Message ? statistics.receive_fifo_empty : statistics.send_fifo_full);
}

} // namespace xbemu::pimp_waits
