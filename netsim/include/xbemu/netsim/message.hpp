#pragma once
// A message between two PEs: the only way one PE affects another in the cycle timing mode. The
// source stamps it with the cycle it leaves (injected); the network model sets the cycle it
// reaches the destination (due). A destination takes its messages in (due, source, sequence)
// order, which no host thread or process can change.

#include "xbemu/netsim/cycle.hpp"

#include <cstdint>
#include <string_view>

namespace xbemu::netsim {

enum class MessageKind : std::uint8_t {
    ReadRequest,      // remote load: read `size` bytes at `address`
    ReadResponse,     // `value` holds the bytes read
    WriteRequest,     // remote store of `size` bytes of `value` at `address` (posted)
    WriteAcknowledge, // the store took effect: frees a store-buffer entry at the source
    AtomicRequest,    // `operation` on `size` bytes at `address` with `value` (and `value2`)
    AtomicResponse,   // `value` holds the old memory value
    Word,             // a message-passing word (PIMP): `value` is the payload
    Credit,           // the receiver freed a slot of its receive FIFO for the destination
};

// What an AtomicRequest does: a read-modify-write of xbemu::RemoteAtomic (0-8), or a
// compare-and-swap (expected `value`, desired `value2`).
inline constexpr std::uint8_t kCompareAndSwap = 0xff;

struct Message {
    Cycle injected = 0;
    Cycle due = 0;
    std::uint32_t source = 0;
    std::uint32_t destination = 0;
    // Per source, counting up from 0: breaks ties between messages due in the same cycle.
    std::uint64_t sequence = 0;
    MessageKind kind = MessageKind::Word;
    std::uint8_t size = 0;      // bytes of the memory access (1, 2, 4 or 8)
    std::uint8_t operation = 0; // AtomicRequest only
    std::uint64_t address = 0;
    std::uint64_t value = 0;
    std::uint64_t value2 = 0;
};

// The order in which a destination takes its messages, and the network routes them.
inline bool delivered_before(const Message& a, const Message& b) {
    if (a.due != b.due) {
        return a.due < b.due;
    }
    if (a.source != b.source) {
        return a.source < b.source;
    }
    return a.sequence < b.sequence;
}
inline bool injected_before(const Message& a, const Message& b) {
    if (a.injected != b.injected) {
        return a.injected < b.injected;
    }
    if (a.source != b.source) {
        return a.source < b.source;
    }
    return a.sequence < b.sequence;
}

// Bytes a message carries besides the header: addresses, data, operands.
unsigned payload_bytes(const Message& message);
std::string_view kind_name(MessageKind kind);

} // namespace xbemu::netsim
