#pragma once
// The functional mode's PIMP network: the FIFOs of the PEs whose state shares one memory region
// (the PEs of one process, or the ranks of one node through POSIX shared memory), and a link to
// the PEs elsewhere. The network is ideal (no latency) with end-to-end credits: a sender holds,
// per destination, as many credits as a receive FIFO has entries; the head of its send FIFO
// leaves only with a credit for its destination (head-of-line blocking, as in a hardware FIFO),
// and each recv gives the message's sender its credit back. A message that finds the receive
// FIFO full waits at the receiver, in arrival order, and enters the FIFO as recv frees slots. So
// no message is ever lost or duplicated, and those of one sender reach a receiver in order.
//
// Every change happens under one lock in the region; the status words that the PIMP branches
// read are updated under it and read without it. A PE that waits sleeps on a futex word that
// every change to its FIFOs bumps.

#include "messages/remote_message_link.hpp"
#include "shared/process_shared_mutex.hpp"
#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/functional_message_port.hpp"
#include "xbemu/machine_config.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xbemu {

struct MessageFabricShape {
    unsigned pe_count = 0;
    unsigned send_depth = 0;
    unsigned receive_depth = 0;
};

// The fabric a job of `pe_count` PEs needs: none without PIMP in the ISA. Throws
// std::invalid_argument for a network grid too small for the PEs (CSR 0xC72 reads it).
std::optional<MessageFabricShape> message_fabric_shape(const MachineConfig& config,
                                                       const DecodeTable& table, unsigned pe_count);

class MessageFabric {
public:
    // Bytes of the region for `local_pes` PEs.
    static std::size_t region_bytes(const MessageFabricShape& shape, std::size_t local_pes);

    // `region`: zeroed memory of region_bytes(shape, local.size()) that every process running
    // one of the `local` PEs (global ids, the same list everywhere) maps; `owned`: those this
    // process runs, which get ports; `link`: the way to the other PEs, or nullptr when every PE
    // is local.
    MessageFabric(const MessageFabricShape& shape, std::byte* region, std::vector<unsigned> local,
                  const std::vector<unsigned>& owned, RemoteMessageLink* link);
    ~MessageFabric();
    MessageFabric(const MessageFabric&) = delete;
    MessageFabric& operator=(const MessageFabric&) = delete;

    // The port of an owned PE.
    FunctionalMessagePort& port(unsigned pe);
    // The PE's run has ended (deadlock reports).
    void mark_finished(unsigned pe);

    // What the link brings in, for owned PEs.
    void deliver_remote_word(unsigned source, unsigned destination, std::uint64_t payload);
    void deliver_remote_credit(unsigned receiver, unsigned sender);
    // Sends what another process could not send for an owned PE (its send FIFO's head is for a
    // PE behind the link, and only the owner may use the link for it, to keep the order).
    void drain_if_requested(unsigned pe);

private:
    class Port;
    struct Endpoint;

    Endpoint& endpoint_of(unsigned pe);
    void send(unsigned local, unsigned destination, std::uint64_t payload);
    PortMessage head(unsigned local);
    PortMessage receive(unsigned local);
    MessagePortSnapshot snapshot(unsigned local);
    void sleep(unsigned local, MessageWait what, std::chrono::milliseconds timeout);
    void set_sleeping(unsigned local, MessageWait what, std::uint64_t pc);
    std::string describe_waits(const ProgramLayout& layout) const;
    // Without the lock, after changes that may have handed words or credits to the link.
    void flush_link();
    // With the lock held.
    void push_arrival(Endpoint& endpoint, unsigned source, std::uint64_t payload);
    // Sends what the send FIFO's head may send; true if anything left.
    bool drain(unsigned local);
    void publish(Endpoint& endpoint);

    MessageFabricShape shape_;
    ProcessSharedMutex* lock_;
    std::vector<Endpoint> endpoints_;
    std::vector<int> local_of_; // global id -> local index, or -1
    std::vector<unsigned> local_;
    std::vector<bool> owned_;
    RemoteMessageLink* link_;
    std::vector<std::unique_ptr<Port>> ports_; // per local index; null for PEs not owned
};

} // namespace xbemu
