// RV64I, plus the machine-mode system instructions mret and wfi.

#include "isa/execute.hpp"
#include "isa/measurement_hints.hpp"
#include "xbemu/base_extensions.hpp"
#include "xbemu/processing_element.hpp"
#include "xbemu/threaded_execution.hpp"

#include <atomic>

namespace xbemu {

namespace {

using namespace execute;

bool less(std::uint64_t a, std::uint64_t b) {
    return signed_value(a) < signed_value(b);
}
bool greater_equal(std::uint64_t a, std::uint64_t b) {
    return signed_value(a) >= signed_value(b);
}
bool less_unsigned(std::uint64_t a, std::uint64_t b) {
    return a < b;
}
bool greater_equal_unsigned(std::uint64_t a, std::uint64_t b) {
    return a >= b;
}

void auipc(Hart& hart, const Op& op) {
    hart.x[op.rd] = op.pc + imm(op);
}
void slti(Hart& hart, const Op& op) {
    hart.x[op.rd] = signed_value(hart.x[op.rs1]) < op.imm ? 1 : 0;
}
void sltiu(Hart& hart, const Op& op) {
    hart.x[op.rd] = hart.x[op.rs1] < imm(op) ? 1 : 0;
}
void xori(Hart& hart, const Op& op) {
    hart.x[op.rd] = hart.x[op.rs1] ^ imm(op);
}
void ori(Hart& hart, const Op& op) {
    hart.x[op.rd] = hart.x[op.rs1] | imm(op);
}
void sll(Hart& hart, const Op& op) {
    hart.x[op.rd] = hart.x[op.rs1] << (hart.x[op.rs2] & 63);
}
void slt(Hart& hart, const Op& op) {
    hart.x[op.rd] = signed_value(hart.x[op.rs1]) < signed_value(hart.x[op.rs2]) ? 1 : 0;
}
void sltu(Hart& hart, const Op& op) {
    hart.x[op.rd] = hart.x[op.rs1] < hart.x[op.rs2] ? 1 : 0;
}
void srl(Hart& hart, const Op& op) {
    hart.x[op.rd] = hart.x[op.rs1] >> (hart.x[op.rs2] & 63);
}
void sra(Hart& hart, const Op& op) {
    hart.x[op.rd] =
        static_cast<std::uint64_t>(signed_value(hart.x[op.rs1]) >> (hart.x[op.rs2] & 63));
}
void slliw(Hart& hart, const Op& op) {
    hart.x[op.rd] = sext32(static_cast<std::uint32_t>(hart.x[op.rs1]) << op.imm);
}
void srliw(Hart& hart, const Op& op) {
    hart.x[op.rd] = sext32(static_cast<std::uint32_t>(hart.x[op.rs1]) >> op.imm);
}
void sraiw(Hart& hart, const Op& op) {
    hart.x[op.rd] =
        sext32(static_cast<std::uint32_t>(static_cast<std::int32_t>(hart.x[op.rs1]) >> op.imm));
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
// A fence completes the hart's outstanding remote stores and orders memory for the host too:
// other PEs may run on other host threads or processes. In the cycle timing mode it waits for
// the stores' acknowledgements.
void fence(Hart& hart, const Op&) {
    hart.pe().remote_access().fence(hart);
}
void ecall(Hart& hart, const Op& op) {
    hart.execute_ecall(op);
}
void mret(Hart& hart, const Op& op) {
    hart.execute_mret(op);
}
void wfi(Hart& hart, const Op& op) {
    hart.execute_wfi(op);
}

using enum TimingClass;
constexpr std::uint8_t kEnds = kEndsBlock;

const InstructionDescriptor kInstructions[] = {
    {"lui", 0x00000037, 0x0000007f, &formats::upper, threaded<execute::lui>, Alu},
    {"auipc", 0x00000017, 0x0000007f, &formats::upper, threaded<auipc>, Alu},
    {"jal", 0x0000006f, 0x0000007f, &formats::jump, threaded<execute::jal>, Jump, kEnds},
    {"jalr", 0x00000067, 0x0000707f, &formats::jump_register, threaded<execute::jalr>, Jump, kEnds},
    {"beq", 0x00000063, 0x0000707f, &formats::branch, threaded<execute::beq>, Branch, kEnds},
    {"bne", 0x00001063, 0x0000707f, &formats::branch, threaded<execute::bne>, Branch, kEnds},
    {"blt", 0x00004063, 0x0000707f, &formats::branch, threaded<branch<less>>, Branch, kEnds},
    {"bge", 0x00005063, 0x0000707f, &formats::branch, threaded<branch<greater_equal>>, Branch,
     kEnds},
    {"bltu", 0x00006063, 0x0000707f, &formats::branch, threaded<branch<less_unsigned>>, Branch,
     kEnds},
    {"bgeu", 0x00007063, 0x0000707f, &formats::branch, threaded<branch<greater_equal_unsigned>>,
     Branch, kEnds},
    {"lb", 0x00000003, 0x0000707f, &formats::load, execute::lb, Load},
    {"lh", 0x00001003, 0x0000707f, &formats::load, execute::lh, Load},
    {"lw", 0x00002003, 0x0000707f, &formats::load, execute::lw, Load},
    {"ld", 0x00003003, 0x0000707f, &formats::load, execute::ld, Load},
    {"lbu", 0x00004003, 0x0000707f, &formats::load, execute::lbu, Load},
    {"lhu", 0x00005003, 0x0000707f, &formats::load, execute::lhu, Load},
    {"lwu", 0x00006003, 0x0000707f, &formats::load, execute::lwu, Load},
    {"sb", 0x00000023, 0x0000707f, &formats::store, execute::sb, Store},
    {"sh", 0x00001023, 0x0000707f, &formats::store, execute::sh, Store},
    {"sw", 0x00002023, 0x0000707f, &formats::store, execute::sw, Store},
    {"sd", 0x00003023, 0x0000707f, &formats::store, execute::sd, Store},
    {"addi", 0x00000013, 0x0000707f, &formats::i, threaded<execute::addi>, Alu},
    {"slti", 0x00002013, 0x0000707f, &formats::i, threaded<slti>, Alu},
    // HINTs inside slti's encodings (rd = x0): guest-lib/include/xbemu.h, docs/measuring.md.
    {"xbemu.roi_begin", measurement_hints::kRoiBegin, 0xffffffff, &formats::none,
     threaded<measurement_hints::roi_begin>, System, kEnds},
    {"xbemu.roi_end", measurement_hints::kRoiEnd, 0xffffffff, &formats::none,
     threaded<measurement_hints::roi_end>, System, kEnds},
    {"xbemu.stats_reset", measurement_hints::kStatsReset, 0xffffffff, &formats::none,
     threaded<measurement_hints::stats_reset>, System, kEnds},
    {"xbemu.stats_dump", measurement_hints::kStatsDump, 0xffffffff, &formats::none,
     threaded<measurement_hints::stats_dump>, System, kEnds},
    {"xbemu.checkpoint", measurement_hints::kCheckpoint, 0xffffffff, &formats::none,
     threaded<measurement_hints::checkpoint>, System, kEnds},
    {"sltiu", 0x00003013, 0x0000707f, &formats::i, threaded<sltiu>, Alu},
    {"xori", 0x00004013, 0x0000707f, &formats::i, threaded<xori>, Alu},
    {"ori", 0x00006013, 0x0000707f, &formats::i, threaded<ori>, Alu},
    {"andi", 0x00007013, 0x0000707f, &formats::i, threaded<execute::andi>, Alu},
    {"slli", 0x00001013, 0xfc00707f, &formats::shift64, threaded<execute::slli>, Alu},
    {"srli", 0x00005013, 0xfc00707f, &formats::shift64, threaded<execute::srli>, Alu},
    {"srai", 0x40005013, 0xfc00707f, &formats::shift64, threaded<execute::srai>, Alu},
    {"add", 0x00000033, 0xfe00707f, &formats::r, threaded<execute::add>, Alu},
    {"sub", 0x40000033, 0xfe00707f, &formats::r, threaded<execute::sub>, Alu},
    {"sll", 0x00001033, 0xfe00707f, &formats::r, threaded<sll>, Alu},
    {"slt", 0x00002033, 0xfe00707f, &formats::r, threaded<slt>, Alu},
    {"sltu", 0x00003033, 0xfe00707f, &formats::r, threaded<sltu>, Alu},
    {"xor", 0x00004033, 0xfe00707f, &formats::r, threaded<execute::xor_>, Alu},
    {"srl", 0x00005033, 0xfe00707f, &formats::r, threaded<srl>, Alu},
    {"sra", 0x40005033, 0xfe00707f, &formats::r, threaded<sra>, Alu},
    {"or", 0x00006033, 0xfe00707f, &formats::r, threaded<execute::or_>, Alu},
    {"and", 0x00007033, 0xfe00707f, &formats::r, threaded<execute::and_>, Alu},
    {"addiw", 0x0000001b, 0x0000707f, &formats::i, threaded<execute::addiw>, Alu},
    {"slliw", 0x0000101b, 0xfe00707f, &formats::shift32, threaded<slliw>, Alu},
    {"srliw", 0x0000501b, 0xfe00707f, &formats::shift32, threaded<srliw>, Alu},
    {"sraiw", 0x4000501b, 0xfe00707f, &formats::shift32, threaded<sraiw>, Alu},
    {"addw", 0x0000003b, 0xfe00707f, &formats::r, threaded<execute::addw>, Alu},
    {"subw", 0x4000003b, 0xfe00707f, &formats::r, threaded<execute::subw>, Alu},
    {"sllw", 0x0000103b, 0xfe00707f, &formats::r, threaded<sllw>, Alu},
    {"srlw", 0x0000503b, 0xfe00707f, &formats::r, threaded<srlw>, Alu},
    {"sraw", 0x4000503b, 0xfe00707f, &formats::r, threaded<sraw>, Alu},
    {"fence", 0x0000000f, 0x0000707f, &formats::fence, threaded<fence>, Fence},
    {"fence.tso", 0x8330000f, 0xfff0707f, &formats::none, threaded<fence>, Fence},
    {"ecall", 0x00000073, 0xffffffff, &formats::none, threaded<ecall>, System, kEnds},
    {"ebreak", 0x00100073, 0xffffffff, &formats::none, threaded<execute::ebreak>, System, kEnds},
    {"mret", 0x30200073, 0xffffffff, &formats::none, threaded<mret>, System, kEnds},
    {"wfi", 0x10500073, 0xffffffff, &formats::none, threaded<wfi>, System, kEnds},
};

constexpr int kMisaI = 'I' - 'A';

} // namespace

const Extension& extension_rv64i() {
    static const Extension extension{"i", kInstructions, kMisaI};
    return extension;
}

} // namespace xbemu
