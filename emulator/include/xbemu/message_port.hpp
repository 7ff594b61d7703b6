#pragma once
// A PE's PIMP message FIFOs as its instructions see them: a send FIFO towards the network and a
// receive FIFO from it; a message is a 64-bit word with the id of the PE that sent it. The
// transports implement it for the functional mode (see functional_message_port.hpp), the cycle
// mode's network interface for the cycle mode; the PIMP extension and debuggers see only this.

#include "xbemu/deadlock_confirmation.hpp"
#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/netsim/cycle.hpp"
#include "xbemu/netsim/network_config.hpp"

#include <atomic>
#include <cstdint>
#include <vector>

namespace xbemu {

class CheckpointReader;
class CheckpointWriter;
class Hart;
struct DecodedInstruction;

// Whether a machine's ISA has PIMP (the extension xpimp), whose instructions need a port.
bool uses_message_passing(const DecodeTable& table);

// Throws std::invalid_argument when the network grid of `pe_count` PEs under `network` does not
// fit PIMP's CSR 0xC72, which holds each edge in 16 bits (docs/pimp.md).
void check_message_grid(const netsim::NetworkConfig& network, unsigned pe_count);

struct PortMessage {
    std::uint32_t node = 0; // the sender of a received message, the destination of one to send
    std::uint64_t payload = 0;
};

// What a PE waits for in a loop of PIMP branches.
enum class MessageWait : std::uint8_t {
    None,
    Message,  // a message in the receive FIFO (bnr taken, bar not taken)
    SendRoom, // room in the send FIFO (bns taken, brs not taken)
};

// The credits a PE holds for one destination.
struct PeerCredits {
    std::uint32_t node = 0;
    std::uint64_t credits = 0;
};

// The FIFOs' contents, oldest first, for a debugger.
struct MessagePortSnapshot {
    std::vector<PortMessage> send;    // node = destination
    std::vector<PortMessage> receive; // the receive FIFO; node = sender
    // Messages that reached the PE while its receive FIFO was full: they enter it, in this
    // order, as recv frees slots.
    std::vector<PortMessage> arrived;
    // Per destination: messages the PE may still send there before the receiver frees a slot,
    // by node, for the destinations where that is not a whole receive FIFO (as for every PE at
    // the start): a PE sends to few others, and a job may have 65,536 PEs.
    std::vector<PeerCredits> credits;
};

// --checkpoint, --restore: the FIFOs and credits a checkpoint carries (message_port.cpp).
void save_checkpoint(CheckpointWriter& out, const MessagePortSnapshot& fifos);
MessagePortSnapshot restore_message_port_snapshot(CheckpointReader& in);

class MessagePort {
public:
    static constexpr std::uint32_t kSendFifoFull = 1U << 0;
    static constexpr std::uint32_t kReceiveFifoNotEmpty = 1U << 1;

    MessagePort(const MessagePort&) = delete;
    MessagePort& operator=(const MessagePort&) = delete;
    virtual ~MessagePort() = default;

    // What the branches test: a plain load of a word that the port keeps current.
    std::uint32_t status() const {
        return std::atomic_ref<std::uint32_t>(*status_).load(std::memory_order_acquire);
    }

    // With room in the send FIFO, to an existing PE.
    virtual void send(unsigned destination, std::uint64_t payload) = 0;
    // With a message in the receive FIFO: the oldest, and the oldest taken out.
    virtual PortMessage head() const = 0;
    virtual PortMessage receive() = 0;
    virtual MessagePortSnapshot snapshot() const = 0;

    // What the timing mode adds to the PIMP instructions, so that they are the same code in
    // every mode. Before instruction `op` uses the FIFOs: brings them to its start.
    virtual void align_to(Hart& hart, const DecodedInstruction& op) = 0;
    // A branch found ready the FIFO the PE waited for (wait_state().what): the wait ends. Returns
    // the simulated cycles it lasted, which PIMP counts (0 in the functional mode, which has no
    // simulated time).
    virtual netsim::Cycle end_wait(Hart& hart) = 0;
    // A branch to itself found its FIFO not ready (`what` is what it waits for): the PE waits in
    // that loop.
    virtual void wait_in_loop(Hart& hart, const DecodedInstruction& op, MessageWait what) = 0;

    // The wait the PE's PIMP branches are in, and since when (cycle mode), for the statistics
    // and deadlock reports; kept by the PIMP extension.
    struct WaitState {
        MessageWait what = MessageWait::None;
        netsim::Cycle since = 0;
        // Functional mode: the PE sleeps in a self-referential loop and counts as waiting in its
        // PE group.
        bool sleeping = false;
        std::uint64_t confirmed_epoch = kNoConfirmation; // PeGroup::deadlocked's
    };
    WaitState& wait_state() { return wait_state_; }
    const WaitState& wait_state() const { return wait_state_; }

protected:
    // `status`: the word status() reads, which may live in memory shared with other processes.
    explicit MessagePort(std::uint32_t* status) : status_(status) {}
    void set_status(std::uint32_t status) {
        std::atomic_ref<std::uint32_t>(*status_).store(status, std::memory_order_release);
    }

private:
    std::uint32_t* status_;
    WaitState wait_state_;
};

} // namespace xbemu
