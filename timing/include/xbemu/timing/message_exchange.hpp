#pragma once
// What the hosts of a cycle-mode job tell each other at the end of every window of simulated
// time: the messages their PEs sent, each PE's state, the lines the PEs printed and the failures.
// Every host routes all messages through the network model in the same global order
// (netsim::injected_before), so contention comes out the same on every host and launcher, and
// delivers the messages for its own PEs into their inboxes.

#include "xbemu/netsim/message.hpp"
#include "xbemu/netsim/network_statistics.hpp"
#include "xbemu/timed_line_output.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace xbemu {

// A PE at the end of a window: plain data, so that it can cross MPI as bytes.
struct PeWindowState {
    std::uint32_t pe = 0;
    std::uint8_t activity = 0;    // TimedPe::Activity
    std::uint8_t exited = 0;      // finished by an exit, with exit_status
    std::uint8_t failed = 0;      // the guest could not continue (see PeFailure)
    std::uint8_t ends_job = 0;    // exited asking for the whole job to end (shmem_global_exit)
    std::uint8_t waits_for = 0;   // MessageWait: what its PIMP branches last found not ready
    std::uint8_t stop_signal = 0; // the SIGINT or SIGTERM that stopped its host's PEs, or 0
    std::int32_t exit_status = 0;
    netsim::Cycle next_event = netsim::kNever; // TimedPe::next_event()
    netsim::Cycle next_due = netsim::kNever;   // TimedPe::next_due(): its next message's
    netsim::Cycle cycle = 0;                   // its hart's clock
    std::uint64_t pc = 0;
};

struct PeFailure {
    std::uint32_t pe = 0;
    netsim::Cycle cycle = 0;
    std::string text; // GuestFatalError's message
};

// One host's contribution to a window's exchange.
struct WindowReport {
    netsim::Cycle window_end = 0; // the same on every host
    std::vector<netsim::Message> messages;
    std::vector<PeWindowState> pes;
    std::vector<TimedLine> lines;
    std::vector<PeFailure> failures;
};

// The job-wide view after the exchange.
struct WindowResult {
    std::vector<PeWindowState> pes; // every PE of the job, in PE order
    // The earliest cycle a message in the network does something: its due cycle once routed,
    // its injection cycle while it waits for its window to end.
    netsim::Cycle earliest_due = netsim::kNever;
    std::vector<TimedLine> lines;    // every host's, in print order
    std::vector<PeFailure> failures; // every host's, in PE order
};

class MessageExchange {
public:
    MessageExchange() = default;
    MessageExchange(const MessageExchange&) = delete;
    MessageExchange& operator=(const MessageExchange&) = delete;
    virtual ~MessageExchange() = default;

    // Collective over the job's hosts, once per window. Routes every host's messages and puts
    // this host's into its PEs' inboxes; `result` (reused from window to window) gets the
    // job-wide view. `report` may be left empty.
    virtual void exchange(WindowReport& report, WindowResult& result) = 0;
    // How far PEs may run without hearing from each other: the network's smallest latency.
    virtual netsim::Cycle lookahead() const = 0;
    // Collective over the job's hosts: the earliest of every host's `cycle`. Speculative windows
    // (docs/timing.md) agree on how far the runs of every host may be kept.
    virtual netsim::Cycle earliest_over_hosts(netsim::Cycle cycle) { return cycle; }
    // No message will be injected before `cycle` again.
    virtual void forget_before(netsim::Cycle cycle) = 0;
    virtual netsim::NetworkStatistics network_statistics() const = 0;
};

} // namespace xbemu
