#pragma once
// The waits of the PIMP branches: a wait begins when a branch finds the FIFO it tests not ready
// (receive FIFO empty, send FIFO full) and ends when one finds it ready. They feed the
// statistics; what else a wait means depends on the timing mode, and the PE's message port
// does it (MessagePort::end_wait, wait_in_loop).

#include "xbemu/message_port.hpp"

namespace xbemu {

class Hart;

namespace pimp_waits {

// Out of line: a wait for `what` ends, or begins (ending one for the other FIFO).
void wait_ended(Hart& hart, MessagePort& port, MessageWait what);
void wait_began(Hart& hart, MessagePort& port, MessageWait what);

// Every PIMP branch calls one of these: inline, so that a branch that changes no wait costs a
// compare.
inline void found_ready(Hart& hart, MessagePort& port, MessageWait what) {
    if (port.wait_state().what == what) {
        wait_ended(hart, port, what);
    }
}
inline void found_not_ready(Hart& hart, MessagePort& port, MessageWait what) {
    if (port.wait_state().what != what) {
        wait_began(hart, port, what);
    }
}

} // namespace pimp_waits

} // namespace xbemu
