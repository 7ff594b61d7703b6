// A: load-reserved/store-conditional and atomic memory operations, atomic on the host too so
// that other PEs' accesses (other host threads) see them indivisible.

#include "xbemu/base_extensions.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/threaded_execution.hpp"

#include <algorithm>

namespace xbemu {

namespace {

using Op = DecodedInstruction;

template <typename T> std::uint64_t extend(T value) {
    using Signed = std::make_signed_t<T>;
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<Signed>(value)));
}

template <typename T, T (*combine)(T old, T operand)> void amo(Hart& h, const Op& op) {
    const auto operand = static_cast<T>(h.x[op.rs2]);
    const T old = h.atomic_read_modify_write<T>(
        h.x[op.rs1], op, [operand](T value) { return combine(value, operand); });
    h.x[op.rd] = extend(old);
}

template <typename T> T swap(T, T operand) {
    return operand;
}
template <typename T> T add(T old, T operand) {
    return static_cast<T>(old + operand);
}
template <typename T> T bit_xor(T old, T operand) {
    return old ^ operand;
}
template <typename T> T bit_and(T old, T operand) {
    return old & operand;
}
template <typename T> T bit_or(T old, T operand) {
    return old | operand;
}
template <typename T> T minimum(T old, T operand) {
    using Signed = std::make_signed_t<T>;
    return static_cast<Signed>(old) < static_cast<Signed>(operand) ? old : operand;
}
template <typename T> T maximum(T old, T operand) {
    using Signed = std::make_signed_t<T>;
    return static_cast<Signed>(old) > static_cast<Signed>(operand) ? old : operand;
}
template <typename T> T minimum_unsigned(T old, T operand) {
    return std::min(old, operand);
}
template <typename T> T maximum_unsigned(T old, T operand) {
    return std::max(old, operand);
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
    {"amoswap.w", 0x0800202f, kMask, &formats::amo, threaded<amo<W, swap<W>>>, Atomic},
    {"amoadd.w", 0x0000202f, kMask, &formats::amo, threaded<amo<W, add<W>>>, Atomic},
    {"amoxor.w", 0x2000202f, kMask, &formats::amo, threaded<amo<W, bit_xor<W>>>, Atomic},
    {"amoand.w", 0x6000202f, kMask, &formats::amo, threaded<amo<W, bit_and<W>>>, Atomic},
    {"amoor.w", 0x4000202f, kMask, &formats::amo, threaded<amo<W, bit_or<W>>>, Atomic},
    {"amomin.w", 0x8000202f, kMask, &formats::amo, threaded<amo<W, minimum<W>>>, Atomic},
    {"amomax.w", 0xa000202f, kMask, &formats::amo, threaded<amo<W, maximum<W>>>, Atomic},
    {"amominu.w", 0xc000202f, kMask, &formats::amo, threaded<amo<W, minimum_unsigned<W>>>, Atomic},
    {"amomaxu.w", 0xe000202f, kMask, &formats::amo, threaded<amo<W, maximum_unsigned<W>>>, Atomic},
    {"lr.d", 0x1000302f, kLoadReservedMask, &formats::load_reserved, threaded<load_reserved<D>>,
     Atomic},
    {"sc.d", 0x1800302f, kMask, &formats::amo, threaded<store_conditional<D>>, Atomic},
    {"amoswap.d", 0x0800302f, kMask, &formats::amo, threaded<amo<D, swap<D>>>, Atomic},
    {"amoadd.d", 0x0000302f, kMask, &formats::amo, threaded<amo<D, add<D>>>, Atomic},
    {"amoxor.d", 0x2000302f, kMask, &formats::amo, threaded<amo<D, bit_xor<D>>>, Atomic},
    {"amoand.d", 0x6000302f, kMask, &formats::amo, threaded<amo<D, bit_and<D>>>, Atomic},
    {"amoor.d", 0x4000302f, kMask, &formats::amo, threaded<amo<D, bit_or<D>>>, Atomic},
    {"amomin.d", 0x8000302f, kMask, &formats::amo, threaded<amo<D, minimum<D>>>, Atomic},
    {"amomax.d", 0xa000302f, kMask, &formats::amo, threaded<amo<D, maximum<D>>>, Atomic},
    {"amominu.d", 0xc000302f, kMask, &formats::amo, threaded<amo<D, minimum_unsigned<D>>>, Atomic},
    {"amomaxu.d", 0xe000302f, kMask, &formats::amo, threaded<amo<D, maximum_unsigned<D>>>, Atomic},
};

} // namespace

const Extension& extension_rv64a() {
    static const Extension extension{"a", kInstructions, 'A' - 'A'};
    return extension;
}

} // namespace xbemu
