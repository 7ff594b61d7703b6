#include "xbemu/timing/network_interface.hpp"

#include "xbemu/hart.hpp"
#include "xbemu/processing_element.hpp"
#include "xbemu/timing/memory_hierarchy.hpp"

#include <cstring>
#include <fmt/format.h>
#include <stdexcept>

namespace xbemu {

namespace {

std::uint64_t truncate(std::uint64_t value, unsigned size) {
    return size >= 8 ? value : value & ((1ULL << (8 * size)) - 1);
}

} // namespace

NetworkInterface::NetworkInterface(ProcessingElement& pe, const MachineDescription& machine,
                                   MemoryHierarchy& memory)
    : RemoteAccessPort(nullptr), pe_(pe), machine_(machine), memory_(memory),
      message_port_(*this, pe.id(), machine) {}

netsim::Message NetworkInterface::request(netsim::MessageKind kind, const RemoteAccess& access,
                                          netsim::Cycle at) const {
    netsim::Message message;
    message.kind = kind;
    message.source = pe_.id();
    message.destination = access.target;
    message.injected = at;
    message.address = access.address;
    message.size = static_cast<std::uint8_t>(access.size);
    return message;
}

void NetworkInterface::send(netsim::Message message) {
    message.sequence = sequence_++;
    if (message.destination == pe_.id()) {
        // This PE's own memory through its network interface: no network to cross. The hart
        // may be running: it must let the PE take the message when its cycle comes.
        message.due = message.injected;
        inbox_.push_unreported(message);
        pe_.hart(0).return_to_pe();
        return;
    }
    outbox_.push_back(message);
}

void NetworkInterface::issue_other(Hart& hart, const DecodedInstruction& op,
                                   const RemoteAccess& access, const RemoteCompletion& completion) {
    hart.sync_cycle(op);
    const netsim::Cycle now = hart.cycle();
    netsim::Message message;
    StallCause cause = StallCause::RemoteAtomic;
    switch (access.kind) {
    case RemoteAccessKind::Write:
        message = request(netsim::MessageKind::WriteRequest, access, now);
        message.value = truncate(access.value, access.size);
        write(hart, message);
        return;
    case RemoteAccessKind::Read:
        message = request(netsim::MessageKind::ReadRequest, access, now);
        cause = StallCause::RemoteLoad;
        break;
    case RemoteAccessKind::AtomicRead:
        // An atomic read: OR with zero changes nothing but is ordered like every other atomic.
        message = request(netsim::MessageKind::AtomicRequest, access, now);
        message.operation = static_cast<std::uint8_t>(RemoteAtomic::Or);
        break;
    case RemoteAccessKind::Atomic:
        message = request(netsim::MessageKind::AtomicRequest, access, now);
        message.operation = static_cast<std::uint8_t>(access.operation);
        message.value = truncate(access.value, access.size);
        break;
    case RemoteAccessKind::CompareAndSwap:
        message = request(netsim::MessageKind::AtomicRequest, access, now);
        message.operation = netsim::kCompareAndSwap;
        message.value = truncate(access.value, access.size);
        message.value2 = truncate(access.desired, access.size);
        break;
    }
    send(message);
    pending_ = PendingResponse{access, completion};
    hart.suspend(cause);
}

void NetworkInterface::write(Hart& hart, netsim::Message message) {
    if (outstanding_writes_ < machine_.store_buffer_entries) {
        ++outstanding_writes_;
        send(message);
        return;
    }
    deferred_write_ = message;
    hart.suspend(StallCause::StoreBufferFull);
}

void NetworkInterface::fence(Hart& hart) {
    if (outstanding_writes_ > 0) {
        hart.suspend(StallCause::Fence);
    }
}

std::uint64_t NetworkInterface::read_memory(std::uint64_t address, unsigned size) const {
    std::uint64_t value = 0;
    std::memcpy(&value, pe_.ram().host() + (address - kRamBase), size);
    return value;
}

void NetworkInterface::write_memory(std::uint64_t address, unsigned size, std::uint64_t value) {
    std::memcpy(pe_.ram().host() + (address - kRamBase), &value, size);
    pe_.hart(0).ram_written_externally(address, size);
}

std::uint64_t NetworkInterface::apply_atomic(const netsim::Message& request) {
    const std::uint64_t old = read_memory(request.address, request.size);
    std::uint64_t updated = old;
    if (request.operation == netsim::kCompareAndSwap) {
        if (old == request.value) {
            updated = request.value2;
        }
    } else {
        const auto operation = static_cast<RemoteAtomic>(request.operation);
        updated =
            request.size == 4
                ? apply_remote_atomic<std::uint32_t>(operation, static_cast<std::uint32_t>(old),
                                                     static_cast<std::uint32_t>(request.value))
                : apply_remote_atomic<std::uint64_t>(operation, old, request.value);
    }
    if (updated != old) {
        write_memory(request.address, request.size, updated);
    }
    return old;
}

void NetworkInterface::take(const netsim::Message& message) {
    Hart& hart = pe_.hart(0);
    if (CycleTrace* trace = pe_.trace()) {
        trace->message(message);
    }
    hart.forget_polling();
    const auto reply = [&](netsim::MessageKind kind, std::uint64_t value) {
        const CacheAccessKind access = kind == netsim::MessageKind::ReadResponse
                                           ? CacheAccessKind::Read
                                           : CacheAccessKind::Write;
        netsim::Message response;
        response.kind = kind;
        response.source = pe_.id();
        response.destination = message.source;
        response.injected =
            message.due + memory_.serve_remote(message.address, message.size, access, message.due);
        response.size = message.size;
        response.address = message.address;
        response.value = value;
        send(response);
    };
    switch (message.kind) {
    case netsim::MessageKind::ReadRequest:
        reply(netsim::MessageKind::ReadResponse, read_memory(message.address, message.size));
        return;
    case netsim::MessageKind::WriteRequest:
        write_memory(message.address, message.size, message.value);
        reply(netsim::MessageKind::WriteAcknowledge, 0);
        return;
    case netsim::MessageKind::AtomicRequest:
        reply(netsim::MessageKind::AtomicResponse, apply_atomic(message));
        return;
    case netsim::MessageKind::ReadResponse:
    case netsim::MessageKind::AtomicResponse:
        if (!pending_) {
            throw std::logic_error("a response arrived for no request");
        }
        {
            const PendingResponse pending = *pending_;
            pending_.reset();
            if (pending.completion.step != nullptr) {
                pending.completion.step(hart, pending.access, pending.completion, message.value);
            }
        }
        hart.resume(message.due);
        return;
    case netsim::MessageKind::WriteAcknowledge:
        --outstanding_writes_;
        if (deferred_write_) {
            netsim::Message write = *deferred_write_;
            deferred_write_.reset();
            write.injected = message.due;
            ++outstanding_writes_;
            send(write);
            hart.resume(message.due);
        } else if (outstanding_writes_ == 0 && hart.suspended() &&
                   hart.suspend_cause() == StallCause::Fence) {
            hart.resume(message.due);
        }
        return;
    case netsim::MessageKind::Word:
        message_port_.take_word(message);
        return;
    case netsim::MessageKind::Credit:
        message_port_.take_credit(message);
        return;
    }
    throw std::logic_error(
        fmt::format("PE {} cannot take a {} message", pe_.id(), netsim::kind_name(message.kind)));
}

} // namespace xbemu
