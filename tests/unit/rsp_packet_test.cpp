#include "xbemu/debugger/rsp_packet.hpp"

#include <doctest/doctest.h>
#include <string>
#include <vector>

using namespace xbemu::gdb;

namespace {

std::vector<InputEvent> feed_all(PacketReader& reader, std::string_view bytes) {
    std::vector<InputEvent> events;
    for (const char byte : bytes) {
        if (auto event = reader.feed(byte)) {
            events.push_back(std::move(*event));
        }
    }
    return events;
}

} // namespace

TEST_CASE("packets are framed, checksummed and escaped as gdb expects") {
    CHECK(encode_packet("OK") == "$OK#9a");
    CHECK(encode_packet("") == "$#00");
    // $, #, } and * are escaped: } then the byte xor 0x20; the checksum covers the escapes.
    CHECK(encode_packet("a$#}*") == "$a}\x04}\x03}]}\x0a#c3");
}

TEST_CASE("the reader gives packets, acknowledgements and interrupts") {
    PacketReader reader;
    const auto events = feed_all(reader, "+$qC#b4-\x03junk$m0,4#fd");
    REQUIRE(events.size() == 5);
    CHECK(events[0].kind == InputKind::Acknowledged);
    CHECK(events[1].kind == InputKind::Packet);
    CHECK(events[1].packet.payload == "qC");
    CHECK(events[1].packet.checksum_ok);
    CHECK(events[2].kind == InputKind::Rejected);
    CHECK(events[3].kind == InputKind::Interrupt);
    CHECK(events[4].packet.payload == "m0,4");
    CHECK(events[4].packet.checksum_ok);
}

TEST_CASE("a wrong or malformed checksum is reported, not accepted") {
    PacketReader reader;
    auto events = feed_all(reader, "$qC#b5$qC#zz$qC#B4");
    REQUIRE(events.size() == 3);
    CHECK_FALSE(events[0].packet.checksum_ok);
    CHECK_FALSE(events[1].packet.checksum_ok);
    CHECK(events[2].packet.checksum_ok); // upper-case digits are fine
}

TEST_CASE("a new packet start abandons an unfinished one") {
    PacketReader reader;
    const auto events = feed_all(reader, "$m0,4$qC#b4");
    REQUIRE(events.size() == 1);
    CHECK(events[0].packet.payload == "qC");
    CHECK(events[0].packet.checksum_ok);
}

TEST_CASE("an oversized packet is kept short and marked") {
    PacketReader reader;
    const std::string payload(kMaxPacketPayload + 100, 'a');
    const auto events = feed_all(reader, encode_packet(payload));
    REQUIRE(events.size() == 1);
    CHECK(events[0].packet.oversized);
    CHECK(events[0].packet.checksum_ok);
    CHECK(events[0].packet.payload.size() == kMaxPacketPayload);
    const auto next = feed_all(reader, encode_packet("g"));
    REQUIRE(next.size() == 1);
    CHECK_FALSE(next[0].packet.oversized);
}
