#pragma once
// The functional mode's message port: PEs run free on their own host threads, so a PE that waits
// in a self-referential bnr or bns loop sleeps until its FIFOs change instead of spinning, and the
// port tells which PEs wait on what when the job deadlocks.

#include "xbemu/message_port.hpp"

#include <chrono>
#include <string>

namespace xbemu {

struct ProgramLayout;

class FunctionalMessagePort : public MessagePort {
public:
    // Returns when what `what` waits for may have come (the receive FIFO is no longer empty, the
    // send FIFO no longer full), or after `timeout`.
    virtual void sleep(MessageWait what, std::chrono::milliseconds timeout) = 0;
    // The PE sleeps in a loop at `pc` waiting for `what`, or (None) no longer.
    virtual void set_sleeping(MessageWait what, std::uint64_t pc) = 0;
    // One line for a deadlock report: what each PE this port can see waits for, its loops named
    // by the functions of `layout`.
    virtual std::string describe_waits(const ProgramLayout& layout) const = 0;

    void align_to(Hart&, const DecodedInstruction&) final {}
    netsim::Cycle end_wait(Hart& hart) final;
    // Sleeps a while, unless a timer interrupt may end the loop (then the loop spins, and time
    // advances with its instructions), and ends the block, so that the dispatch loop sees stop
    // requests and interrupts. The PE counts as waiting in its PE group meanwhile, and reports
    // the deadlock when every PE waits.
    void wait_in_loop(Hart& hart, const DecodedInstruction& op, MessageWait what) final;

protected:
    using MessagePort::MessagePort;

private:
    // On a pool of host threads the PE parks instead of sleeping, for longer as its wait goes on.
    std::chrono::steady_clock::time_point sleeping_since_;
};

} // namespace xbemu
