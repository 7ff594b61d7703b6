#pragma once
// Packet framing of the gdb Remote Serial Protocol: `$payload#checksum`, the acknowledgements
// `+` and `-`, and the out-of-band interrupt byte 0x03 (Ctrl-C). The reader takes bytes as
// they arrive from the connection, in pieces of any size, and keeps at most a bounded payload
// so that a peer sending garbage cannot make it grow without limit.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace xbemu::gdb {

// The largest payload accepted (and announced to gdb as PacketSize).
inline constexpr std::size_t kMaxPacketPayload = 16384;

struct ReceivedPacket {
    std::string payload;      // as sent, binary escapes included (see unescape_binary)
    bool checksum_ok = false; // false: the reader answers `-` and gdb sends it again
    bool oversized = false;   // the payload was longer than kMaxPacketPayload (truncated)
};

enum class InputKind : std::uint8_t { Packet, Interrupt, Acknowledged, Rejected };

struct InputEvent {
    InputKind kind;
    ReceivedPacket packet; // for InputKind::Packet
};

class PacketReader {
public:
    // Consumes one byte; returns what it completed, if anything. Bytes outside a packet other
    // than `+`, `-` and 0x03 are ignored, as gdb's own stubs do.
    std::optional<InputEvent> feed(char byte);

private:
    enum class State : std::uint8_t { Idle, Payload, ChecksumHigh, ChecksumLow };
    State state_ = State::Idle;
    std::string payload_;
    bool oversized_ = false;
    std::uint8_t sum_ = 0;
    std::uint8_t received_sum_ = 0;
    bool checksum_digits_ok_ = true;
};

// `$payload#cs` with `$`, `#`, `}` and `*` escaped (`}` then the byte xor 0x20), so that binary
// replies (qXfer) survive; text replies never contain those bytes.
std::string encode_packet(std::string_view payload);

} // namespace xbemu::gdb
