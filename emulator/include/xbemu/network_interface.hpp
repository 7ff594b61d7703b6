#pragma once
// A PE's side of the network in the cycle timing mode. Remote instructions hand it requests
// and suspend their hart; it serves the requests other PEs send to this PE's memory, and
// completes this PE's requests when their responses arrive. It also holds the PE's PIMP FIFOs,
// whose words and credits are messages too. Loads and atomics block until
// their response; stores are posted and hold a store-buffer entry until acknowledged; a fence
// waits for every acknowledgement. Object IDs naming this PE itself never enter the network:
// they take the memory service time and no more.

#include "xbemu/cycle_message_port.hpp"
#include "xbemu/decoder/operand_format.hpp"
#include "xbemu/machine_description.hpp"
#include "xbemu/netsim/inbox.hpp"
#include "xbemu/netsim/message.hpp"
#include "xbemu/remote_atomic.hpp"
#include "xbemu/stall_cause.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace xbemu {

class Hart;
class ProcessingElement;

// Where a response's value goes.
struct ResponseDestination {
    RegisterClass file = RegisterClass::Integer; // x or e register (None: nowhere)
    std::uint8_t index = 0;
    bool sign_extend = false; // loads of b/h/w and atomics: from `size` bytes
    // esc: the destination gets 0 when memory held `expected` (the store happened), else 1.
    bool store_conditional = false;
    std::uint64_t expected = 0;
    // elr: the value read also becomes the hart's remote reservation.
    bool reserve = false;
};

class NetworkInterface {
public:
    NetworkInterface(ProcessingElement& pe, const MachineDescription& machine);

    // ---- what remote instructions do; the hart stays suspended until the answer ----------
    void read(Hart& hart, unsigned target, std::uint64_t address, unsigned size,
              ResponseDestination destination);
    void write(Hart& hart, unsigned target, std::uint64_t address, unsigned size,
               std::uint64_t value);
    void atomic(Hart& hart, unsigned target, std::uint64_t address, unsigned size,
                RemoteAtomic operation, std::uint64_t operand, ResponseDestination destination);
    void compare_and_swap(Hart& hart, unsigned target, std::uint64_t address, unsigned size,
                          std::uint64_t expected, std::uint64_t desired,
                          ResponseDestination destination);
    void fence(Hart& hart);

    CycleMessagePort& message_port() { return message_port_; }

    // Numbers a message of this PE and sends it; one to this PE itself never enters the network.
    void send(netsim::Message message);

    // ---- what the PE layer does -------------------------------------------------------
    // Messages this PE sent since the last call, in the order it sent them.
    std::vector<netsim::Message>& outbox() { return outbox_; }
    netsim::Inbox& inbox() { return inbox_; }
    // Acts on a message whose due cycle has come: serves a request, completes a response.
    void take(const netsim::Message& message);
    std::uint64_t outstanding_writes() const { return outstanding_writes_; }

private:
    netsim::Message request(netsim::MessageKind kind, unsigned target, std::uint64_t address,
                            unsigned size, netsim::Cycle at);
    void wait_for_response(Hart& hart, StallCause cause, ResponseDestination destination,
                           unsigned size);
    void complete(const ResponseDestination& destination, std::uint64_t value);
    // This PE's memory, as a request finds it.
    std::uint64_t read_memory(std::uint64_t address, unsigned size) const;
    void write_memory(std::uint64_t address, unsigned size, std::uint64_t value);
    std::uint64_t apply_atomic(const netsim::Message& request);

    ProcessingElement& pe_;
    const MachineDescription& machine_;
    std::uint64_t sequence_ = 0;
    std::vector<netsim::Message> outbox_;
    netsim::Inbox inbox_;
    std::uint64_t outstanding_writes_ = 0;
    // The blocking request in flight (at most one: its hart waits for it).
    struct PendingResponse {
        ResponseDestination destination;
        unsigned size;
        unsigned target;
        std::uint64_t address;
    };
    std::optional<PendingResponse> pending_;
    // A store that found the store buffer full: it leaves when an acknowledgement frees an entry.
    std::optional<netsim::Message> deferred_write_;
    CycleMessagePort message_port_;
};

} // namespace xbemu
