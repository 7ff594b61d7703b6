// A PIMP port's FIFOs and credits in a checkpoint (--checkpoint, --restore): only the credits
// that differ from a whole receive FIFO, so that an idle PE's section does not grow with the
// job's PEs (issue 24: 65,536 PEs would write 65,536 counts each).

#include "messages/message_fabric.hpp"
#include "xbemu/checkpoint_stream.hpp"
#include "xbemu/message_port.hpp"
#include "xbemu/zeroed_memory.hpp"

#include <doctest/doctest.h>
#include <numeric>
#include <vector>

using namespace xbemu;

namespace {

std::vector<unsigned> all_pes(unsigned count) {
    std::vector<unsigned> pes(count);
    std::iota(pes.begin(), pes.end(), 0U);
    return pes;
}

// Three empty lists of messages and no credits.
constexpr std::size_t kIdlePortBytes = 4 * sizeof(std::uint64_t);

} // namespace

TEST_CASE("message port checkpoint: an idle PE of 4,096 writes no credit per PE of the job") {
    const MessageFabricShape shape{4096, 2, 3};
    ZeroedMemory memory{MessageFabric::region_bytes(shape, 4096)};
    MessageFabric fabric{shape, memory.data(), all_pes(4096), all_pes(4096), nullptr};
    CheckpointWriter out;
    save_checkpoint(out, fabric.port(17).snapshot());
    CHECK(out.data().size() == kIdlePortBytes);
}

TEST_CASE("message port checkpoint: words and credits restore as they were") {
    const MessageFabricShape shape{3, 2, 3};
    ZeroedMemory memory{MessageFabric::region_bytes(shape, 3)};
    MessageFabric fabric{shape, memory.data(), all_pes(3), all_pes(3), nullptr};
    // PE 0 uses up its credits for PE 1 (one word waits in its send FIFO) and one for PE 2.
    for (std::uint64_t word = 0; word < 4; ++word) {
        fabric.port(0).send(1, 10 + word);
    }
    const MessagePortSnapshot sender = fabric.port(0).snapshot();
    REQUIRE(sender.send.size() == 1);
    REQUIRE(sender.credits.size() == 1);
    CHECK(sender.credits[0].node == 1);
    CHECK(sender.credits[0].credits == 0);

    fabric.port(2).send(1, 99);
    CheckpointWriter out;
    save_checkpoint(out, fabric.port(2).snapshot());
    save_checkpoint(out, fabric.port(1).snapshot());
    CheckpointReader in(out.data());
    const MessagePortSnapshot restored_sender = restore_message_port_snapshot(in);
    REQUIRE(restored_sender.credits.size() == 1);
    CHECK(restored_sender.credits[0].node == 1);
    CHECK(restored_sender.credits[0].credits == 2);
    const MessagePortSnapshot receiver = restore_message_port_snapshot(in);
    CHECK(in.at_end());
    CHECK(receiver.credits.empty());
    REQUIRE(receiver.receive.size() == 3);
    CHECK(receiver.receive[0].node == 0);
    CHECK(receiver.receive[0].payload == 10);
    // PE 2's word found the receive FIFO full of PE 0's.
    REQUIRE(receiver.arrived.size() == 1);
    CHECK(receiver.arrived[0].node == 2);
    CHECK(receiver.arrived[0].payload == 99);
}
