#pragma once
// PIMP words and credits between ranks as MPI messages (the functional mode's link of a message
// fabric to PEs on other nodes, or to every other rank under --transport rma). Sends are
// non-blocking and leave in the order the fabric hands them over, which MPI keeps between two
// ranks. A thread of this rank receives the words and credits for its PE and hands them to the
// fabric; it looks every 50 us when nothing arrives, as the one-sided channel's progress thread
// does, and also sends what other processes of the node left for this rank's PE to send.

#include "message_fabric.hpp"
#include "remote_message_link.hpp"

#include <cstdint>
#include <deque>
#include <mpi.h>
#include <thread>

namespace xbemu {

class MpiMessageLink final : public RemoteMessageLink {
public:
    // Collective over MPI_COMM_WORLD; PE n is rank n. Needs MPI_THREAD_MULTIPLE.
    MpiMessageLink();
    // Stops receiving and completes the sends: call once no rank sends any more (after a
    // collective that follows every PE's end).
    ~MpiMessageLink() override;
    MpiMessageLink(const MpiMessageLink&) = delete;
    MpiMessageLink& operator=(const MpiMessageLink&) = delete;

    // Starts the receiving thread for `pe`, this rank's PE, whose fabric is `fabric`.
    void start(MessageFabric& fabric, unsigned pe);

    void send_word(unsigned source, unsigned destination, std::uint64_t payload) override;
    void send_credit(unsigned receiver, unsigned sender) override;

private:
    struct Packet {
        std::uint64_t kind_and_node; // kind in the low byte, the other PE above it
        std::uint64_t payload;
    };
    struct PendingSend {
        Packet packet;
        MPI_Request request;
    };

    void post(unsigned destination, Packet packet);
    void receive_loop();

    MPI_Comm communicator_ = MPI_COMM_NULL;
    int rank_ = 0;
    // With the fabric's lock held: sends in flight, oldest first (their buffers stay put).
    std::deque<PendingSend> pending_;
    MessageFabric* fabric_ = nullptr;
    unsigned pe_ = 0;
    std::thread receiver_;
};

} // namespace xbemu
