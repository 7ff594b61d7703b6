// Network models: latencies computed by hand, contention, ordering of deliveries.

#include "xbemu/netsim/inbox.hpp"
#include "xbemu/netsim/link_calendar.hpp"
#include "xbemu/netsim/network.hpp"

#include <cstdint>
#include <doctest/doctest.h>
#include <set>
#include <stdexcept>

using namespace xbemu::netsim;

namespace {

Message read_request(unsigned source, unsigned destination, Cycle injected,
                     std::uint64_t sequence = 0) {
    Message message;
    message.kind = MessageKind::ReadRequest;
    message.source = source;
    message.destination = destination;
    message.injected = injected;
    message.sequence = sequence;
    message.size = 8;
    return message;
}

NetworkConfig mesh(unsigned width, unsigned height) {
    NetworkConfig config;
    config.model = NetworkModel::Mesh;
    config.width = width;
    config.height = height;
    config.router_latency = 5;
    config.hop_latency = 3;
    config.link_bytes = 16;
    config.header_bytes = 8;
    return config;
}

} // namespace

TEST_CASE("a link calendar gives each cycle to one flit") {
    LinkCalendar link;
    CHECK(link.reserve_first_free(10) == 10);
    CHECK(link.reserve_first_free(10) == 11);
    CHECK(link.reserve_first_free(5) == 5);
    link.reserve(130);
    CHECK_FALSE(link.is_free(130));
    CHECK(link.reserve_first_free(129) == 129);
    CHECK(link.reserve_first_free(129) == 131);
    CHECK(link.flits() == 6);
    link.forget_before(128);
    CHECK_FALSE(link.is_free(131));
    CHECK(link.reserve_first_free(128) == 128);
}

// The calendar's ring of words is indexed with a mask (its size a power of two): reservations
// must survive the ring's wrapping round, its growth (at the end and, before any pruning, at the
// front) and its pruning, as a set of reserved cycles keeps them.
TEST_CASE("a link calendar keeps its reservations while its ring wraps, grows and is pruned") {
    LinkCalendar link;
    std::set<Cycle> reserved;
    const auto first_free = [&](Cycle cycle) {
        while (reserved.count(cycle) != 0) {
            ++cycle;
        }
        return cycle;
    };
    // Earlier and earlier cycles: the ring grows at its front.
    for (const Cycle cycle : {1000, 900, 700, 300, 100}) {
        link.reserve(cycle);
        reserved.insert(cycle);
    }
    std::uint64_t random = 1;
    Cycle floor = 0;
    unsigned wrong = 0;
    for (unsigned step = 0; step < 20000; ++step) {
        random = random * 6364136223846793005ULL + 1442695040888963407ULL;
        const Cycle earliest = floor + (random >> 33) % 700;
        const Cycle expected = first_free(earliest);
        wrong += link.reserve_first_free(earliest) != expected ? 1 : 0;
        reserved.insert(expected);
        wrong += link.is_free(floor + (random >> 20) % 900) !=
                         (reserved.count(floor + (random >> 20) % 900) == 0)
                     ? 1
                     : 0;
        if (step % 50 == 49) {
            floor += 64 + (random >> 40) % 200;
            link.forget_before(floor);
            reserved.erase(reserved.begin(), reserved.lower_bound(floor));
        }
    }
    CHECK(wrong == 0);
}

TEST_CASE("mesh latency is router + hops x hop + flits - 1 when nothing else is in flight") {
    const auto network = make_network(mesh(4, 4), 16);
    CHECK(network->min_latency() == 8);
    Message near = read_request(0, 1, 100); // one hop east
    network->route(near);
    CHECK(near.due == 100 + 5 + 3);
    Message far = read_request(0, 15, 200); // (0,0) -> (3,3): six hops
    network->route(far);
    CHECK(far.due == 200 + 5 + 6 * 3);
    Message write; // 8 + 8 + 8 bytes: two flits
    write.kind = MessageKind::WriteRequest;
    write.size = 8;
    write.source = 5;
    write.destination = 6;
    write.injected = 300;
    network->route(write);
    CHECK(write.due == 300 + 5 + 3 + 1);
    const NetworkStatistics statistics = network->statistics();
    CHECK(statistics.messages == 3);
    CHECK(statistics.latency_min == 8);
    CHECK(statistics.latency_max == 23);
    CHECK(statistics.flits == 4);
}

