// The per-peer state of a cycle-mode message port, kept for the peers it has used alone: a
// peer without an entry holds the initial values, and a lookup finds its own peer's entry.

#include "xbemu/timing/cycle_message_port.hpp"

#include <doctest/doctest.h>

namespace xbemu {

namespace {

constexpr std::uint64_t kReceiveDepth = 4;

void check_initial(const CycleMessagePort::PeerState& state) {
    CHECK(state.credits == kReceiveDepth);
    CHECK(state.next_index == 0);
    CHECK(state.next_arrival == 0);
}

} // namespace

TEST_CASE("cycle message port peers: a peer never used holds the initial values") {
    CycleMessagePort::PeerStates peers(kReceiveDepth);
    check_initial(peers.at(0));
    check_initial(peers.at(65'535));
    CHECK(peers.size() == 0);
    check_initial(peers[7]);
    CHECK(peers.size() == 1);
}

TEST_CASE("cycle message port peers: each peer keeps its own state, whatever the order of use") {
    CycleMessagePort::PeerStates peers(kReceiveDepth);
    // Used out of order, so that entries are inserted before, between and after others.
    for (const unsigned peer : {50U, 10U, 30U, 70U, 20U}) {
        CycleMessagePort::PeerState& state = peers[peer];
        state.credits = peer + 1;
        state.next_index = peer + 2;
        state.next_arrival = peer + 3;
    }
    CHECK(peers.size() == 5);
    for (const unsigned peer : {10U, 20U, 30U, 50U, 70U}) {
        CAPTURE(peer);
        CHECK(peers.at(peer).credits == peer + 1);
        CHECK(peers.at(peer).next_index == peer + 2);
        CHECK(peers[peer].next_arrival == peer + 3);
    }
    // The neighbours of used peers are still unused.
    for (const unsigned peer : {0U, 9U, 11U, 29U, 31U, 69U, 71U}) {
        CAPTURE(peer);
        check_initial(peers.at(peer));
    }
    CHECK(peers.size() == 5);
    ++peers[30].credits;
    CHECK(peers.at(30).credits == 32);
    CHECK(peers.at(20).credits == 21);
    CHECK(peers.at(50).credits == 51);
}

} // namespace xbemu
