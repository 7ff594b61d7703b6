#include "messages/message_fabric.hpp"
#include "xbemu/program_layout.hpp"
#include "xbemu/zeroed_memory.hpp"

#include <doctest/doctest.h>

using namespace xbemu;

namespace {

// Three PEs in one process, send FIFOs of 2 and receive FIFOs of 3.
struct ThreePes {
    MessageFabricShape shape{3, 2, 3};
    ZeroedMemory memory{MessageFabric::region_bytes(shape, 3)};
    MessageFabric fabric{shape, memory.data(), {0, 1, 2}, {0, 1, 2}, nullptr};

    MessagePort& port(unsigned pe) { return fabric.port(pe); }
    bool full(unsigned pe) { return (port(pe).status() & MessagePort::kSendFifoFull) != 0; }
    bool received(unsigned pe) {
        return (port(pe).status() & MessagePort::kReceiveFifoNotEmpty) != 0;
    }
};

} // namespace

TEST_CASE("a word reaches the receive FIFO at once, with its sender's id") {
    ThreePes pes;
    CHECK_FALSE(pes.received(1));
    pes.port(0).send(1, 42);
    REQUIRE(pes.received(1));
    CHECK(pes.port(1).head().node == 0);
    CHECK(pes.port(1).head().payload == 42);
    const PortMessage message = pes.port(1).receive();
    CHECK(message.node == 0);
    CHECK(message.payload == 42);
    CHECK_FALSE(pes.received(1));
}

TEST_CASE("credits: the send FIFO fills once the receiver holds the sender's credits") {
    ThreePes pes;
    for (std::uint64_t word = 0; word < 3; ++word) {
        pes.port(0).send(1, word);
    }
    CHECK_FALSE(pes.full(0));
    pes.port(0).send(1, 3);
    pes.port(0).send(1, 4);
    CHECK(pes.full(0));
    MessagePortSnapshot snapshot = pes.port(0).snapshot();
    CHECK(snapshot.send.size() == 2);
    // Only the destinations whose credits are not a whole receive FIFO: PE 1's.
    REQUIRE(snapshot.credits.size() == 1);
    CHECK(snapshot.credits[0].node == 1);
    CHECK(snapshot.credits[0].credits == 0);
    // Each recv returns a credit: the head of the send FIFO follows.
    CHECK(pes.port(1).receive().payload == 0);
    CHECK_FALSE(pes.full(0));
    CHECK(pes.port(0).snapshot().send.size() == 1);
    for (std::uint64_t word = 1; word < 5; ++word) {
        CHECK(pes.port(1).receive().payload == word);
    }
    CHECK(pes.port(0).snapshot().send.empty());
    CHECK(pes.port(0).snapshot().credits.empty());
}

TEST_CASE("the head of the send FIFO blocks the words behind it") {
    ThreePes pes;
    for (std::uint64_t word = 0; word < 4; ++word) {
        pes.port(0).send(1, word);
    }
    // Word 3 waits for a credit of PE 1; the word for PE 2 waits behind it.
    pes.port(0).send(2, 100);
    CHECK(pes.full(0));
    CHECK_FALSE(pes.received(2));
    pes.port(1).receive();
    CHECK(pes.received(2));
    CHECK(pes.port(2).receive().payload == 100);
}

TEST_CASE("words that find the receive FIFO full wait at the receiver, in arrival order") {
    ThreePes pes;
    for (std::uint64_t word = 0; word < 3; ++word) {
        pes.port(0).send(2, word);
    }
    pes.port(1).send(2, 10);
    pes.port(1).send(2, 11);
    const MessagePortSnapshot snapshot = pes.port(2).snapshot();
    CHECK(snapshot.receive.size() == 3);
    REQUIRE(snapshot.arrived.size() == 2);
    CHECK(snapshot.arrived[0].node == 1);
    CHECK(snapshot.arrived[0].payload == 10);
    std::vector<std::uint64_t> order;
    while (pes.received(2)) {
        order.push_back(pes.port(2).receive().payload);
    }
    CHECK(order == std::vector<std::uint64_t>{0, 1, 2, 10, 11});
}

TEST_CASE("a sleeping PE wakes when its wait is over, and times out otherwise") {
    ThreePes pes;
    auto& waiting = pes.fabric.port(1);
    const auto start = std::chrono::steady_clock::now();
    waiting.sleep(MessageWait::Message, std::chrono::milliseconds(20));
    CHECK(std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(15));
    pes.port(0).send(1, 7);
    const auto ready = std::chrono::steady_clock::now();
    waiting.sleep(MessageWait::Message, std::chrono::seconds(10));
    CHECK(std::chrono::steady_clock::now() - ready < std::chrono::seconds(1));
}

TEST_CASE("deadlock reports say what each PE waits for") {
    ThreePes pes;
    pes.fabric.port(0).set_sleeping(MessageWait::Message, 0x80000010);
    pes.fabric.port(1).set_sleeping(MessageWait::SendRoom, 0x80000020);
    pes.fabric.mark_finished(2);
    CHECK(pes.fabric.port(0).describe_waits(ProgramLayout{}) ==
          "PE 0 waits for a message in the loop at pc 0x80000010, PE 1 waits for room in its "
          "send FIFO in the loop at pc 0x80000020, PE 2 has ended");
    // With the program's symbols, by the functions the loops are in.
    ProgramLayout layout;
    layout.symbols = {{"receive", 0x80000010, 0x80000020}, {"send", 0x80000020, 0x80000030}};
    pes.fabric.port(2).set_sleeping(MessageWait::Message, 0x80000018);
    CHECK(pes.fabric.port(0).describe_waits(layout) ==
          "2 PEs wait for a message in the loop in receive at pc 0x80000010-0x80000018 (PEs 0, "
          "2), PE 1 waits for room in its send FIFO in the loop in send at pc 0x80000020");
}
