#pragma once
// The functional timing mode's remote-access port: the access takes effect at once on the
// target's memory through RemoteMemory (the transport's: mapped RAM, one-sided MPI), and the
// completion runs before issue() returns.

#include "xbemu/remote_access_port.hpp"
#include "xbemu/remote_memory.hpp"

namespace xbemu {

class RemoteMemoryAccessPort final : public RemoteAccessPort {
public:
    explicit RemoteMemoryAccessPort(RemoteMemory& memory)
        : RemoteAccessPort(&memory), memory_(memory) {}

    void fence(Hart& hart) override;

private:
    // The atomics (loads and stores are RemoteAccessPort::issue's).
    void issue_other(Hart& hart, const DecodedInstruction& op, const RemoteAccess& access,
                     const RemoteCompletion& completion) override;
    // Performs an atomic access; its old value.
    std::uint64_t perform_atomic(Hart& hart, const RemoteAccess& access);

    RemoteMemory& memory_;
};

} // namespace xbemu
