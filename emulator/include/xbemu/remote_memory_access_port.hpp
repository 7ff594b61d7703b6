#pragma once
// The functional timing mode's remote-access port: the access takes effect at once on the
// target's memory through RemoteMemory (the transport's: mapped RAM, one-sided MPI), and the
// completion runs before issue() returns.

#include "xbemu/remote_access_port.hpp"
#include "xbemu/remote_memory.hpp"

namespace xbemu {

class RemoteMemoryAccessPort final : public RemoteAccessPort {
public:
    explicit RemoteMemoryAccessPort(RemoteMemory& memory) : memory_(memory) {}

    void issue(Hart& hart, const DecodedInstruction& op, const RemoteAccess& access,
               const RemoteCompletion& completion) override;
    void fence(Hart& hart) override;

private:
    RemoteMemory& memory_;
};

} // namespace xbemu