TEST_CASE("messages that share a link queue, one flit per cycle") {
    const auto network = make_network(mesh(4, 1), 4);
    // PEs 1 and 2 both send to PE 3 in the same cycle: 1's message crosses (1,0)->(2,0) and
    // (2,0)->(3,0); 2's message needs (2,0)->(3,0) in the same cycle as 1's first flit would.
    Message first = read_request(1, 3, 0, 0);
    Message second = read_request(2, 3, 0, 0);
    network->route(first);
    network->route(second);
    CHECK(first.due == 5 + 2 * 3);
    // Link (2,0)->(3,0): first's flit takes cycle 8, second's flit is ready in cycle 5: free.
    CHECK(second.due == 5 + 3);
    // Four senders to one ejection port in the same cycle: deliveries one cycle apart.
    const auto star = make_network(mesh(3, 3), 9);
    Cycle deliveries[4];
    const unsigned neighbours[4] = {1, 3, 5, 7}; // around the centre node 4
    for (unsigned i = 0; i < 4; ++i) {
        Message message = read_request(neighbours[i], 4, 10, 0);
        star->route(message);
        deliveries[i] = message.due;
    }
    CHECK(deliveries[0] == 18);
    CHECK(deliveries[1] == 19);
    CHECK(deliveries[2] == 20);
    CHECK(deliveries[3] == 21);
}

TEST_CASE("a torus goes the shorter way round") {
    NetworkConfig config = mesh(8, 1);
    config.model = NetworkModel::Torus;
    const auto torus = make_network(config, 8);
    Message wrap = read_request(0, 7, 0);
    torus->route(wrap);
    CHECK(wrap.due == 5 + 3);
    const auto plain = make_network(mesh(8, 1), 8);
    Message across = read_request(0, 7, 0);
    plain->route(across);
    CHECK(across.due == 5 + 7 * 3);
}

TEST_CASE("fixed and ideal networks ignore distance and load") {
    NetworkConfig config;
    config.model = NetworkModel::Fixed;
    config.fixed_latency = 17;
    const auto fixed = make_network(config, 64);
    CHECK(fixed->min_latency() == 17);
    for (int i = 0; i < 3; ++i) {
        Message message = read_request(0, 63, 40, static_cast<std::uint64_t>(i));
        fixed->route(message);
        CHECK(message.due == 57);
    }
    config.model = NetworkModel::Ideal;
    CHECK(make_network(config, 2)->min_latency() == 1);
    CHECK(make_network(config, 1)->min_latency() == kNever);
    config.model = NetworkModel::Fixed;
    config.fixed_latency = 0;
    CHECK_THROWS_AS(make_network(config, 2), std::invalid_argument);
}

TEST_CASE("paternoster rides the row ring east, turns north at the corner, ejects") {
    NetworkConfig config;
    config.model = NetworkModel::Paternoster;
    config.width = 4;
    config.height = 4;
    config.ejection_latency = 3;
    config.corner_buffer_entries = 1;
    const auto network = make_network(config, 16);
    CHECK(network->min_latency() == 4);
    Message east = read_request(0, 3, 0); // three hops east
    network->route(east);
    CHECK(east.due == 3 + 3);
    Message west = read_request(3, 0, 0); // one hop east, round the ring
    network->route(west);
    CHECK(west.due == 1 + 3);
    Message turn = read_request(0, 5, 100); // (0,0) -> (1,1): one east, one north
    network->route(turn);
    CHECK(turn.due == 100 + 2 + 3);
    CHECK(network->statistics().messages == 3);
}

