// Zicsr. Every CSR instruction ends its decoded block: a write may change interrupt
// enables, the FPU state or anything else the dispatch loop depends on.

#include "xbemu/base_extensions.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/threaded_execution.hpp"

namespace xbemu {

namespace {

using Op = DecodedInstruction;

std::uint64_t replace(std::uint64_t, std::uint64_t operand) {
    return operand;
}
std::uint64_t set_bits(std::uint64_t old, std::uint64_t operand) {
    return old | operand;
}
std::uint64_t clear_bits(std::uint64_t old, std::uint64_t operand) {
    return old & ~operand;
}

void csrrw(Hart& h, const Op& op) {
    const std::uint64_t operand = h.x[op.rs1];
    h.x[op.rd] = h.csr_access(op, true, replace, operand);
}
void csrrs(Hart& h, const Op& op) {
    const std::uint64_t operand = h.x[op.rs1];
    h.x[op.rd] = h.csr_access(op, op.rs1 != 0, set_bits, operand);
}
void csrrc(Hart& h, const Op& op) {
    const std::uint64_t operand = h.x[op.rs1];
    h.x[op.rd] = h.csr_access(op, op.rs1 != 0, clear_bits, operand);
}
// The immediate forms carry the 5-bit zimm in the rs1 field.
void csrrwi(Hart& h, const Op& op) {
    h.x[op.rd] = h.csr_access(op, true, replace, op.rs1);
}
void csrrsi(Hart& h, const Op& op) {
    h.x[op.rd] = h.csr_access(op, op.rs1 != 0, set_bits, op.rs1);
}
void csrrci(Hart& h, const Op& op) {
    h.x[op.rd] = h.csr_access(op, op.rs1 != 0, clear_bits, op.rs1);
}

using enum TimingClass;
constexpr std::uint32_t kMask = 0x0000707f;
constexpr std::uint8_t kEnds = kEndsBlock;

const InstructionDescriptor kInstructions[] = {
    {"csrrw", 0x00001073, kMask, &formats::csr, threaded<csrrw>, Csr, kEnds},
    {"csrrs", 0x00002073, kMask, &formats::csr, threaded<csrrs>, Csr, kEnds},
    {"csrrc", 0x00003073, kMask, &formats::csr, threaded<csrrc>, Csr, kEnds},
    {"csrrwi", 0x00005073, kMask, &formats::csr_immediate, threaded<csrrwi>, Csr, kEnds},
    {"csrrsi", 0x00006073, kMask, &formats::csr_immediate, threaded<csrrsi>, Csr, kEnds},
    {"csrrci", 0x00007073, kMask, &formats::csr_immediate, threaded<csrrci>, Csr, kEnds},
};

} // namespace

const Extension& extension_zicsr() {
    static const Extension extension{"zicsr", kInstructions};
    return extension;
}

} // namespace xbemu
