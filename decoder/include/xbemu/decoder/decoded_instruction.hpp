#pragma once
// The form an instruction takes after decoding: what the dispatch loop executes.

#include <cstdint>

namespace xbemu {

class Hart;
struct DecodedInstruction;

// Executes one decoded instruction. Control-flow instructions write Hart::next_pc; exceptions
// are thrown (see emulator/include/xbemu/trap.hpp).
using ExecuteFn = void (*)(Hart&, const DecodedInstruction&);

// Decoding redirects writes to x0 to this extra register, so execute functions need no
// "rd != 0" test: x[32] absorbs them and x[0] stays zero.
inline constexpr std::uint8_t kSinkRegister = 32;

struct DecodedInstruction {
    ExecuteFn execute = nullptr;
    std::uint64_t pc = 0;
    // Sign-extended immediate, or the rounding mode for FP formats, or the CSR number.
    std::int32_t imm = 0;
    std::uint8_t rd = 0;
    std::uint8_t rs1 = 0;
    std::uint8_t rs2 = 0;
    std::uint8_t rs3 = 0;
};

} // namespace xbemu
