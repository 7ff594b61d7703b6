#pragma once
// How an instruction reaches another PE's memory: it issues a remote access through its PE's
// port, and says with a completion step what it does with the value that comes back (gem5's
// initiateAcc and completeAcc). The functional transports complete an access before issue()
// returns; the cycle mode's network interface sends it as a message, suspends the hart, and
// completes it when the response arrives. So an extension's instruction is the same code in
// every timing mode and transport.

#include "xbemu/hart.hpp"
#include "xbemu/remote_atomic.hpp"
#include "xbemu/remote_memory.hpp"

#include <cstdint>

namespace xbemu {

enum class RemoteAccessKind : std::uint8_t {
    Read,
    Write,
    // Reads atomically with respect to every other PE's atomics, writing nothing (a
    // load-reserved).
    AtomicRead,
    Atomic,         // `operation` with `value` as the operand; returns the old value
    CompareAndSwap, // stores `desired` where memory holds `value`; returns the old value
};

struct RemoteAccess {
    RemoteAccessKind kind = RemoteAccessKind::Read;
    unsigned target = 0; // the PE
    std::uint64_t address = 0;
    unsigned size = 0; // 1, 2, 4 or 8 bytes; atomics 4 or 8, naturally aligned
    std::uint64_t value = 0;
    std::uint64_t desired = 0;
    RemoteAtomic operation = RemoteAtomic::Or;
};

// What the instruction does once the access's value is there (the value read, or the old value
// of an atomic; its low `size` bytes, zero-extended). `register_index` is the extension's to
// interpret (the destination register).
struct RemoteCompletion {
    using Step = void (*)(Hart& hart, const RemoteAccess& access,
                          const RemoteCompletion& completion, std::uint64_t value);
    Step step = nullptr; // loads and atomics have one; a store has nothing to complete
    std::uint8_t register_index = 0;
};

class RemoteAccessPort {
public:
    RemoteAccessPort(const RemoteAccessPort&) = delete;
    RemoteAccessPort& operator=(const RemoteAccessPort&) = delete;
    virtual ~RemoteAccessPort() = default;

    // Starts `access` for instruction `op` of `hart`, whose operands the extension has checked
    // (a known PE, an address inside its RAM). The completion runs before issue returns, or
    // later with the hart suspended until then (the cycle mode ends a block at every
    // instruction that may wait for the network).
    void issue(Hart& hart, const DecodedInstruction& op, const RemoteAccess& access,
               const RemoteCompletion& completion) {
        // A port that performs accesses at once does loads and stores, which xBGAS programs are
        // made of, here: inline in the instruction, as cheap as the transport's memory access.
        if (memory_ != nullptr) [[likely]] {
            if (access.kind == RemoteAccessKind::Read) {
                std::uint64_t value = 0;
                memory_->read(access.target, access.address, &value, access.size);
                completion.step(hart, access, completion, value);
                return;
            }
            if (access.kind == RemoteAccessKind::Write) {
                memory_->write(access.target, access.address, &access.value, access.size);
                hart.after_remote_write(access.target, access.address, access.size);
                return;
            }
        }
        issue_other(hart, op, access, completion);
    }
    // FENCE: every remote write issued so far completes before the hart goes on.
    virtual void fence(Hart& hart) = 0;

protected:
    // `memory`: where the port performs loads and stores at once, or nullptr when every access
    // goes to issue_other.
    explicit RemoteAccessPort(RemoteMemory* memory) : memory_(memory) {}
    // Every access issue() does not perform itself.
    virtual void issue_other(Hart& hart, const DecodedInstruction& op, const RemoteAccess& access,
                             const RemoteCompletion& completion) = 0;

private:
    RemoteMemory* memory_;
};

} // namespace xbemu
