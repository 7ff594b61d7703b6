// A: load-reserved/store-conditional and atomic memory operations, atomic on the host too so
// that other PEs' accesses (other host threads) see them indivisible.

#include "xbemu/base_extensions.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/remote_atomic.hpp"
#include "xbemu/threaded_execution.hpp"

namespace xbemu {

namespace {

using Op = DecodedInstruction;

template <typename T> std::uint64_t extend(T value) {
    using Signed = std::make_signed_t<T>;
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<Signed>(value)));
}

template <typename T, RemoteAtomic operation> void amo(Hart& h, const Op& op) {
    const auto operand = static_cast<T>(h.x[op.rs2]);
    const T old = h.atomic_read_modify_write<T>(h.x[op.rs1], op, [operand](T value) {
        return apply_remote_atomic(operation, value, operand);
    });
    h.x[op.rd] = extend(old);
}

template <typename T> void load_reserved(Hart& h, const Op& op) {
    h.x[op.rd] = extend(h.load_reserved<T>(h.x[op.rs1], op));
}
template <typename T> void store_conditional(Hart& h, const Op& op) {
    h.x[op.rd] = h.store_conditional<T>(h.x[op.rs1], static_cast<T>(h.x[op.rs2]), op) ? 0 : 1;
}

using W = std::uint32_t;
using D = std::uint64_t;
using enum TimingClass;
constexpr std::uint32_t kMask = 0xf800707f;
constexpr std::uint32_t kLoadReservedMask = 0xf9f0707f;

const InstructionDescriptor kInstructions[] = {
    {"lr.w", 0x1000202f, kLoadReservedMask, &formats::load_reserved, threaded<load_reserved<W>>,
     Atomic},
    {"sc.w", 0x1800202f, kMask, &formats::amo, threaded<store_conditional<W>>, Atomic},
    {"amoswap.w", 0x0800202f, kMask, &formats::amo, threaded<amo<W, RemoteAtomic::Swap>>, Atomic},
    {"amoadd.w", 0x0000202f, kMask, &formats::amo, threaded<amo<W, RemoteAtomic::Add>>, Atomic},
    {"amoxor.w", 0x2000202f, kMask, &formats::amo, threaded<amo<W, RemoteAtomic::Xor>>, Atomic},
    {"amoand.w", 0x6000202f, kMask, &formats::amo, threaded<amo<W, RemoteAtomic::And>>, Atomic},
    {"amoor.w", 0x4000202f, kMask, &formats::amo, threaded<amo<W, RemoteAtomic::Or>>, Atomic},
    {"amomin.w", 0x8000202f, kMask, &formats::amo, threaded<amo<W, RemoteAtomic::Min>>, Atomic},
    {"amomax.w", 0xa000202f, kMask, &formats::amo, threaded<amo<W, RemoteAtomic::Max>>, Atomic},
    {"amominu.w", 0xc000202f, kMask, &formats::amo, threaded<amo<W, RemoteAtomic::MinUnsigned>>,
     Atomic},
    {"amomaxu.w", 0xe000202f, kMask, &formats::amo, threaded<amo<W, RemoteAtomic::MaxUnsigned>>,
     Atomic},
    {"lr.d", 0x1000302f, kLoadReservedMask, &formats::load_reserved, threaded<load_reserved<D>>,
     Atomic},
    {"sc.d", 0x1800302f, kMask, &formats::amo, threaded<store_conditional<D>>, Atomic},
    {"amoswap.d", 0x0800302f, kMask, &formats::amo, threaded<amo<D, RemoteAtomic::Swap>>, Atomic},
    {"amoadd.d", 0x0000302f, kMask, &formats::amo, threaded<amo<D, RemoteAtomic::Add>>, Atomic},
    {"amoxor.d", 0x2000302f, kMask, &formats::amo, threaded<amo<D, RemoteAtomic::Xor>>, Atomic},
    {"amoand.d", 0x6000302f, kMask, &formats::amo, threaded<amo<D, RemoteAtomic::And>>, Atomic},
    {"amoor.d", 0x4000302f, kMask, &formats::amo, threaded<amo<D, RemoteAtomic::Or>>, Atomic},
    {"amomin.d", 0x8000302f, kMask, &formats::amo, threaded<amo<D, RemoteAtomic::Min>>, Atomic},
    {"amomax.d", 0xa000302f, kMask, &formats::amo, threaded<amo<D, RemoteAtomic::Max>>, Atomic},
    {"amominu.d", 0xc000302f, kMask, &formats::amo, threaded<amo<D, RemoteAtomic::MinUnsigned>>,
     Atomic},
    {"amomaxu.d", 0xe000302f, kMask, &formats::amo, threaded<amo<D, RemoteAtomic::MaxUnsigned>>,
     Atomic},
};

} // namespace

const Extension& extension_rv64a() {
    static const Extension extension{"a", kInstructions, 'A' - 'A'};
    return extension;
}

} // namespace xbemu
