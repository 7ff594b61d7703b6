#pragma once
// The waits of the PIMP branches: a wait begins when a branch finds the FIFO it tests not ready
// (receive FIFO empty, send FIFO full) and ends when one finds it ready. They feed the
// statistics and, in the cycle mode, the wait cycles; in the functional mode a PE waiting in a
// self-referential bnr or bns loop sleeps until its FIFOs change, counts as waiting for the
// deadlock detection of its PE group, and reports the deadlock when every PE waits.

#include "xbemu/decoder/decoded_instruction.hpp"
#include "xbemu/message_port.hpp"

namespace xbemu {

class Hart;

namespace pimp_waits {

void found_ready(Hart& hart, MessagePort& port, MessageWait what);
void found_not_ready(Hart& hart, MessagePort& port, MessageWait what);
// Functional mode, in a branch to itself that waits for `what`: returns only when the loop must
// spin on (a timer interrupt may end it, and time advances with instructions); otherwise sleeps a
// while and ends the block, so that the dispatch loop sees stop requests and interrupts.
void sleep_in_loop(Hart& hart, const DecodedInstruction& op, MessageWait what);

} // namespace pimp_waits

} // namespace xbemu
