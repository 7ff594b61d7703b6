#include "xbemu/remote_memory_access_port.hpp"

#include "xbemu/hart.hpp"

#include <stdexcept>

namespace xbemu {

namespace {

std::uint64_t truncate(std::uint64_t value, unsigned size) {
    return size >= 8 ? value : value & ((1ULL << (8 * size)) - 1);
}

std::uint64_t apply(RemoteAtomic operation, std::uint64_t old, std::uint64_t operand,
                    unsigned size) {
    return size == 4
               ? apply_remote_atomic<std::uint32_t>(operation, static_cast<std::uint32_t>(old),
                                                    static_cast<std::uint32_t>(operand))
               : apply_remote_atomic<std::uint64_t>(operation, old, operand);
}

} // namespace

void RemoteMemoryAccessPort::issue_other(Hart& hart, const DecodedInstruction&,
                                         const RemoteAccess& access,
                                         const RemoteCompletion& completion) {
    completion.step(hart, access, completion, perform_atomic(hart, access));
}

std::uint64_t RemoteMemoryAccessPort::perform_atomic(Hart& hart, const RemoteAccess& access) {
    switch (access.kind) {
    case RemoteAccessKind::AtomicRead:
        return truncate(
            memory_.fetch_and_op(access.target, access.address, access.size, RemoteAtomic::Or, 0),
            access.size);
    case RemoteAccessKind::Atomic: {
        const std::uint64_t operand = truncate(access.value, access.size);
        const std::uint64_t old =
            truncate(memory_.fetch_and_op(access.target, access.address, access.size,
                                          access.operation, operand),
                     access.size);
        hart.after_remote_write(access.target, access.address, access.size);
        // An atomic that leaves memory as it was (OR with 0, a swap of the same value) only
        // looks: a loop of it may be a wait (a lock's holder never releasing it).
        if (apply(access.operation, old, operand, access.size) != old) {
            hart.note_progress();
        }
        return old;
    }
    case RemoteAccessKind::CompareAndSwap: {
        const std::uint64_t expected = truncate(access.value, access.size);
        const std::uint64_t desired = truncate(access.desired, access.size);
        const std::uint64_t old = truncate(
            memory_.compare_and_swap(access.target, access.address, access.size, expected, desired),
            access.size);
        if (old == expected && desired != expected) {
            hart.note_progress();
        }
        hart.after_remote_write(access.target, access.address, access.size);
        return old;
    }
    case RemoteAccessKind::Read:
    case RemoteAccessKind::Write:
        break;
    }
    throw std::logic_error("a load or store left to the atomics' path");
}

void RemoteMemoryAccessPort::fence(Hart&) {
    memory_.complete();
}

} // namespace xbemu
