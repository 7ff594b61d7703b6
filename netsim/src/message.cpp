#include "xbemu/netsim/message.hpp"

namespace xbemu::netsim {

unsigned payload_bytes(const Message& message) {
    constexpr unsigned kAddressBytes = 8;
    switch (message.kind) {
    case MessageKind::ReadRequest:
        return kAddressBytes;
    case MessageKind::ReadResponse:
    case MessageKind::AtomicResponse:
        return message.size;
    case MessageKind::WriteRequest:
        return kAddressBytes + message.size;
    case MessageKind::AtomicRequest:
        return kAddressBytes +
               (message.operation == kCompareAndSwap ? 2U * message.size : message.size);
    case MessageKind::Word:
        return 8;
    case MessageKind::WriteAcknowledge:
    case MessageKind::Credit:
        return 0;
    }
    return 0;
}

std::string_view kind_name(MessageKind kind) {
    switch (kind) {
    case MessageKind::ReadRequest:
        return "read request";
    case MessageKind::ReadResponse:
        return "read response";
    case MessageKind::WriteRequest:
        return "write";
    case MessageKind::WriteAcknowledge:
        return "write acknowledge";
    case MessageKind::AtomicRequest:
        return "atomic request";
    case MessageKind::AtomicResponse:
        return "atomic response";
    case MessageKind::Word:
        return "word";
    case MessageKind::Credit:
        return "credit";
    }
    return "message";
}

} // namespace xbemu::netsim
