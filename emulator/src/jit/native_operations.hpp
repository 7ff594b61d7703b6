#pragma once
// The instructions the JIT translates to host code of its own; every other one runs its
// execute function through a helper call. An instruction is recognised by its execute function:
// the base instructions by mnemonic, and any other instruction (compressed ones) that runs the
// very same execute function, which sees nothing but the decoded operands, as the same
// operation. An extension's instruction that declares a local equivalent (xBGAS's base loads and
// stores) is that base operation while its object ID is 0.

#include "xbemu/decoder/decode_table.hpp"

#include <cstdint>
#include <unordered_map>
#include <unordered_set>

namespace xbemu {

enum class NativeOperation : std::uint8_t {
    Lui,
    Auipc,
    Addi,
    Slti,
    Sltiu,
    Xori,
    Ori,
    Andi,
    Slli,
    Srli,
    Srai,
    Addiw,
    Slliw,
    Srliw,
    Sraiw,
    Add,
    Sub,
    Sll,
    Slt,
    Sltu,
    Xor,
    Srl,
    Sra,
    Or,
    And,
    Addw,
    Subw,
    Sllw,
    Srlw,
    Sraw,
    Mul,
    Mulh,
    Mulhsu,
    Mulhu,
    Mulw,
    Div, // divisions by 0 and by -1 (the overflow) take the helper
    Divu,
    Rem,
    Remu,
    Divw,
    Divuw,
    Remw,
    Remuw,
    Lb,
    Lh,
    Lw,
    Ld,
    Lbu,
    Lhu,
    Lwu,
    Sb,
    Sh,
    Sw,
    Sd,
    Flw, // floating-point loads and stores: the integer register is the address's only
    Fld,
    Fsw,
    Fsd,
    // Double-precision operations: native while the rounding mode is RNE and the operands and
    // the result are ordinary numbers (see BlockEmitter); the helper otherwise.
    FaddD,
    FsubD,
    FmulD,
    FdivD,
    FsqrtD,
    FmaddD, // the fused ones only on hosts with FMA3
    FmsubD,
    FnmsubD,
    FnmaddD,
    FsgnjD,
    FsgnjnD,
    FsgnjxD,
    FeqD,
    FltD,
    FleD,
    FmvXD,
    FmvDX,
    // Single precision: the same preconditions, and operands that are not NaN-boxed (which the
    // interpreter reads as the canonical NaN) take the helper.
    FaddS,
    FsubS,
    FmulS,
    FdivS,
    FsqrtS,
    FmaddS, // the fused ones only on hosts with FMA3
    FmsubS,
    FnmsubS,
    FnmaddS,
    FsgnjS,
    FsgnjnS,
    FsgnjxS,
    FeqS,
    FltS,
    FleS,
    FmvXW,
    FmvWX,
    // Conversions: native when exact, or in RNE with NX accrued; to integers with a static RTZ
    // or an RNE rounding mode and NX accrued, while the result is in range. Those between
    // integers and floating-point numbers stand in fours, w, wu, l and lu, doubles first: the
    // translator reads their operands' sizes and signs from that order.
    FcvtDW,
    FcvtDWu,
    FcvtDL,
    FcvtDLu,
    FcvtSW,
    FcvtSWu,
    FcvtSL,
    FcvtSLu,
    FcvtWD,
    FcvtWuD,
    FcvtLD,
    FcvtLuD,
    FcvtWS,
    FcvtWuS,
    FcvtLS,
    FcvtLuS,
    FcvtDS,
    FcvtSD,
    Beq,
    Bne,
    Blt,
    Bge,
    Bltu,
    Bgeu,
    Jal,
    Jalr,
    CompressedJalr, // links pc + 2 and never checks alignment (C is there)
};

// Control flow: the last instruction of its block, which ends it.
inline bool ends_block(NativeOperation operation) {
    return operation >= NativeOperation::Beq;
}

// Conversions between integers and floating-point numbers, in their fours (see above).
inline bool converts_from_integer(NativeOperation operation) {
    return operation >= NativeOperation::FcvtDW && operation <= NativeOperation::FcvtSLu;
}
inline bool converts_to_integer(NativeOperation operation) {
    return operation >= NativeOperation::FcvtWD && operation <= NativeOperation::FcvtLuS;
}

// Which integer registers an operation's code reads and writes (floating-point registers are not
// among them).
struct OperandUse {
    bool reads_rs1;
    bool reads_rs2;
    bool writes_rd;
};
OperandUse operand_use(NativeOperation operation);

class NativeOperations {
public:
    // `fused`: whether the host has fused multiply-add instructions.
    NativeOperations(const DecodeTable& table, bool fused);

    // The operation of an instruction with this execute function, if the JIT has one.
    const NativeOperation* find(ExecuteFn execute) const {
        const auto it = operations_.find(execute);
        return it == operations_.end() ? nullptr : &it->second;
    }
    // Whether the operation holds only while the object ID in e[rs1] is 0 (the helper runs the
    // instruction otherwise).
    bool checks_object(ExecuteFn execute) const { return object_checked_.contains(execute); }

private:
    std::unordered_map<ExecuteFn, NativeOperation> operations_;
    std::unordered_set<ExecuteFn> object_checked_;
};

} // namespace xbemu
