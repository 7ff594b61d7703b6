#pragma once
// A PE's side of the network in the cycle timing mode, and its remote-access port there. Remote
// instructions issue requests through it; it serves the requests other PEs send to this PE's
// memory, and completes this PE's requests when their responses arrive (the instruction's
// completion step). It also holds the PE's PIMP FIFOs, whose words and credits are messages too.
// Loads and atomics suspend their hart until their response; stores are posted and hold a
// store-buffer entry until acknowledged; a fence waits for every acknowledgement. Object IDs naming
// this PE itself never enter the network: they take the memory service time and no more.

#include "xbemu/machine_description.hpp"
#include "xbemu/netsim/inbox.hpp"
#include "xbemu/netsim/message.hpp"
#include "xbemu/remote_access_port.hpp"
#include "xbemu/remote_atomic.hpp"
#include "xbemu/stall_cause.hpp"
#include "xbemu/timing/cycle_message_port.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace xbemu {

class Hart;
class MemoryHierarchy;
class ProcessingElement;

class NetworkInterface final : public RemoteAccessPort {
public:
    // `memory`: the PE's caches and DRAM, which serve the remote accesses that reach it.
    NetworkInterface(ProcessingElement& pe, const MachineDescription& machine,
                     MemoryHierarchy& memory);

    // ---- what remote instructions do: the hart stays suspended until the answer ----------
    void fence(Hart& hart) override;

    CycleMessagePort& message_port() { return message_port_; }
    const CycleMessagePort& message_port() const { return message_port_; }

    // Numbers a message of this PE and sends it; one to this PE itself never enters the network.
    void send(netsim::Message message);

    // ---- what the PE layer does -------------------------------------------------------
    // Messages this PE sent since the last call, in the order it sent them.
    std::vector<netsim::Message>& outbox() { return outbox_; }
    netsim::Inbox& inbox() { return inbox_; }
    const netsim::Inbox& inbox() const { return inbox_; }
    // Acts on a message whose due cycle has come: serves a request, completes a response.
    void take(const netsim::Message& message);
    std::uint64_t outstanding_writes() const { return outstanding_writes_; }

private:
    // Every remote access, at the instruction's start cycle.
    void issue_other(Hart& hart, const DecodedInstruction& op, const RemoteAccess& access,
                     const RemoteCompletion& completion) override;
    netsim::Message request(netsim::MessageKind kind, const RemoteAccess& access,
                            netsim::Cycle at) const;
    void write(Hart& hart, netsim::Message message);
    // This PE's memory, as a request finds it.
    std::uint64_t read_memory(std::uint64_t address, unsigned size) const;
    void write_memory(std::uint64_t address, unsigned size, std::uint64_t value);
    std::uint64_t apply_atomic(const netsim::Message& request);

    ProcessingElement& pe_;
    const MachineDescription& machine_;
    MemoryHierarchy& memory_;
    std::uint64_t sequence_ = 0;
    std::vector<netsim::Message> outbox_;
    netsim::Inbox inbox_;
    std::uint64_t outstanding_writes_ = 0;
    // The blocking request in flight (at most one: its hart waits for it).
    struct PendingResponse {
        RemoteAccess access;
        RemoteCompletion completion;
    };
    std::optional<PendingResponse> pending_;
    // A store that found the store buffer full: it leaves when an acknowledgement frees an entry.
    std::optional<netsim::Message> deferred_write_;
    CycleMessagePort message_port_;
};

} // namespace xbemu
