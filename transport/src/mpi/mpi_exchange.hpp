#pragma once
// The exchange of a cycle-mode job under mpirun, with one or more PEs per rank. Every rank reads
// every other rank's window report and routes all messages through its own copy of the network
// model: the copies stay identical because they see the same messages in the same order. Ranks that
// all share one node pass the reports through shared memory and meet at a barrier that sleeps while
// it waits; other jobs use MPI_Iallgatherv.

#include "messages/message_routing.hpp"
#include "mpi/mpi_node.hpp"
#include "mpi/mpi_window_slots.hpp"
#include "xbemu/processing_element.hpp"
#include "xbemu/timing/message_exchange.hpp"

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

namespace xbemu {

class MpiExchange final : public MessageExchange {
public:
    // Collective over MPI_COMM_WORLD; `inboxes` are those of this rank's PEs, `first_pe` on,
    // as many on every rank (PE n runs on rank n / inboxes.size()).
    MpiExchange(std::unique_ptr<netsim::Network> network, unsigned first_pe,
                const std::vector<netsim::Inbox*>& inboxes, unsigned pe_count, const MpiNode& node);

    void exchange(WindowReport& report, WindowResult& result) override;
    netsim::Cycle earliest_over_hosts(netsim::Cycle cycle) override;
    netsim::Cycle lookahead() const override { return router_.network().min_latency(); }
    void forget_before(netsim::Cycle cycle) override { router_.network().forget_before(cycle); }
    netsim::NetworkStatistics network_statistics() const override {
        return router_.network().statistics();
    }

private:
    void gather_through_mpi(WindowResult& result);

    MessageRouter router_;
    std::vector<netsim::Inbox*> local_; // PE id -> this rank's PE's inbox or nullptr
    unsigned ranks_;
    std::optional<MpiWindowSlots> slots_;
    unsigned parity_ = 0;
    std::vector<std::byte> report_bytes_;
    std::vector<std::byte> all_reports_;
    std::vector<netsim::Message> messages_;
};

} // namespace xbemu
