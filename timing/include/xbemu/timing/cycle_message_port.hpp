#pragma once
// The PIMP FIFOs of a PE in the cycle timing mode, part of its network interface. Words and
// credits are netsim messages (Word, Credit), so they take the network's latency and contention
// and arrive in an order no host can change. The flow control is the functional mode's
// (end-to-end credits, see docs/pimp.md) in simulated time: the head of the send FIFO leaves, one
// word per cycle at most, once the PE holds a credit for its destination; a word enters the
// receive FIFO when it arrives, or when recv frees a slot if it arrived to a full FIFO; each recv
// sends the word's sender its credit back. Words carry their index per (sender, receiver) pair,
// and one that overtook an earlier word in the network waits for it. A port keeps that state
// only for the PEs it has exchanged words with, so a job's ports grow with its traffic, not with
// the square of its PEs (issue 24).

#include "xbemu/machine_description.hpp"
#include "xbemu/message_port.hpp"
#include "xbemu/netsim/message.hpp"

#include <cstdint>
#include <deque>
#include <map>
#include <utility>
#include <vector>

namespace xbemu {

class NetworkInterface;

class CycleMessagePort final : public MessagePort {
public:
    CycleMessagePort(NetworkInterface& network, unsigned pe, const MachineDescription& machine);

    // The FIFOs at cycle `now` of the PE (never earlier than before): the words that have left
    // the send FIFO by then are gone.
    void advance_to(netsim::Cycle now);
    // The first cycle after `cycle` at which the send FIFO changes by itself (a word leaves).
    netsim::Cycle next_departure_after(netsim::Cycle cycle) const;

    // At the cycle of the last advance_to.
    void send(unsigned destination, std::uint64_t payload) override;
    PortMessage head() const override { return arrivals_.front(); }
    PortMessage receive() override;
    MessagePortSnapshot snapshot() const override;
    // At the instruction's start cycle.
    void align_to(Hart& hart, const DecodedInstruction& op) override;
    // The cycles from the branch that began the wait to `hart`'s now.
    netsim::Cycle end_wait(Hart& hart) override;
    // Nothing: the hart's polling detection skips such a loop in simulated time.
    void wait_in_loop(Hart&, const DecodedInstruction&, MessageWait) override {}

    // Messages of the network, at their due cycle.
    void take_word(const netsim::Message& word);
    void take_credit(const netsim::Message& credit);
    // --fast-forward: the FIFOs and credits the functional mode left (a consistent snapshot of
    // every PE's, taken while none runs), before the PE runs: the send FIFO's words leave as
    // their credits allow, the received ones wait in the receive FIFO.
    void carry_over(const MessagePortSnapshot& fifos);

    // What a port keeps per peer PE, for the peers it has used alone: a peer without an entry
    // holds the initial values (a full receive FIFO of credits, indices 0).
    struct PeerState {
        std::uint64_t credits;      // as destination: words this PE may still send it
        std::uint64_t next_index;   // as destination: index of the next word sent there
        std::uint64_t next_arrival; // as source: index of its word due next
    };
    class PeerStates {
    public:
        explicit PeerStates(std::uint64_t initial_credits) : initial_credits_(initial_credits) {}
        // `peer`'s state, given an entry with the initial values if it has none.
        PeerState& operator[](unsigned peer);
        // `peer`'s state, without giving it an entry.
        PeerState at(unsigned peer) const;
        std::size_t size() const { return entries_.size(); }
        // The peers with an entry, by peer: each as [peer, state].
        auto begin() const { return entries_.begin(); }
        auto end() const { return entries_.end(); }

    private:
        struct Entry {
            unsigned peer;
            PeerState state;
        };
        // The entry of `peer`, or where it belongs.
        std::vector<Entry>::const_iterator find(unsigned peer) const;
        std::uint64_t initial_credits_;
        // Sorted by peer: a PE exchanges words with few others (a tree, neighbours), so a binary
        // search over few entries, and each peer is inserted once.
        std::vector<Entry> entries_;
    };

private:
    struct Outgoing {
        unsigned destination;
        std::uint64_t payload;
        netsim::Cycle departure; // kNever until it holds a credit
    };

    // Gives departures, from cycle `from` on, to the words that wait for a credit and now have
    // one, in FIFO order.
    void schedule_departures(netsim::Cycle from);
    void update();

    NetworkInterface& network_;
    unsigned pe_;
    std::size_t send_depth_;
    std::size_t receive_depth_;
    std::uint32_t status_word_ = 0;
    netsim::Cycle now_ = 0;
    std::deque<Outgoing> send_fifo_;
    std::size_t scheduled_ = 0; // entries of send_fifo_ with a departure
    netsim::Cycle last_departure_ = 0;
    bool departed_ = false; // whether last_departure_ holds one
    // Arrived words in order: the first receive_depth_ are the receive FIFO.
    std::deque<PortMessage> arrivals_;
    PeerStates peers_;
    std::map<std::pair<unsigned, std::uint64_t>, std::uint64_t> early_; // (source, index) -> word
};

} // namespace xbemu
