#include "xbemu/message_port.hpp"

#include "xbemu/checkpoint_stream.hpp"
#include "xbemu/netsim/grid.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

namespace xbemu {

bool uses_message_passing(const DecodeTable& table) {
    const auto extensions = table.extensions();
    return std::any_of(extensions.begin(), extensions.end(),
                       [](const Extension* extension) { return extension->name == "xpimp"; });
}

void check_message_grid(const netsim::NetworkConfig& network, unsigned pe_count) {
    constexpr unsigned kLongestEdge = 0xffff;
    const netsim::Grid grid(network, pe_count);
    if (grid.width() > kLongestEdge || grid.height() > kLongestEdge) {
        throw std::invalid_argument(fmt::format(
            "the network grid is {}x{}: PIMP's CSR 0xC72 holds each edge in 16 bits, so "
            "neither may exceed {} (give --machine a grid such as 256x256)",
            grid.width(), grid.height(), kLongestEdge));
    }
}

namespace {

void save_messages(CheckpointWriter& out, const std::vector<PortMessage>& messages) {
    out.u64(messages.size());
    for (const PortMessage& message : messages) {
        out.u32(message.node);
        out.u64(message.payload);
    }
}

std::vector<PortMessage> restore_messages(CheckpointReader& in) {
    const std::uint64_t count = in.u64();
    std::vector<PortMessage> messages;
    for (std::uint64_t index = 0; index < count; ++index) {
        PortMessage message;
        message.node = in.u32();
        message.payload = in.u64();
        messages.push_back(message);
    }
    return messages;
}

} // namespace

void save_checkpoint(CheckpointWriter& out, const MessagePortSnapshot& fifos) {
    save_messages(out, fifos.send);
    save_messages(out, fifos.receive);
    save_messages(out, fifos.arrived);
    out.u64(fifos.credits.size());
    for (const PeerCredits& peer : fifos.credits) {
        out.u32(peer.node);
        out.u64(peer.credits);
    }
}

MessagePortSnapshot restore_message_port_snapshot(CheckpointReader& in) {
    MessagePortSnapshot fifos;
    fifos.send = restore_messages(in);
    fifos.receive = restore_messages(in);
    fifos.arrived = restore_messages(in);
    const std::uint64_t peers = in.u64();
    for (std::uint64_t index = 0; index < peers; ++index) {
        PeerCredits peer;
        peer.node = in.u32();
        peer.credits = in.u64();
        fifos.credits.push_back(peer);
    }
    return fifos;
}

} // namespace xbemu
