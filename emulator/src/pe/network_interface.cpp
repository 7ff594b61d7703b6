#include "xbemu/network_interface.hpp"

#include "xbemu/hart.hpp"
#include "xbemu/processing_element.hpp"

#include <cstring>
#include <fmt/format.h>
#include <stdexcept>

namespace xbemu {

namespace {

std::uint64_t sign_extend(std::uint64_t value, unsigned size) {
    if (size >= 8) {
        return value;
    }
    const unsigned shift = 64 - 8 * size;
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(value << shift) >> shift);
}

std::uint64_t truncate(std::uint64_t value, unsigned size) {
    return size >= 8 ? value : value & ((1ULL << (8 * size)) - 1);
}

} // namespace

NetworkInterface::NetworkInterface(ProcessingElement& pe, const MachineDescription& machine)
    : pe_(pe), machine_(machine), message_port_(*this, pe.id(), pe.pe_count(), machine) {}

netsim::Message NetworkInterface::request(netsim::MessageKind kind, unsigned target,
                                          std::uint64_t address, unsigned size, netsim::Cycle at) {
    netsim::Message message;
    message.kind = kind;
    message.source = pe_.id();
    message.destination = target;
    message.injected = at;
    message.address = address;
    message.size = static_cast<std::uint8_t>(size);
    return message;
}

void NetworkInterface::send(netsim::Message message) {
    message.sequence = sequence_++;
    if (message.destination == pe_.id()) {
        // This PE's own memory through its network interface: no network to cross. The hart
        // may be running: it must let the PE take the message when its cycle comes.
        message.due = message.injected;
        inbox_.push(message);
        pe_.hart(0).return_to_pe();
        return;
    }
    outbox_.push_back(message);
}

void NetworkInterface::wait_for_response(Hart& hart, StallCause cause,
                                         ResponseDestination destination, unsigned size) {
    pending_ = PendingResponse{destination, size, 0, 0};
    hart.suspend(cause);
}

void NetworkInterface::read(Hart& hart, unsigned target, std::uint64_t address, unsigned size,
                            ResponseDestination destination) {
    send(request(netsim::MessageKind::ReadRequest, target, address, size, hart.cycle()));
    wait_for_response(hart, StallCause::RemoteLoad, destination, size);
    pending_->target = target;
    pending_->address = address;
}

void NetworkInterface::write(Hart& hart, unsigned target, std::uint64_t address, unsigned size,
                             std::uint64_t value) {
    netsim::Message message =
        request(netsim::MessageKind::WriteRequest, target, address, size, hart.cycle());
    message.value = truncate(value, size);
    if (outstanding_writes_ < machine_.store_buffer_entries) {
        ++outstanding_writes_;
        send(message);
        return;
    }
    deferred_write_ = message;
    hart.suspend(StallCause::StoreBufferFull);
}

void NetworkInterface::atomic(Hart& hart, unsigned target, std::uint64_t address, unsigned size,
                              RemoteAtomic operation, std::uint64_t operand,
                              ResponseDestination destination) {
    netsim::Message message =
        request(netsim::MessageKind::AtomicRequest, target, address, size, hart.cycle());
    message.operation = static_cast<std::uint8_t>(operation);
    message.value = truncate(operand, size);
    send(message);
    wait_for_response(hart, StallCause::RemoteAtomic, destination, size);
    pending_->target = target;
    pending_->address = address;
}

void NetworkInterface::compare_and_swap(Hart& hart, unsigned target, std::uint64_t address,
                                        unsigned size, std::uint64_t expected,
                                        std::uint64_t desired, ResponseDestination destination) {
    netsim::Message message =
        request(netsim::MessageKind::AtomicRequest, target, address, size, hart.cycle());
    message.operation = netsim::kCompareAndSwap;
    message.value = truncate(expected, size);
    message.value2 = truncate(desired, size);
    send(message);
    wait_for_response(hart, StallCause::RemoteAtomic, destination, size);
    pending_->target = target;
    pending_->address = address;
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

void NetworkInterface::complete(const ResponseDestination& destination, std::uint64_t value) {
    Hart& hart = pe_.hart(0);
    const unsigned size = pending_->size;
    std::uint64_t result = destination.sign_extend ? sign_extend(value, size) : value;
    if (destination.store_conditional) {
        result = truncate(value, size) == truncate(destination.expected, size) ? 0 : 1;
    }
    if (destination.reserve) {
        hart.remote_reservation = {true, pending_->target, pending_->address, value};
    }
    if (destination.file == RegisterClass::Integer) {
        hart.x[destination.index] = result;
    } else if (destination.file == RegisterClass::Extended) {
        hart.e[destination.index] = result;
    }
}

void NetworkInterface::take(const netsim::Message& message) {
    Hart& hart = pe_.hart(0);
    if (CycleTrace* trace = pe_.trace()) {
        trace->message(message);
    }
    hart.forget_polling();
    const auto reply = [&](netsim::MessageKind kind, std::uint64_t value) {
        netsim::Message response;
        response.kind = kind;
        response.source = pe_.id();
        response.destination = message.source;
        response.injected = message.due + machine_.remote_service;
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
        complete(pending_->destination, message.value);
        pending_.reset();
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
