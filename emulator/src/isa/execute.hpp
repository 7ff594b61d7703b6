#pragma once
// Instruction bodies shared between tables: compressed instructions run the bodies of the
// 32-bit instructions they expand to. Defined here so that every table's threaded<> wrapper
// inlines them.

#include "xbemu/hart.hpp"
#include "xbemu/threaded_execution.hpp"

namespace xbemu::execute {

using Op = DecodedInstruction;

inline std::uint64_t sext32(std::uint64_t value) {
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int32_t>(value)));
}
inline std::uint64_t imm(const Op& op) {
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(op.imm));
}
inline std::int64_t signed_value(std::uint64_t value) {
    return static_cast<std::int64_t>(value);
}

template <bool (*condition)(std::uint64_t, std::uint64_t)> void branch(Hart& hart, const Op& op) {
    if (condition(hart.x[op.rs1], hart.x[op.rs2])) {
        const std::uint64_t target = op.pc + imm(op);
        hart.check_jump_target(target, op);
        hart.next_pc = target;
    }
}
inline bool equal(std::uint64_t a, std::uint64_t b) {
    return a == b;
}
inline bool not_equal(std::uint64_t a, std::uint64_t b) {
    return a != b;
}

// Loads and stores are complete threaded handlers rather than threaded<> bodies: their general
// path (devices, faults, watched pages) runs out of line and continues the block from there,
// so the fast path needs no stack frame.
template <typename T> void write_integer(Hart& hart, const Op& op, T value) {
    using Extended = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    hart.x[op.rd] = static_cast<std::uint64_t>(static_cast<Extended>(value));
}
inline void write_single(Hart& hart, const Op& op, std::uint32_t value) {
    hart.write_single(op.rd, value);
}
inline void write_double(Hart& hart, const Op& op, std::uint64_t value) {
    hart.write_double(op.rd, value);
}
template <typename T> T read_integer(const Hart& hart, const Op& op) {
    return static_cast<T>(hart.x[op.rs2]);
}
// fsw stores the low 32 bits of the register as they are, boxed or not.
inline std::uint32_t read_single(const Hart& hart, const Op& op) {
    return static_cast<std::uint32_t>(hart.f[op.rs2]);
}
inline std::uint64_t read_double(const Hart& hart, const Op& op) {
    return hart.f[op.rs2];
}

template <typename T, void (*write)(Hart&, const Op&, T)>
[[gnu::noinline]] void load_general(Hart& hart, const Op& op, std::uint64_t address) {
    write(hart, op, hart.load<T>(address, op));
    continue_block(hart, op);
}
template <typename T, void (*write)(Hart&, const Op&, T)> void load(Hart& hart, const Op& op) {
    const std::uint64_t address = hart.x[op.rs1] + imm(op);
    T value;
    if (hart.try_load(address, value)) [[likely]] {
        write(hart, op, value);
        return continue_block(hart, op);
    }
    return load_general<T, write>(hart, op, address);
}

template <typename T, T (*read)(const Hart&, const Op&)>
[[gnu::noinline]] void store_general(Hart& hart, const Op& op, std::uint64_t address, T value) {
    hart.store<T>(address, value, op);
    continue_block(hart, op);
}
template <typename T, T (*read)(const Hart&, const Op&)> void store(Hart& hart, const Op& op) {
    const std::uint64_t address = hart.x[op.rs1] + imm(op);
    const T value = read(hart, op);
    if (hart.try_store(address, value)) [[likely]] {
        return continue_block(hart, op);
    }
    return store_general<T, read>(hart, op, address, value);
}

