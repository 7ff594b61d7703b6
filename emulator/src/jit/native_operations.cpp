#include "jit/native_operations.hpp"

#include <array>
#include <string_view>
#include <utility>

namespace xbemu {

namespace {

using enum NativeOperation;

constexpr std::array<std::pair<std::string_view, NativeOperation>, 119> kByMnemonic{{
    {"lui", Lui},
    {"auipc", Auipc},
    {"addi", Addi},
    {"slti", Slti},
    {"sltiu", Sltiu},
    {"xori", Xori},
    {"ori", Ori},
    {"andi", Andi},
    {"slli", Slli},
    {"srli", Srli},
    {"srai", Srai},
    {"addiw", Addiw},
    {"slliw", Slliw},
    {"srliw", Srliw},
    {"sraiw", Sraiw},
    {"add", Add},
    {"sub", Sub},
    {"sll", Sll},
    {"slt", Slt},
    {"sltu", Sltu},
    {"xor", Xor},
    {"srl", Srl},
    {"sra", Sra},
    {"or", Or},
    {"and", And},
    {"addw", Addw},
    {"subw", Subw},
    {"sllw", Sllw},
    {"srlw", Srlw},
    {"sraw", Sraw},
    {"mul", Mul},
    {"mulh", Mulh},
    {"mulhsu", Mulhsu},
    {"mulhu", Mulhu},
    {"mulw", Mulw},
    {"lb", Lb},
    {"lh", Lh},
    {"lw", Lw},
    {"ld", Ld},
    {"lbu", Lbu},
    {"lhu", Lhu},
    {"lwu", Lwu},
    {"sb", Sb},
    {"sh", Sh},
    {"sw", Sw},
    {"sd", Sd},
    {"beq", Beq},
    {"bne", Bne},
    {"blt", Blt},
    {"bge", Bge},
    {"bltu", Bltu},
    {"bgeu", Bgeu},
    {"jal", Jal},
    {"jalr", Jalr},
    {"c.jalr", CompressedJalr},
    {"flw", Flw},
    {"fld", Fld},
    {"fsw", Fsw},
    {"fsd", Fsd},
    {"div", Div},
    {"divu", Divu},
    {"rem", Rem},
    {"remu", Remu},
    {"divw", Divw},
    {"divuw", Divuw},
    {"remw", Remw},
    {"remuw", Remuw},
    {"fadd.d", FaddD},
    {"fsub.d", FsubD},
    {"fmul.d", FmulD},
    {"fdiv.d", FdivD},
    {"fsqrt.d", FsqrtD},
    {"fmadd.d", FmaddD},
    {"fmsub.d", FmsubD},
    {"fnmsub.d", FnmsubD},
    {"fnmadd.d", FnmaddD},
    {"fsgnj.d", FsgnjD},
    {"fsgnjn.d", FsgnjnD},
    {"fsgnjx.d", FsgnjxD},
    {"feq.d", FeqD},
    {"flt.d", FltD},
    {"fle.d", FleD},
    {"fmv.x.d", FmvXD},
    {"fmv.d.x", FmvDX},
    {"fadd.s", FaddS},
    {"fsub.s", FsubS},
    {"fmul.s", FmulS},
    {"fdiv.s", FdivS},
    {"fsqrt.s", FsqrtS},
    {"fmadd.s", FmaddS},
    {"fmsub.s", FmsubS},
    {"fnmsub.s", FnmsubS},
    {"fnmadd.s", FnmaddS},
    {"fsgnj.s", FsgnjS},
    {"fsgnjn.s", FsgnjnS},
    {"fsgnjx.s", FsgnjxS},
    {"feq.s", FeqS},
    {"flt.s", FltS},
    {"fle.s", FleS},
    {"fmv.x.w", FmvXW},
    {"fmv.w.x", FmvWX},
    {"fcvt.d.w", FcvtDW},
    {"fcvt.d.wu", FcvtDWu},
    {"fcvt.d.l", FcvtDL},
    {"fcvt.d.lu", FcvtDLu},
    {"fcvt.s.w", FcvtSW},
    {"fcvt.s.wu", FcvtSWu},
    {"fcvt.s.l", FcvtSL},
    {"fcvt.s.lu", FcvtSLu},
    {"fcvt.w.d", FcvtWD},
    {"fcvt.wu.d", FcvtWuD},
    {"fcvt.l.d", FcvtLD},
    {"fcvt.lu.d", FcvtLuD},
    {"fcvt.w.s", FcvtWS},
    {"fcvt.wu.s", FcvtWuS},
    {"fcvt.l.s", FcvtLS},
    {"fcvt.lu.s", FcvtLuS},
    {"fcvt.d.s", FcvtDS},
    {"fcvt.s.d", FcvtSD},
}};

bool is_fused(NativeOperation operation) {
    return (operation >= FmaddD && operation <= FnmaddD) ||
           (operation >= FmaddS && operation <= FnmaddS);
}

// What a local equivalent may name: an integer load or store, whose code can test the object ID.
bool is_integer_access(NativeOperation operation) {
    return operation >= Lb && operation <= Sd;
}

// The extensions whose mnemonics kByMnemonic means.
bool is_base_extension(std::string_view name) {
    return name == "i" || name == "m" || name == "zca" || name == "f" || name == "d";
}

} // namespace

OperandUse operand_use(NativeOperation operation) {
    if (converts_from_integer(operation)) {
        return {true, false, false};
    }
    if (converts_to_integer(operation)) {
        return {false, false, true};
    }
    switch (operation) {
    case Lui:
    case Auipc:
    case Jal:
        return {false, false, true};
    case Addi:
    case Slti:
    case Sltiu:
    case Xori:
    case Ori:
    case Andi:
    case Slli:
    case Srli:
    case Srai:
    case Addiw:
    case Slliw:
    case Srliw:
    case Sraiw:
    case Lb:
    case Lh:
    case Lw:
    case Ld:
    case Lbu:
    case Lhu:
    case Lwu:
    case Jalr:
    case CompressedJalr:
        return {true, false, true};
    case Flw:
    case Fld:
    case Fsw:
    case Fsd:
    case FmvDX:
    case FmvWX:
        return {true, false, false};
    case FeqD:
    case FltD:
    case FleD:
    case FmvXD:
    case FeqS:
    case FltS:
    case FleS:
    case FmvXW:
        return {false, false, true};
    case FaddD:
    case FsubD:
    case FmulD:
    case FdivD:
    case FsqrtD:
    case FmaddD:
    case FmsubD:
    case FnmsubD:
    case FnmaddD:
    case FsgnjD:
    case FsgnjnD:
    case FsgnjxD:
    case FaddS:
    case FsubS:
    case FmulS:
    case FdivS:
    case FsqrtS:
    case FmaddS:
    case FmsubS:
    case FnmsubS:
    case FnmaddS:
    case FsgnjS:
    case FsgnjnS:
    case FsgnjxS:
    case FcvtDS:
    case FcvtSD:
        return {false, false, false};
    case Sb:
    case Sh:
    case Sw:
    case Sd:
    case Beq:
    case Bne:
    case Blt:
    case Bge:
    case Bltu:
    case Bgeu:
        return {true, true, false};
    default:
        return {true, true, true};
    }
}

NativeOperations::NativeOperations(const DecodeTable& table, bool fused) {
    for (const Extension* extension : table.extensions()) {
        const bool base = is_base_extension(extension->name);
        for (const InstructionDescriptor& descriptor : extension->instructions) {
            const bool local = !descriptor.local_equivalent.empty();
            if (!base && !local) {
                continue;
            }
            const std::string_view name = local ? descriptor.local_equivalent : descriptor.mnemonic;
            for (const auto& [mnemonic, operation] : kByMnemonic) {
                if (name == mnemonic && (fused || !is_fused(operation)) &&
                    (!local || is_integer_access(operation))) {
                    operations_.emplace(descriptor.execute, operation);
                    if (local) {
                        object_checked_.insert(descriptor.execute);
                    }
                }
            }
        }
    }
}

} // namespace xbemu
