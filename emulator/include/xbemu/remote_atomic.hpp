#pragma once
// The read-modify-write operations of remote atomics (xBGAS eamo*, and what a transport must
// provide), applied to a value of 4 or 8 bytes.

#include <algorithm>
#include <cstdint>
#include <type_traits>

namespace xbemu {

enum class RemoteAtomic : std::uint8_t {
    Add,
    Swap,
    Xor,
    Or,
    And,
    Min,
    Max,
    MinUnsigned,
    MaxUnsigned
};

template <typename T> T apply_remote_atomic(RemoteAtomic operation, T old, T operand) {
    static_assert(std::is_unsigned_v<T>);
    using Signed = std::make_signed_t<T>;
    switch (operation) {
    case RemoteAtomic::Add:
        return static_cast<T>(old + operand);
    case RemoteAtomic::Swap:
        return operand;
    case RemoteAtomic::Xor:
        return old ^ operand;
    case RemoteAtomic::Or:
        return old | operand;
    case RemoteAtomic::And:
        return old & operand;
    case RemoteAtomic::Min:
        return static_cast<Signed>(old) < static_cast<Signed>(operand) ? old : operand;
    case RemoteAtomic::Max:
        return static_cast<Signed>(old) > static_cast<Signed>(operand) ? old : operand;
    case RemoteAtomic::MinUnsigned:
        return std::min(old, operand);
    case RemoteAtomic::MaxUnsigned:
        return std::max(old, operand);
    }
    return old;
}

} // namespace xbemu
