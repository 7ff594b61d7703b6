// libFuzzer harness of the gdb stub's protocol side: bytes from a connection go through the packet
// reader, and every packet it completes (whatever its checksum, so that the session sees any
// payload) through a command session over a fake target of 1 to 4 threads. Every answer must
// survive framing unchanged and fit the packet size the stub announces; a resume is answered
// with a stop reply, as the server would.

#include "fake_debug_target.hpp"
#include "xbemu/debugger/gdb_session.hpp"
#include "xbemu/debugger/rsp_encoding.hpp"
#include "xbemu/debugger/rsp_packet.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

using namespace xbemu::gdb;

// A framed answer keeps $ and # for framing only, and its escapes give back the payload.
void check_framing(const std::string& payload) {
    if (payload.size() > kMaxPacketPayload) {
        std::abort();
    }
    const std::string packet = encode_packet(payload);
    constexpr std::size_t kChecksumDigits = 2;
    if (packet.size() < 2 + kChecksumDigits || packet.front() != '$' ||
        packet[packet.size() - 1 - kChecksumDigits] != '#') {
        std::abort();
    }
    const std::string_view body(packet.data() + 1, packet.size() - 2 - kChecksumDigits);
    if (body.find_first_of("$#") != std::string_view::npos) {
        std::abort();
    }
    unsigned sum = 0;
    for (const char byte : body) {
        sum += static_cast<unsigned char>(byte);
    }
    const auto checksum = parse_hex_number(std::string_view(packet).substr(packet.size() - 2));
    const auto decoded = unescape_binary(body);
    if (!checksum || *checksum != (sum & 0xffU) || !decoded ||
        std::string_view(reinterpret_cast<const char*>(decoded->data()), decoded->size()) !=
            payload) {
        std::abort();
    }
}

void answer(GdbSession& session, FakeDebugTarget& target, const ReceivedPacket& packet) {
    if (packet.oversized) {
        return; // the server refuses these before the session sees them
    }
    const SessionResponse response = session.handle_packet(packet.payload);
    for (const std::string& payload : response.packets) {
        check_framing(payload);
    }
    if (response.then != SessionResponse::Then::Resume) {
        return;
    }
    // The first thread the request lets run stops, as a step or a breakpoint would.
    StopEvent stop;
    stop.reason =
        response.resume.threads.empty() ? StopReason::SoftwareBreakpoint : StopReason::Signal;
    for (const unsigned thread : target.threads()) {
        if (response.resume.action_for(thread) != ResumeAction::Stay) {
            stop.thread = thread;
            break;
        }
    }
    check_framing(session.stop_reply(stop));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) {
        return 0;
    }
    FakeDebugTarget target(data[0] % 4U + 1U);
    GdbSession session(target);
    PacketReader reader;
    for (std::size_t index = 1; index < size; ++index) {
        const auto event = reader.feed(static_cast<char>(data[index]));
        if (!event) {
            continue;
        }
        if (event->kind == InputKind::Packet) {
            answer(session, target, event->packet);
        } else if (event->kind == InputKind::Interrupt) {
            StopEvent interrupted;
            interrupted.signal = kSignalInterrupt;
            check_framing(session.stop_reply(interrupted));
        }
    }
    return 0;
}
