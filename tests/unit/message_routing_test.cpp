// The router of the cycle mode's exchanges: it forgets the network's history before routing a
// window's messages, which must leave every message's due cycle as a network that forgot
// nothing gives it.

#include "messages/message_routing.hpp"

#include <doctest/doctest.h>
#include <vector>

using namespace xbemu;
using namespace xbemu::netsim;

namespace {

Message write_request(unsigned source, unsigned destination, Cycle injected) {
    Message message;
    message.kind = MessageKind::WriteRequest;
    message.source = source;
    message.destination = destination;
    message.injected = injected;
    message.size = 8;
    return message;
}

NetworkConfig two_rows_of_eight() {
    NetworkConfig config;
    config.model = NetworkModel::Mesh;
    config.width = 8;
    config.height = 2;
    config.router_latency = 5;
    config.hop_latency = 20;
    config.link_bytes = 16;
    config.header_bytes = 8;
    return config;
}

// The due cycle of `later` (routed in the window after `earlier`'s, which ends at `split`) as the
// router gives it.
Cycle routed_due(const Message& earlier, const Message& later, Cycle split) {
    MessageRouter router(make_network(two_rows_of_eight(), 16));
    std::vector<Inbox> inboxes(16);
    std::vector<Inbox*> local;
    for (Inbox& inbox : inboxes) {
        local.push_back(&inbox);
    }
    std::vector<Message> window{earlier};
    router.route_and_deliver(window, split, local);
    window = {later};
    router.route_and_deliver(window, later.injected + 20, local);
    Inbox& inbox = inboxes[later.destination];
    while (!inbox.empty()) {
        const Message message = inbox.pop();
        if (message.source == later.source) {
            return message.due;
        }
    }
    return kNever;
}

} // namespace

TEST_CASE("forgetting before a window's messages keeps what the earlier ones still hold") {
    // PE 0's message to PE 15 (east along the first row, then south) is routed in a window that
    // ends before the router forgets anything (4096 cycles); PE 6's to PE 7, sent after that
    // point, needs the link from PE 6 to PE 7 about when the first one's flits cross it (5 + 6 x
    // 20 cycles after it was sent, in the link calendar's word of cycles 4160-4223, which
    // forgetting up to the second window's end would drop).
    bool delayed = false;
    for (Cycle gap = 100; gap < 130; ++gap) {
        const Message earlier = write_request(0, 15, 4090);
        const Message later = write_request(6, 7, 4096 + gap);
        const auto reference = make_network(two_rows_of_eight(), 16);
        Message first = earlier;
        Message second = later;
        reference->route(first);
        reference->route(second);
        CHECK(routed_due(earlier, later, 4096) == second.due);
        Message alone = later;
        make_network(two_rows_of_eight(), 16)->route(alone);
        delayed = delayed || second.due != alone.due;
    }
    // Otherwise the case would show nothing.
    CHECK(delayed);
}
