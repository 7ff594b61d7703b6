// RV64I, plus the machine-mode system instructions mret and wfi.

#include "isa/execute.hpp"
#include "xbemu/base_extensions.hpp"
#include "xbemu/hart.hpp"

#include <atomic>

namespace xbemu {

namespace {

using Op = DecodedInstruction;

std::uint64_t sext32(std::uint64_t value) {
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int32_t>(value)));
}
std::uint64_t imm(const Op& op) {
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(op.imm));
}
std::int64_t signed_value(std::uint64_t value) { return static_cast<std::int64_t>(value); }

template <bool (*condition)(std::uint64_t, std::uint64_t)>
void branch(Hart& hart, const Op& op) {
    if (condition(hart.x[op.rs1], hart.x[op.rs2])) {
        const std::uint64_t target = op.pc + imm(op);
        hart.check_jump_target(target, op);
        hart.next_pc = target;
    }
}

bool equal(std::uint64_t a, std::uint64_t b) { return a == b; }
bool not_equal(std::uint64_t a, std::uint64_t b) { return a != b; }
bool less(std::uint64_t a, std::uint64_t b) { return signed_value(a) < signed_value(b); }
bool greater_equal(std::uint64_t a, std::uint64_t b) { return signed_value(a) >= signed_value(b); }
bool less_unsigned(std::uint64_t a, std::uint64_t b) { return a < b; }
bool greater_equal_unsigned(std::uint64_t a, std::uint64_t b) { return a >= b; }

template <typename T> void load(Hart& hart, const Op& op) {
    using Extended = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    hart.x[op.rd] =
        static_cast<std::uint64_t>(static_cast<Extended>(hart.load<T>(hart.x[op.rs1] + imm(op))));
}

template <typename T> void store(Hart& hart, const Op& op) {
    hart.store<T>(hart.x[op.rs1] + imm(op), static_cast<T>(hart.x[op.rs2]));
}

void auipc(Hart& hart, const Op& op) { hart.x[op.rd] = op.pc + imm(op); }
void slti(Hart& hart, const Op& op) {
    hart.x[op.rd] = signed_value(hart.x[op.rs1]) < op.imm ? 1 : 0;
}
void sltiu(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] < imm(op) ? 1 : 0; }
void xori(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] ^ imm(op); }
void ori(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] | imm(op); }
void sll(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] << (hart.x[op.rs2] & 63); }
void slt(Hart& hart, const Op& op) {
    hart.x[op.rd] = signed_value(hart.x[op.rs1]) < signed_value(hart.x[op.rs2]) ? 1 : 0;
}
void sltu(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] < hart.x[op.rs2] ? 1 : 0; }
void srl(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] >> (hart.x[op.rs2] & 63); }
void sra(Hart& hart, const Op& op) {
    hart.x[op.rd] = static_cast<std::uint64_t>(signed_value(hart.x[op.rs1]) >> (hart.x[op.rs2] & 63));
}
void slliw(Hart& hart, const Op& op) {
    hart.x[op.rd] = sext32(static_cast<std::uint32_t>(hart.x[op.rs1]) << op.imm);
}
void srliw(Hart& hart, const Op& op) {
    hart.x[op.rd] = sext32(static_cast<std::uint32_t>(hart.x[op.rs1]) >> op.imm);
}
void sraiw(Hart& hart, const Op& op) {
    hart.x[op.rd] = sext32(static_cast<std::uint32_t>(static_cast<std::int32_t>(hart.x[op.rs1]) >> op.imm));
}
void sllw(Hart& hart, const Op& op) {
    hart.x[op.rd] = sext32(static_cast<std::uint32_t>(hart.x[op.rs1]) << (hart.x[op.rs2] & 31));
}
void srlw(Hart& hart, const Op& op) {
    hart.x[op.rd] = sext32(static_cast<std::uint32_t>(hart.x[op.rs1]) >> (hart.x[op.rs2] & 31));
}
void sraw(Hart& hart, const Op& op) {
    hart.x[op.rd] = sext32(static_cast<std::uint32_t>(static_cast<std::int32_t>(hart.x[op.rs1]) >>
                                                      (hart.x[op.rs2] & 31)));
}
// Every fence orders memory for the host too: other PEs may run on other host threads.
void fence(Hart&, const Op&) { std::atomic_thread_fence(std::memory_order_seq_cst); }
void ecall(Hart& hart, const Op& op) { hart.execute_ecall(op); }
void mret(Hart& hart, const Op& op) { hart.execute_mret(op); }
void wfi(Hart& hart, const Op& op) { hart.execute_wfi(op); }

