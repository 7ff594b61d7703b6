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
inline std::int64_t signed_value(std::uint64_t value) { return static_cast<std::int64_t>(value); }

template <bool (*condition)(std::uint64_t, std::uint64_t)> void branch(Hart& hart, const Op& op) {
    if (condition(hart.x[op.rs1], hart.x[op.rs2])) {
        const std::uint64_t target = op.pc + imm(op);
        hart.check_jump_target(target, op);
        hart.next_pc = target;
    }
}
inline bool equal(std::uint64_t a, std::uint64_t b) { return a == b; }
inline bool not_equal(std::uint64_t a, std::uint64_t b) { return a != b; }

template <typename T> void load(Hart& hart, const Op& op) {
    using Extended = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    hart.x[op.rd] = static_cast<std::uint64_t>(
        static_cast<Extended>(hart.load<T>(hart.x[op.rs1] + imm(op), op)));
}
template <typename T> void store(Hart& hart, const Op& op) {
    hart.store<T>(hart.x[op.rs1] + imm(op), static_cast<T>(hart.x[op.rs2]), op);
}

inline void lui(Hart& hart, const Op& op) { hart.x[op.rd] = imm(op); }
inline void addi(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] + imm(op); }
inline void addiw(Hart& hart, const Op& op) { hart.x[op.rd] = sext32(hart.x[op.rs1] + imm(op)); }
inline void andi(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] & imm(op); }
inline void slli(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] << op.imm; }
inline void srli(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] >> op.imm; }
inline void srai(Hart& hart, const Op& op) {
    hart.x[op.rd] = static_cast<std::uint64_t>(signed_value(hart.x[op.rs1]) >> op.imm);
}
inline void add(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] + hart.x[op.rs2]; }
inline void sub(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] - hart.x[op.rs2]; }
inline void xor_(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] ^ hart.x[op.rs2]; }
inline void or_(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] | hart.x[op.rs2]; }
inline void and_(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] & hart.x[op.rs2]; }
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
inline void beq(Hart& hart, const Op& op) { branch<equal>(hart, op); }
inline void bne(Hart& hart, const Op& op) { branch<not_equal>(hart, op); }
inline void lw(Hart& hart, const Op& op) { load<std::int32_t>(hart, op); }
inline void ld(Hart& hart, const Op& op) { load<std::uint64_t>(hart, op); }
inline void sw(Hart& hart, const Op& op) { store<std::uint32_t>(hart, op); }
inline void sd(Hart& hart, const Op& op) { store<std::uint64_t>(hart, op); }
inline void ebreak(Hart& hart, const Op& op) { hart.execute_ebreak(op); }
inline void fld(Hart& hart, const Op& op) {
    hart.write_double(op.rd, hart.load<std::uint64_t>(hart.x[op.rs1] + imm(op), op));
}
inline void fsd(Hart& hart, const Op& op) {
    hart.store<std::uint64_t>(hart.x[op.rs1] + imm(op), hart.f[op.rs2], op);
}

} // namespace xbemu::execute
