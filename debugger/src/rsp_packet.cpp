#include "xbemu/debugger/rsp_packet.hpp"

#include <fmt/format.h>

namespace xbemu::gdb {

namespace {

constexpr char kInterrupt = '\x03';
constexpr char kEscape = '}';
constexpr std::uint8_t kEscapeXor = 0x20;

std::optional<std::uint8_t> hex_digit(char digit) {
    if (digit >= '0' && digit <= '9') {
        return static_cast<std::uint8_t>(digit - '0');
    }
    if (digit >= 'a' && digit <= 'f') {
        return static_cast<std::uint8_t>(digit - 'a' + 10);
    }
    if (digit >= 'A' && digit <= 'F') {
        return static_cast<std::uint8_t>(digit - 'A' + 10);
    }
    return std::nullopt;
}

} // namespace

std::optional<InputEvent> PacketReader::feed(char byte) {
    switch (state_) {
    case State::Idle:
        if (byte == '$') {
            state_ = State::Payload;
            payload_.clear();
            oversized_ = false;
            sum_ = 0;
        } else if (byte == kInterrupt) {
            return InputEvent{InputKind::Interrupt, {}};
        } else if (byte == '+') {
            return InputEvent{InputKind::Acknowledged, {}};
        } else if (byte == '-') {
            return InputEvent{InputKind::Rejected, {}};
        }
        return std::nullopt;
    case State::Payload:
        if (byte == '#') {
            state_ = State::ChecksumHigh;
            return std::nullopt;
        }
        if (byte == '$') {
            // A new packet before the end of this one: the peer gave up on it.
            payload_.clear();
            oversized_ = false;
            sum_ = 0;
            return std::nullopt;
        }
        sum_ = static_cast<std::uint8_t>(sum_ + static_cast<std::uint8_t>(byte));
        if (payload_.size() < kMaxPacketPayload) {
            payload_.push_back(byte);
        } else {
            oversized_ = true;
        }
        return std::nullopt;
    case State::ChecksumHigh: {
        const auto digit = hex_digit(byte);
        checksum_digits_ok_ = digit.has_value();
        received_sum_ = static_cast<std::uint8_t>(digit.value_or(0) << 4);
        state_ = State::ChecksumLow;
        return std::nullopt;
    }
    case State::ChecksumLow: {
        const auto digit = hex_digit(byte);
        checksum_digits_ok_ = checksum_digits_ok_ && digit.has_value();
        received_sum_ = static_cast<std::uint8_t>(received_sum_ | digit.value_or(0));
        state_ = State::Idle;
        InputEvent event{InputKind::Packet, {}};
        event.packet.checksum_ok = checksum_digits_ok_ && received_sum_ == sum_;
        event.packet.oversized = oversized_;
        event.packet.payload = std::move(payload_);
        payload_.clear();
        return event;
    }
    }
    return std::nullopt;
}

std::string encode_packet(std::string_view payload) {
    std::string packet = "$";
    std::uint8_t sum = 0;
    const auto append = [&](char byte) {
        packet.push_back(byte);
        sum = static_cast<std::uint8_t>(sum + static_cast<std::uint8_t>(byte));
    };
    for (const char byte : payload) {
        if (byte == '$' || byte == '#' || byte == kEscape || byte == '*') {
            append(kEscape);
            append(static_cast<char>(static_cast<std::uint8_t>(byte) ^ kEscapeXor));
        } else {
            append(byte);
        }
    }
    return packet + fmt::format("#{:02x}", sum);
}

} // namespace xbemu::gdb
