// The C extension as Zca (integer) and Zcd (double-precision loads/stores): each compressed
// instruction decodes to the operands of its 32-bit expansion and runs that instruction's
// execute function.

#include "isa/execute.hpp"
#include "xbemu/base_extensions.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/threaded_execution.hpp"

namespace xbemu {

namespace {

using Op = DecodedInstruction;

// c.jalr links to the next 2-byte instruction, unlike jalr.
void c_jalr(Hart& h, const Op& op) {
    const std::uint64_t target = h.x[op.rs1] & ~1ULL;
    h.x[op.rd] = op.pc + 2;
    h.next_pc = target;
}

using enum TimingClass;
constexpr std::uint8_t kEnds = kEndsBlock;
constexpr std::uint8_t kFp = kFloatingPoint;
constexpr std::uint32_t kQuadrant = 0xe003;
constexpr std::uint32_t kArith = 0xfc63;
constexpr std::uint32_t kShiftAndi = 0xec03;

const InstructionDescriptor kIntegerInstructions[] = {
    {"c.addi4spn", 0x0000, kQuadrant, &formats::c_addi4spn, threaded<execute::addi>, Alu},
    {"c.lw", 0x4000, kQuadrant, &formats::c_lw, execute::lw, Load},
    {"c.ld", 0x6000, kQuadrant, &formats::c_ld, execute::ld, Load},
    {"c.sw", 0xc000, kQuadrant, &formats::c_sw, execute::sw, Store},
    {"c.sd", 0xe000, kQuadrant, &formats::c_sd, execute::sd, Store},
    {"c.nop", 0x0001, 0xffff, &formats::c_nop, threaded<execute::addi>, Alu},
    {"c.addi", 0x0001, kQuadrant, &formats::c_addi, threaded<execute::addi>, Alu},
    {"c.addiw", 0x2001, kQuadrant, &formats::c_addiw, threaded<execute::addiw>, Alu},
    {"c.li", 0x4001, kQuadrant, &formats::c_li, threaded<execute::addi>, Alu},
    {"c.addi16sp", 0x6101, 0xef83, &formats::c_addi16sp, threaded<execute::addi>, Alu},
    {"c.lui", 0x6001, kQuadrant, &formats::c_lui, threaded<execute::lui>, Alu},
    {"c.srli", 0x8001, kShiftAndi, &formats::c_shift_right, threaded<execute::srli>, Alu},
    {"c.srai", 0x8401, kShiftAndi, &formats::c_shift_right, threaded<execute::srai>, Alu},
    {"c.andi", 0x8801, kShiftAndi, &formats::c_andi, threaded<execute::andi>, Alu},
    {"c.sub", 0x8c01, kArith, &formats::c_arith, threaded<execute::sub>, Alu},
    {"c.xor", 0x8c21, kArith, &formats::c_arith, threaded<execute::xor_>, Alu},
    {"c.or", 0x8c41, kArith, &formats::c_arith, threaded<execute::or_>, Alu},
    {"c.and", 0x8c61, kArith, &formats::c_arith, threaded<execute::and_>, Alu},
    {"c.subw", 0x9c01, kArith, &formats::c_arith, threaded<execute::subw>, Alu},
    {"c.addw", 0x9c21, kArith, &formats::c_arith, threaded<execute::addw>, Alu},
    {"c.j", 0xa001, kQuadrant, &formats::c_j, threaded<execute::jal>, Jump, kEnds},
    {"c.beqz", 0xc001, kQuadrant, &formats::c_branch, threaded<execute::beq>, Branch, kEnds},
    {"c.bnez", 0xe001, kQuadrant, &formats::c_branch, threaded<execute::bne>, Branch, kEnds},
    {"c.slli", 0x0002, kQuadrant, &formats::c_slli, threaded<execute::slli>, Alu},
    {"c.lwsp", 0x4002, kQuadrant, &formats::c_lwsp, execute::lw, Load},
    {"c.ldsp", 0x6002, kQuadrant, &formats::c_ldsp, execute::ld, Load},
    {"c.jr", 0x8002, 0xf07f, &formats::c_jr, threaded<execute::jalr>, Jump, kEnds},
    {"c.mv", 0x8002, 0xf003, &formats::c_mv, threaded<execute::add>, Alu},
    {"c.ebreak", 0x9002, 0xffff, &formats::none, threaded<execute::ebreak>, System, kEnds},
    {"c.jalr", 0x9002, 0xf07f, &formats::c_jalr, threaded<c_jalr>, Jump, kEnds},
    {"c.add", 0x9002, 0xf003, &formats::c_add, threaded<execute::add>, Alu},
    {"c.swsp", 0xc002, kQuadrant, &formats::c_swsp, execute::sw, Store},
    {"c.sdsp", 0xe002, kQuadrant, &formats::c_sdsp, execute::sd, Store},
};

const InstructionDescriptor kDoubleInstructions[] = {
    {"c.fld", 0x2000, kQuadrant, &formats::c_fld, execute::fld, Load, kFp},
    {"c.fsd", 0xa000, kQuadrant, &formats::c_fsd, execute::fsd, Store, kFp},
    {"c.fldsp", 0x2002, kQuadrant, &formats::c_fldsp, execute::fld, Load, kFp},
    {"c.fsdsp", 0xa002, kQuadrant, &formats::c_fsdsp, execute::fsd, Store, kFp},
};

} // namespace

const Extension& extension_zca() {
    static const Extension extension{"zca", kIntegerInstructions, 'C' - 'A'};
    return extension;
}

const Extension& extension_zcd() {
    static const Extension extension{"zcd", kDoubleInstructions};
    return extension;
}

} // namespace xbemu