TEST_CASE("paternoster deflects a flit that finds the corner buffer full") {
    NetworkConfig config;
    config.model = NetworkModel::Paternoster;
    config.width = 2;
    config.height = 3;
    config.ejection_latency = 3;
    config.corner_buffer_entries = 1;
    config.flit_bytes = 1;
    config.header_bytes = 8;
    const auto network = make_network(config, 6);
    // Eight flits from (1,2) to (1,1) hold the column link (1,0)->(1,1) in cycles 1-8.
    Message flood = read_request(5, 3, 0);
    network->route(flood);
    CHECK(flood.due == 7 + 2 + 3);
    Message first;
    first.kind = MessageKind::Credit;
    first.source = 0;
    first.destination = 3;
    first.injected = 1;
    Message second = first;
    second.sequence = 1;
    network->route(first);
    network->route(second);
    // first waits in the corner of (1,0) from cycle 2 until the link is free in cycle 9.
    CHECK(first.due == 9 + 1 + 3);
    // second reaches the corner in cycle 3, finds it full and goes round the row (2 cycles a
    // lap) until cycle 9, then takes the column link in cycle 10.
    CHECK(second.due == 10 + 1 + 3);
    CHECK(network->statistics().deflections == 3);
}

TEST_CASE("a grid too small for the PEs is refused") {
    CHECK_THROWS_AS(make_network(mesh(2, 2), 5), std::invalid_argument);
    NetworkConfig automatic;
    const auto network = make_network(automatic, 5); // 3 x 2
    CHECK(network->min_latency() == automatic.router_latency + automatic.hop_latency);
}

TEST_CASE("a grid beyond what the models can afford is refused, its size counted in 64 bits") {
    CHECK_THROWS_WITH_AS(make_network(mesh(65536, 65536), 4),
                         "the network grid is 65536x65536 = 4294967296 nodes: at most 65536 are "
                         "supported",
                         std::invalid_argument);
    CHECK_THROWS_AS(make_network(mesh(65536, 2), 4), std::invalid_argument);
    NetworkConfig paternoster = mesh(65536, 65536);
    paternoster.model = NetworkModel::Paternoster;
    CHECK_THROWS_AS(make_network(paternoster, 4), std::invalid_argument);
    CHECK(make_network(mesh(256, 256), 4)->min_latency() == 5 + 3);
}

TEST_CASE("a path slower than the link calendars can afford is refused") {
    NetworkConfig slow = mesh(4, 4);
    slow.router_latency = kMaxMessageLatency;
    CHECK_THROWS_WITH_AS(make_network(slow, 16),
                         "network router_latency + hop_latency x the longest path (6 hops) is "
                         "1048594 cycles: at most 1048576 are supported",
                         std::invalid_argument);
    slow.router_latency = kMaxMessageLatency - 6 * 3;
    CHECK(make_network(slow, 16)->min_latency() == kMaxMessageLatency - 6 * 3 + 3);
    NetworkConfig torus = mesh(4, 4);
    torus.model = NetworkModel::Torus;
    torus.router_latency = kMaxMessageLatency - 4 * 3; // the longest way round: 2 + 2 hops
    CHECK_NOTHROW(make_network(torus, 16));
}

TEST_CASE("an inbox yields messages by due cycle, then source, then sequence") {
    Inbox inbox;
    Message m = read_request(3, 0, 0, 1);
    m.due = 20;
    inbox.push(m);
    m.source = 1;
    m.sequence = 7;
    inbox.push(m);
    m.due = 10;
    m.source = 9;
    inbox.push(m);
    m.due = 20;
    m.source = 1;
    m.sequence = 2;
    inbox.push(m);
    CHECK(inbox.next_due() == 10);
    CHECK(inbox.pop().source == 9);
    Message next = inbox.pop();
    CHECK((next.source == 1 && next.sequence == 2));
    next = inbox.pop();
    CHECK((next.source == 1 && next.sequence == 7));
    CHECK(inbox.pop().source == 3);
    CHECK(inbox.empty());
    CHECK(inbox.next_due() == kNever);
}