using enum TimingClass;
constexpr std::uint8_t kEnds = kEndsBlock;

const InstructionDescriptor kInstructions[] = {
    {"lui", 0x00000037, 0x0000007f, &formats::upper, execute::lui, Alu},
    {"auipc", 0x00000017, 0x0000007f, &formats::upper, auipc, Alu},
    {"jal", 0x0000006f, 0x0000007f, &formats::jump, execute::jal, Jump, kEnds},
    {"jalr", 0x00000067, 0x0000707f, &formats::jump_register, execute::jalr, Jump, kEnds},
    {"beq", 0x00000063, 0x0000707f, &formats::branch, execute::beq, Branch, kEnds},
    {"bne", 0x00001063, 0x0000707f, &formats::branch, execute::bne, Branch, kEnds},
    {"blt", 0x00004063, 0x0000707f, &formats::branch, branch<less>, Branch, kEnds},
    {"bge", 0x00005063, 0x0000707f, &formats::branch, branch<greater_equal>, Branch, kEnds},
    {"bltu", 0x00006063, 0x0000707f, &formats::branch, branch<less_unsigned>, Branch, kEnds},
    {"bgeu", 0x00007063, 0x0000707f, &formats::branch, branch<greater_equal_unsigned>, Branch,
     kEnds},
    {"lb", 0x00000003, 0x0000707f, &formats::load, load<std::int8_t>, Load},
    {"lh", 0x00001003, 0x0000707f, &formats::load, load<std::int16_t>, Load},
    {"lw", 0x00002003, 0x0000707f, &formats::load, execute::lw, Load},
    {"ld", 0x00003003, 0x0000707f, &formats::load, execute::ld, Load},
    {"lbu", 0x00004003, 0x0000707f, &formats::load, load<std::uint8_t>, Load},
    {"lhu", 0x00005003, 0x0000707f, &formats::load, load<std::uint16_t>, Load},
    {"lwu", 0x00006003, 0x0000707f, &formats::load, load<std::uint32_t>, Load},
    {"sb", 0x00000023, 0x0000707f, &formats::store, store<std::uint8_t>, Store},
    {"sh", 0x00001023, 0x0000707f, &formats::store, store<std::uint16_t>, Store},
    {"sw", 0x00002023, 0x0000707f, &formats::store, execute::sw, Store},
    {"sd", 0x00003023, 0x0000707f, &formats::store, execute::sd, Store},
    {"addi", 0x00000013, 0x0000707f, &formats::i, execute::addi, Alu},
    {"slti", 0x00002013, 0x0000707f, &formats::i, slti, Alu},
    {"sltiu", 0x00003013, 0x0000707f, &formats::i, sltiu, Alu},
    {"xori", 0x00004013, 0x0000707f, &formats::i, xori, Alu},
    {"ori", 0x00006013, 0x0000707f, &formats::i, ori, Alu},
    {"andi", 0x00007013, 0x0000707f, &formats::i, execute::andi, Alu},
    {"slli", 0x00001013, 0xfc00707f, &formats::shift64, execute::slli, Alu},
    {"srli", 0x00005013, 0xfc00707f, &formats::shift64, execute::srli, Alu},
    {"srai", 0x40005013, 0xfc00707f, &formats::shift64, execute::srai, Alu},
    {"add", 0x00000033, 0xfe00707f, &formats::r, execute::add, Alu},
    {"sub", 0x40000033, 0xfe00707f, &formats::r, execute::sub, Alu},
    {"sll", 0x00001033, 0xfe00707f, &formats::r, sll, Alu},
    {"slt", 0x00002033, 0xfe00707f, &formats::r, slt, Alu},
    {"sltu", 0x00003033, 0xfe00707f, &formats::r, sltu, Alu},
    {"xor", 0x00004033, 0xfe00707f, &formats::r, execute::xor_, Alu},
    {"srl", 0x00005033, 0xfe00707f, &formats::r, srl, Alu},
    {"sra", 0x40005033, 0xfe00707f, &formats::r, sra, Alu},
    {"or", 0x00006033, 0xfe00707f, &formats::r, execute::or_, Alu},
    {"and", 0x00007033, 0xfe00707f, &formats::r, execute::and_, Alu},
    {"addiw", 0x0000001b, 0x0000707f, &formats::i, execute::addiw, Alu},
    {"slliw", 0x0000101b, 0xfe00707f, &formats::shift32, slliw, Alu},
    {"srliw", 0x0000501b, 0xfe00707f, &formats::shift32, srliw, Alu},
    {"sraiw", 0x4000501b, 0xfe00707f, &formats::shift32, sraiw, Alu},
    {"addw", 0x0000003b, 0xfe00707f, &formats::r, execute::addw, Alu},
    {"subw", 0x4000003b, 0xfe00707f, &formats::r, execute::subw, Alu},
    {"sllw", 0x0000103b, 0xfe00707f, &formats::r, sllw, Alu},
    {"srlw", 0x0000503b, 0xfe00707f, &formats::r, srlw, Alu},
    {"sraw", 0x4000503b, 0xfe00707f, &formats::r, sraw, Alu},
    {"fence", 0x0000000f, 0x0000707f, &formats::fence, fence, Fence},
    {"fence.tso", 0x8330000f, 0xfff0707f, &formats::none, fence, Fence},
    {"ecall", 0x00000073, 0xffffffff, &formats::none, ecall, System, kEnds},
    {"ebreak", 0x00100073, 0xffffffff, &formats::none, execute::ebreak, System, kEnds},
    {"mret", 0x30200073, 0xffffffff, &formats::none, mret, System, kEnds},
    {"wfi", 0x10500073, 0xffffffff, &formats::none, wfi, System, kEnds},
};

