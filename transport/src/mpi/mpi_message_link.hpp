#pragma once
// PIMP words and credits between ranks as MPI messages (the functional mode's link of a message
// fabric to PEs on other nodes, or to every other rank under --transport rma). The fabric hands
// words and credits over with its lock held; they leave, in that order, once it is released
// (flush), so that no thread waits for the fabric's lock while another is inside MPI. MPI keeps
// the order of the messages between two ranks. A thread of this rank receives the words and
// credits for its PEs and hands them to the fabric; it looks every 50 us while messages come and
// backs off to once a millisecond while none do, and also sends what other processes of the node
// left for this rank's PEs to send.

#include "messages/message_fabric.hpp"
#include "messages/remote_message_link.hpp"

#include <atomic>
#include <cstdint>
#include <deque>
#include <mpi.h>
#include <mutex>
#include <thread>
#include <vector>

namespace xbemu {

class MpiMessageLink final : public RemoteMessageLink {
public:
    // Collective over MPI_COMM_WORLD; PE n is on rank n / pes_per_rank. Needs
    // MPI_THREAD_MULTIPLE.
    explicit MpiMessageLink(unsigned pes_per_rank);
    // Stops receiving: call once no rank sends any more (after a collective that follows every
    // PE's end).
    ~MpiMessageLink() override;
    MpiMessageLink(const MpiMessageLink&) = delete;
    MpiMessageLink& operator=(const MpiMessageLink&) = delete;

    // Starts the receiving thread for this rank's PEs, `owned`, whose fabric is `fabric`.
    void start(MessageFabric& fabric, std::vector<unsigned> owned);

    // --fast-forward's switch, once no PE of the job runs: returns when every word and credit
    // any rank handed to its link has been delivered, and so its follow-ups too (a credit lets
    // a send FIFO's head leave). Collective over MPI_COMM_WORLD.
    void settle();

    void send_word(unsigned source, unsigned destination, std::uint64_t payload) override;
    void send_credit(unsigned receiver, unsigned sender) override;
    void flush() override;

private:
    struct Packet {
        // The kind in the low byte, the other PE above it, then the PE it is for.
        std::uint64_t kind_and_node;
        std::uint64_t payload;
    };
    struct Outgoing {
        unsigned destination;
        Packet packet;
    };

    void queue(unsigned destination, Packet packet);
    // Sends the queued packets, oldest first; `wait`: even if another thread is sending.
    void send_queued(bool wait);
    void receive_loop();

    MPI_Comm communicator_ = MPI_COMM_NULL;
    int rank_ = 0;
    std::mutex queue_mutex_;
    std::deque<Outgoing> queued_;
    // Held while sending: packets leave in the order they were queued.
    std::mutex send_mutex_;
    unsigned pes_per_rank_;
    MessageFabric* fabric_ = nullptr;
    std::vector<unsigned> owned_;
    std::thread receiver_;
    // Packets queued here, and packets received and delivered here (settle).
    std::atomic<std::uint64_t> queued_count_{0};
    std::atomic<std::uint64_t> delivered_count_{0};
};

} // namespace xbemu
