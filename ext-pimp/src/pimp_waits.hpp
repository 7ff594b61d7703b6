#pragma once
// The waits of the PIMP branches: a wait begins when a branch finds the FIFO it tests not ready
// (receive FIFO empty, send FIFO full) and ends when one finds it ready. They feed the
// statistics; what else a wait means depends on the timing mode, and the PE's message port
// does it (MessagePort::end_wait, wait_in_loop).

#include "xbemu/message_port.hpp"

namespace xbemu {

class Hart;

namespace pimp_waits {

void found_ready(Hart& hart, MessagePort& port, MessageWait what);
void found_not_ready(Hart& hart, MessagePort& port, MessageWait what);

} // namespace pimp_waits

} // namespace xbemu