constexpr int kMisaI = 'I' - 'A';

} // namespace

namespace execute {

void lui(Hart& hart, const Op& op) { hart.x[op.rd] = imm(op); }
void addi(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] + imm(op); }
void addiw(Hart& hart, const Op& op) { hart.x[op.rd] = sext32(hart.x[op.rs1] + imm(op)); }
void andi(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] & imm(op); }
void slli(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] << op.imm; }
void srli(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] >> op.imm; }
void srai(Hart& hart, const Op& op) {
    hart.x[op.rd] = static_cast<std::uint64_t>(signed_value(hart.x[op.rs1]) >> op.imm);
}
void add(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] + hart.x[op.rs2]; }
void sub(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] - hart.x[op.rs2]; }
void xor_(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] ^ hart.x[op.rs2]; }
void or_(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] | hart.x[op.rs2]; }
void and_(Hart& hart, const Op& op) { hart.x[op.rd] = hart.x[op.rs1] & hart.x[op.rs2]; }
void addw(Hart& hart, const Op& op) { hart.x[op.rd] = sext32(hart.x[op.rs1] + hart.x[op.rs2]); }
void subw(Hart& hart, const Op& op) { hart.x[op.rd] = sext32(hart.x[op.rs1] - hart.x[op.rs2]); }
void jal(Hart& hart, const Op& op) {
    const std::uint64_t target = op.pc + imm(op);
    hart.check_jump_target(target, op);
    hart.x[op.rd] = op.pc + 4;
    hart.next_pc = target;
}
void jalr(Hart& hart, const Op& op) {
    const std::uint64_t target = (hart.x[op.rs1] + imm(op)) & ~1ULL;
    hart.check_jump_target(target, op);
    hart.x[op.rd] = op.pc + 4;
    hart.next_pc = target;
}
void beq(Hart& hart, const Op& op) { branch<equal>(hart, op); }
void bne(Hart& hart, const Op& op) { branch<not_equal>(hart, op); }
void lw(Hart& hart, const Op& op) { load<std::int32_t>(hart, op); }
void ld(Hart& hart, const Op& op) { load<std::uint64_t>(hart, op); }
void sw(Hart& hart, const Op& op) { store<std::uint32_t>(hart, op); }
void sd(Hart& hart, const Op& op) { store<std::uint64_t>(hart, op); }
void ebreak(Hart& hart, const Op& op) { hart.execute_ebreak(op); }

} // namespace execute

const Extension& extension_rv64i() {
    static const Extension extension{"i", kInstructions, kMisaI};
    return extension;
}

} // namespace xbemu
