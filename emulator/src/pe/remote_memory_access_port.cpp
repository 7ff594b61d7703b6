#include "xbemu/remote_memory_access_port.hpp"

#include "xbemu/hart.hpp"

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

void RemoteMemoryAccessPort::issue(Hart& hart, const DecodedInstruction&,
                                   const RemoteAccess& access, const RemoteCompletion& completion) {
    std::uint64_t value = 0;
    switch (access.kind) {
    case RemoteAccessKind::Read:
        memory_.read(access.target, access.address, &value, access.size);
        break;
    case RemoteAccessKind::Write:
        memory_.write(access.target, access.address, &access.value, access.size);
        hart.after_remote_write(access.target, access.address, access.size);
        break;
    case RemoteAccessKind::AtomicRead:
        value = truncate(
            memory_.fetch_and_op(access.target, access.address, access.size, RemoteAtomic::Or, 0),
            access.size);
        break;
    case RemoteAccessKind::Atomic: {
        const std::uint64_t operand = truncate(access.value, access.size);
        value = truncate(memory_.fetch_and_op(access.target, access.address, access.size,
                                              access.operation, operand),
                         access.size);
        hart.after_remote_write(access.target, access.address, access.size);
        // An atomic that leaves memory as it was (OR with 0, a swap of the same value) only
        // looks: a loop of it may be a wait (a lock's holder never releasing it).
        if (apply(access.operation, value, operand, access.size) != value) {
            hart.note_progress();
        }
        break;
    }
    case RemoteAccessKind::CompareAndSwap: {
        const std::uint64_t expected = truncate(access.value, access.size);
        const std::uint64_t desired = truncate(access.desired, access.size);
        value = truncate(
            memory_.compare_and_swap(access.target, access.address, access.size, expected, desired),
            access.size);
        if (value == expected && desired != expected) {
            hart.note_progress();
        }
        hart.after_remote_write(access.target, access.address, access.size);
        break;
    }
    }
    if (completion.step != nullptr) {
        completion.step(hart, access, completion, value);
    }
}

void RemoteMemoryAccessPort::fence(Hart&) {
    memory_.complete();
}

} // namespace xbemu