inline void lui(Hart& hart, const Op& op) {
    hart.x[op.rd] = imm(op);
}
inline void addi(Hart& hart, const Op& op) {
    hart.x[op.rd] = hart.x[op.rs1] + imm(op);
}
inline void addiw(Hart& hart, const Op& op) {
    hart.x[op.rd] = sext32(hart.x[op.rs1] + imm(op));
}
inline void andi(Hart& hart, const Op& op) {
    hart.x[op.rd] = hart.x[op.rs1] & imm(op);
}
inline void slli(Hart& hart, const Op& op) {
    hart.x[op.rd] = hart.x[op.rs1] << op.imm;
}
inline void srli(Hart& hart, const Op& op) {
    hart.x[op.rd] = hart.x[op.rs1] >> op.imm;
}
inline void srai(Hart& hart, const Op& op) {
    hart.x[op.rd] = static_cast<std::uint64_t>(signed_value(hart.x[op.rs1]) >> op.imm);
}
inline void add(Hart& hart, const Op& op) {
    hart.x[op.rd] = hart.x[op.rs1] + hart.x[op.rs2];
}
inline void sub(Hart& hart, const Op& op) {
    hart.x[op.rd] = hart.x[op.rs1] - hart.x[op.rs2];
}
inline void xor_(Hart& hart, const Op& op) {
    hart.x[op.rd] = hart.x[op.rs1] ^ hart.x[op.rs2];
}
inline void or_(Hart& hart, const Op& op) {
    hart.x[op.rd] = hart.x[op.rs1] | hart.x[op.rs2];
}
inline void and_(Hart& hart, const Op& op) {
    hart.x[op.rd] = hart.x[op.rs1] & hart.x[op.rs2];
}
inline void addw(Hart& hart, const Op& op) {
    hart.x[op.rd] = sext32(hart.x[op.rs1] + hart.x[op.rs2]);
}
inline void subw(Hart& hart, const Op& op) {
    hart.x[op.rd] = sext32(hart.x[op.rs1] - hart.x[op.rs2]);
}
inline void jal(Hart& hart, const Op& op) {
    const std::uint64_t target = op.pc + imm(op);
    hart.check_jump_target(target, op);
    hart.x[op.rd] = op.pc + 4;
    hart.next_pc = target;
}
inline void jalr(Hart& hart, const Op& op) {
    const std::uint64_t target = (hart.x[op.rs1] + imm(op)) & ~1ULL;
    hart.check_jump_target(target, op);
    hart.x[op.rd] = op.pc + 4;
    hart.next_pc = target;
}
inline void beq(Hart& hart, const Op& op) {
    branch<equal>(hart, op);
}
inline void bne(Hart& hart, const Op& op) {
    branch<not_equal>(hart, op);
}
inline void ebreak(Hart& hart, const Op& op) {
    hart.execute_ebreak(op);
}

inline constexpr ExecuteFn lb = load<std::int8_t, write_integer<std::int8_t>>;
inline constexpr ExecuteFn lh = load<std::int16_t, write_integer<std::int16_t>>;
inline constexpr ExecuteFn lw = load<std::int32_t, write_integer<std::int32_t>>;
inline constexpr ExecuteFn ld = load<std::uint64_t, write_integer<std::uint64_t>>;
inline constexpr ExecuteFn lbu = load<std::uint8_t, write_integer<std::uint8_t>>;
inline constexpr ExecuteFn lhu = load<std::uint16_t, write_integer<std::uint16_t>>;
inline constexpr ExecuteFn lwu = load<std::uint32_t, write_integer<std::uint32_t>>;
inline constexpr ExecuteFn flw = load<std::uint32_t, write_single>;
inline constexpr ExecuteFn fld = load<std::uint64_t, write_double>;
inline constexpr ExecuteFn sb = store<std::uint8_t, read_integer<std::uint8_t>>;
inline constexpr ExecuteFn sh = store<std::uint16_t, read_integer<std::uint16_t>>;
inline constexpr ExecuteFn sw = store<std::uint32_t, read_integer<std::uint32_t>>;
inline constexpr ExecuteFn sd = store<std::uint64_t, read_integer<std::uint64_t>>;
inline constexpr ExecuteFn fsw = store<std::uint32_t, read_single>;
inline constexpr ExecuteFn fsd = store<std::uint64_t, read_double>;

} // namespace xbemu::execute
