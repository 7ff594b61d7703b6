#include "jit/block_translator.hpp"

#include "xbemu/block_cache.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/processing_element.hpp"

#include <array>
#include <asmjit/x86.h>
#include <cstddef>
#include <cstring>
#include <limits>
#include <vector>

namespace xbemu {

namespace {

namespace x86 = asmjit::x86;

// Pinned host registers (callee-saved, so helper calls keep them).
const x86::Gp kHart = x86::rbx;
const x86::Gp kContext = x86::r13;
const x86::Gp kRam = x86::r12;           // the RAM's host address
const x86::Gp kPollingBlocks = x86::r14; // JitContext::polling_blocks while code runs
const x86::Gp kMinusRamBase = x86::r15;  // -kRamBase, so that one lea gives a RAM offset

// Runs one instruction's execute function; 0 when it retired and the block goes on, else the
// JitExit that translated code reports. `op` is followed by a sentinel, so the threaded
// execute function returns right after the instruction. Exceptions end here: none may pass
// through translated code, which has no unwind information.
std::uint32_t run_helper(Hart* hart, const DecodedInstruction* op, JitContext* context) noexcept {
    try {
        op->execute(*hart, *op);
        return 0;
    } catch (const Trap& trap) {
        context->trap = trap;
        return static_cast<std::uint32_t>(JitExit::Trapped);
    } catch (const EndOfBlockRequest&) {
        return static_cast<std::uint32_t>(JitExit::EndedEarly);
    } catch (...) {
        context->exception = std::current_exception();
        return static_cast<std::uint32_t>(JitExit::Foreign);
    }
}

std::int32_t distance(const void* from, const void* to) {
    return static_cast<std::int32_t>(static_cast<const std::byte*>(to) -
                                     static_cast<const std::byte*>(from));
}

std::int32_t field(const Hart& hart, const void* member) {
    return distance(&hart, member);
}

std::uint64_t address_of(const void* pointer) {
    return reinterpret_cast<std::uint64_t>(pointer);
}

// asmjit reports errors through return codes; an emitter that fails leaves the block to the
// interpreter rather than producing wrong code.
class ErrorFlag : public asmjit::ErrorHandler {
public:
    void handleError(asmjit::Error, const char*, asmjit::BaseEmitter*) override { failed = true; }
    bool failed = false;
};

} // namespace

// Emits one block; see BlockTranslator.
class BlockEmitter {
public:
    BlockEmitter(const BlockTranslator& translator, x86::Assembler& assembler, DecodedBlock& block,
                 const DecodedInstruction* helper_operations)
        : t_(translator), a_(assembler), block_(block), helpers_(helper_operations) {
        host_of_.fill(kNotCached);
    }

    void emit();

private:
    static constexpr std::int8_t kNotCached = -1;
    static constexpr unsigned kGuestRegisters = 33; // x0-x31 and the sink

    x86::Mem x(unsigned index, unsigned size = 8) const {
        return x86::ptr(kHart, t_.layout_.x + static_cast<std::int32_t>(8 * index), size);
    }
    x86::Mem hart_field(std::int32_t offset) const { return x86::qword_ptr(kHart, offset); }
    x86::Mem context_field(std::size_t offset, unsigned size = 8) const {
        return x86::ptr(kContext, static_cast<std::int32_t>(offset), size);
    }
    bool cached(unsigned index) const { return host_of_[index] != kNotCached; }
    const x86::Gp& host(unsigned index) const {
        return kCacheRegisters[static_cast<std::size_t>(host_of_[index])];
    }
    // Guest register `index` as an operand of `size` bytes: its host register while the block
    // keeps it in one, else its place in the register file.
    asmjit::Operand guest(unsigned index, unsigned size = 8) const;
    // rax (or its low part) into guest register rd.
    void write_rd(unsigned rd);

    bool native(std::size_t index) const;
    void choose_cached_registers();
    void load_cached();
    // Stores the cached registers of `mask` (guest register bits) into the register file.
    void write_back(std::uint64_t mask);
    void emit_native(std::size_t index, NativeOperation operation);
    // The helper call of instruction `index`, with the register file up to date around it: as
    // an instruction of the straight-line path, or in a slow path where `dirty` are the cached
    // registers not yet in the register file.
    void emit_helper(std::size_t index);
    void emit_helper_call(std::size_t index, std::uint64_t dirty);
    void emit_load(std::size_t index, unsigned size, bool sign_extend);
    void emit_store(std::size_t index, unsigned size);
    void emit_branch(std::size_t index, asmjit::x86::CondCode taken);
    // Block ends, with every cached register written back.
    void emit_static_end(std::uint64_t target);
    void emit_dynamic_end();
    void emit_polling_count();
    void emit_cold_code();
    void exit_with(JitExit kind);

    // Code that runs only when leaving the block, emitted after the straight-line path.
    struct HelperExit {
        asmjit::Label label;
        std::uint32_t index;
    };
    struct SlowPath {
        asmjit::Label label;
        asmjit::Label resume;
        std::uint32_t index;
        std::uint64_t dirty;
    };
    struct StaticExit {
        asmjit::Label label;
        asmjit::Label site;
        std::uint64_t target;
    };

    // Host registers that hold guest registers within a block; the caller-saved ones need no
    // care beyond what every helper call does anyway (write back before, reload after).
    static inline const std::array<x86::Gp, 7> kCacheRegisters{
        x86::rbp, x86::rsi, x86::rdi, x86::r8, x86::r9, x86::r10, x86::r11};

    const BlockTranslator& t_;
    x86::Assembler& a_;
    DecodedBlock& block_;
    const DecodedInstruction* helpers_; // pairs of operation and sentinel, one per instruction
    std::array<std::int8_t, kGuestRegisters> host_of_{};
    // The cached registers written since the register file was last brought up to date.
    std::uint64_t dirty_mask_ = 0;
    asmjit::Label before_;
    std::vector<HelperExit> helper_exits_;
    std::vector<SlowPath> slow_paths_;
    std::vector<StaticExit> static_exits_;
};

asmjit::Operand BlockEmitter::guest(unsigned index, unsigned size) const {
    if (!cached(index)) {
        return x(index, size);
    }
    const x86::Gp& reg = host(index);
    switch (size) {
    case 1:
        return reg.r8();
    case 2:
        return reg.r16();
    case 4:
        return reg.r32();
    default:
        return reg;
    }
}

void BlockEmitter::write_rd(unsigned rd) {
    if (rd == kSinkRegister) {
        return;
    }
    a_.emit(x86::Inst::kIdMov, guest(rd), x86::rax);
    if (cached(rd)) {
        dirty_mask_ |= 1ULL << rd;
    }
}

bool BlockEmitter::native(std::size_t index) const {
    const InstructionDescriptor* descriptor = block_.descriptors[index];
    return descriptor != nullptr && block_.instructions[index].execute == descriptor->execute &&
           t_.operations_.find(descriptor->execute) != nullptr;
}

void BlockEmitter::choose_cached_registers() {
    std::array<unsigned, kGuestRegisters> uses{};
    unsigned helper_calls = 0;
    for (std::size_t index = 0; index < block_.count; ++index) {
        if (!native(index)) {
            ++helper_calls;
            continue;
        }
        const DecodedInstruction& op = block_.instructions[index];
        const OperandUse use = operand_use(*t_.operations_.find(op.execute));
        uses[op.rs1] += use.reads_rs1 ? 1 : 0;
        uses[op.rs2] += use.reads_rs2 ? 1 : 0;
        uses[op.rd] += use.writes_rd ? 1 : 0;
    }
    // Worth it when the uses outnumber the loads and stores it costs: one each at the block's
    // ends and around every helper call.
    const unsigned worth = 2 + helper_calls;
    for (std::size_t slot = 0; slot < kCacheRegisters.size(); ++slot) {
        unsigned best = 0;
        for (unsigned index = 1; index < 32; ++index) {
            if (!cached(index) && uses[index] > worth && uses[index] > uses[best]) {
                best = index;
            }
        }
        if (best == 0) {
            break;
        }
        host_of_[best] = static_cast<std::int8_t>(slot);
    }
}

void BlockEmitter::load_cached() {
    for (unsigned index = 1; index < 32; ++index) {
        if (cached(index)) {
            a_.mov(host(index), x(index));
        }
    }
}

void BlockEmitter::write_back(std::uint64_t mask) {
    for (unsigned index = 1; index < 32; ++index) {
        if ((mask & (1ULL << index)) != 0) {
            a_.mov(x(index), host(index));
        }
    }
}

void BlockEmitter::emit() {
    before_ = a_.newLabel();
    choose_cached_registers();
    // The interpreter's event check before a block: the block must end before the next event.
    a_.mov(x86::rax, hart_field(t_.layout_.instret));
    a_.add(x86::rax, static_cast<std::int32_t>(block_.count));
    a_.cmp(x86::rax, hart_field(t_.layout_.next_event));
    a_.ja(before_);
    a_.mov(hart_field(t_.layout_.instret), x86::rax);
    load_cached();

    const std::size_t last = block_.count - 1;
    for (std::size_t index = 0; index < block_.count; ++index) {
        if (!native(index)) {
            if (index == last) {
                // A helper that ends the block early, or jumps, reads or writes next_pc.
                a_.mov(x86::rax, block_.end_pc);
                a_.mov(hart_field(t_.layout_.next_pc), x86::rax);
            }
            emit_helper(index);
            continue;
        }
        emit_native(index, *t_.operations_.find(block_.instructions[index].execute));
    }
    // Control flow ends the block itself; anything else falls through to end_pc, unless a
    // helper ran the last instruction, which may have jumped.
    const InstructionDescriptor* tail = block_.descriptors[last];
    if (native(last)) {
        if (!ends_block(*t_.operations_.find(tail->execute))) {
            emit_static_end(block_.end_pc);
        }
    } else if (tail != nullptr && (tail->flags & kEndsBlock) != 0) {
        emit_dynamic_end();
    } else {
        emit_static_end(block_.end_pc);
    }
    emit_cold_code();
}

void BlockEmitter::emit_helper(std::size_t index) {
    emit_helper_call(index, dirty_mask_);
    dirty_mask_ = 0;
}

void BlockEmitter::emit_helper_call(std::size_t index, std::uint64_t dirty) {
    HelperExit exit{a_.newLabel(), static_cast<std::uint32_t>(index)};
    write_back(dirty);
    a_.mov(x86::rdi, kHart);
    a_.mov(x86::rsi, address_of(&helpers_[2 * index]));
    a_.mov(x86::rdx, kContext);
    a_.mov(x86::rax, address_of(reinterpret_cast<const void*>(&run_helper)));
    a_.call(x86::rax);
    a_.test(x86::eax, x86::eax);
    a_.jnz(exit.label);
    // The helper may have changed any register, and the call any caller-saved host register.
    load_cached();
    helper_exits_.push_back(exit);
}

void BlockEmitter::emit_load(std::size_t index, unsigned size, bool sign_extend) {
    const DecodedInstruction& op = block_.instructions[index];
    SlowPath slow{a_.newLabel(), a_.newLabel(), static_cast<std::uint32_t>(index), dirty_mask_};
    a_.emit(x86::Inst::kIdMov, x86::rcx, guest(op.rs1));
    a_.lea(x86::rcx, x86::ptr(x86::rcx, kMinusRamBase, 0, op.imm));
    a_.cmp(x86::rcx, hart_field(t_.layout_.fast_path_limit));
    a_.jae(slow.label);
    const x86::Mem source = x86::ptr(kRam, x86::rcx, 0, 0, size);
    switch (size) {
    case 1:
    case 2:
        if (sign_extend) {
            a_.movsx(x86::rax, source);
        } else {
            a_.movzx(x86::eax, source);
        }
        break;
    case 4:
        if (sign_extend) {
            a_.movsxd(x86::rax, source);
        } else {
            a_.mov(x86::eax, source);
        }
        break;
    default:
        a_.mov(x86::rax, source);
        break;
    }
    write_rd(op.rd);
    a_.bind(slow.resume);
    slow_paths_.push_back(slow);
}

void BlockEmitter::emit_store(std::size_t index, unsigned size) {
    const DecodedInstruction& op = block_.instructions[index];
    SlowPath slow{a_.newLabel(), a_.newLabel(), static_cast<std::uint32_t>(index), dirty_mask_};
    a_.emit(x86::Inst::kIdMov, x86::rcx, guest(op.rs1));
    a_.lea(x86::rcx, x86::ptr(x86::rcx, kMinusRamBase, 0, op.imm));
    a_.cmp(x86::rcx, hart_field(t_.layout_.fast_path_limit));
    a_.jae(slow.label);
    // The pages of the first and the last byte must hold no decoded code and nothing the host
    // watches.
    a_.mov(x86::rax, x86::rcx);
    a_.shr(x86::rax, kPageShift);
    a_.add(x86::rax, hart_field(t_.layout_.page_flags));
    a_.movzx(x86::edx, x86::byte_ptr(x86::rax));
    if (size > 1) {
        a_.lea(x86::rax, x86::ptr(x86::rcx, static_cast<std::int32_t>(size - 1)));
        a_.shr(x86::rax, kPageShift);
        a_.add(x86::rax, hart_field(t_.layout_.page_flags));
        a_.or_(x86::dl, x86::byte_ptr(x86::rax));
    } else {
        a_.test(x86::dl, x86::dl);
    }
    a_.jnz(slow.label);
    const x86::Gp value = x86::rax;
    x86::Gp sized = value;
    if (size == 4) {
        sized = value.r32();
    } else if (size == 2) {
        sized = value.r16();
    } else if (size == 1) {
        sized = value.r8();
    }
    a_.emit(x86::Inst::kIdMov, sized, guest(op.rs2, size));
    a_.mov(x86::ptr(kRam, x86::rcx, 0, 0, size), sized);
    a_.bind(slow.resume);
    slow_paths_.push_back(slow);
}

void BlockEmitter::emit_branch(std::size_t index, x86::CondCode taken) {
    const DecodedInstruction& op = block_.instructions[index];
    const std::uint64_t target = op.pc + static_cast<std::uint64_t>(std::int64_t{op.imm});
    if ((target & t_.jump_alignment_mask_) != 0) {
        // Taken, it raises instruction-address-misaligned: the helper knows how.
        a_.mov(x86::rax, block_.end_pc);
        a_.mov(hart_field(t_.layout_.next_pc), x86::rax);
        emit_helper(index);
        emit_dynamic_end();
        return;
    }
    // Both ways leave the block: write back first, once.
    write_back(dirty_mask_);
    dirty_mask_ = 0;
    const asmjit::Label not_taken = a_.newLabel();
    a_.emit(x86::Inst::kIdMov, x86::rax, guest(op.rs1));
    a_.emit(x86::Inst::kIdCmp, x86::rax, guest(op.rs2));
    a_.j(x86::negateCond(taken), not_taken);
    emit_static_end(target);
    a_.bind(not_taken);
    emit_static_end(block_.end_pc);
}

void BlockEmitter::emit_native(std::size_t index, NativeOperation operation) {
    const DecodedInstruction& op = block_.instructions[index];
    const std::int32_t imm = op.imm;
    using Id = x86::Inst::Id;
    const auto binary = [&](Id instruction) {
        a_.emit(x86::Inst::kIdMov, x86::rax, guest(op.rs1));
        a_.emit(instruction, x86::rax, guest(op.rs2));
        write_rd(op.rd);
    };
    const auto immediate = [&](Id instruction) {
        a_.emit(x86::Inst::kIdMov, x86::rax, guest(op.rs1));
        a_.emit(instruction, x86::rax, imm);
        write_rd(op.rd);
    };
    // 32-bit operations sign-extend their result.
    const auto word_immediate = [&](Id instruction) {
        a_.emit(x86::Inst::kIdMov, x86::eax, guest(op.rs1, 4));
        a_.emit(instruction, x86::eax, imm);
        a_.movsxd(x86::rax, x86::eax);
        write_rd(op.rd);
    };
    const auto word_binary = [&](Id instruction) {
        a_.emit(x86::Inst::kIdMov, x86::eax, guest(op.rs1, 4));
        a_.emit(instruction, x86::eax, guest(op.rs2, 4));
        a_.movsxd(x86::rax, x86::eax);
        write_rd(op.rd);
    };
    // x86 masks the count as RISC-V does: to 6 bits, or 5 for 32-bit operands.
    const auto shift = [&](Id instruction, bool word) {
        a_.emit(x86::Inst::kIdMov, x86::rcx, guest(op.rs2));
        if (word) {
            a_.emit(x86::Inst::kIdMov, x86::eax, guest(op.rs1, 4));
            a_.emit(instruction, x86::eax, x86::cl);
            a_.movsxd(x86::rax, x86::eax);
        } else {
            a_.emit(x86::Inst::kIdMov, x86::rax, guest(op.rs1));
            a_.emit(instruction, x86::rax, x86::cl);
        }
        write_rd(op.rd);
    };
    const auto compare = [&](x86::CondCode condition, bool with_immediate) {
        a_.emit(x86::Inst::kIdMov, x86::rcx, guest(op.rs1));
        a_.xor_(x86::eax, x86::eax);
        if (with_immediate) {
            a_.cmp(x86::rcx, imm);
        } else {
            a_.emit(x86::Inst::kIdCmp, x86::rcx, guest(op.rs2));
        }
        a_.set(condition, x86::al);
        write_rd(op.rd);
    };
    const auto high_multiply = [&](Id instruction) {
        a_.emit(x86::Inst::kIdMov, x86::rax, guest(op.rs1));
        a_.emit(x86::Inst::kIdMov, x86::rcx, guest(op.rs2));
        a_.emit(instruction, x86::rdx, x86::rax, x86::rcx);
        a_.mov(x86::rax, x86::rdx);
        write_rd(op.rd);
    };
    switch (operation) {
    case NativeOperation::Lui:
        a_.mov(x86::rax, static_cast<std::int64_t>(imm));
        write_rd(op.rd);
        break;
    case NativeOperation::Auipc:
        a_.mov(x86::rax, op.pc + static_cast<std::uint64_t>(std::int64_t{imm}));
        write_rd(op.rd);
        break;
    case NativeOperation::Addi:
        immediate(x86::Inst::kIdAdd);
        break;
    case NativeOperation::Slti:
        compare(x86::CondCode::kL, true);
        break;
    case NativeOperation::Sltiu:
        compare(x86::CondCode::kB, true);
        break;
    case NativeOperation::Xori:
        immediate(x86::Inst::kIdXor);
        break;
    case NativeOperation::Ori:
        immediate(x86::Inst::kIdOr);
        break;
    case NativeOperation::Andi:
        immediate(x86::Inst::kIdAnd);
        break;
    case NativeOperation::Slli:
        immediate(x86::Inst::kIdShl);
        break;
    case NativeOperation::Srli:
        immediate(x86::Inst::kIdShr);
        break;
    case NativeOperation::Srai:
        immediate(x86::Inst::kIdSar);
        break;
    case NativeOperation::Addiw:
        word_immediate(x86::Inst::kIdAdd);
        break;
    case NativeOperation::Slliw:
        word_immediate(x86::Inst::kIdShl);
        break;
    case NativeOperation::Srliw:
        word_immediate(x86::Inst::kIdShr);
        break;
    case NativeOperation::Sraiw:
        word_immediate(x86::Inst::kIdSar);
        break;
    case NativeOperation::Add:
        binary(x86::Inst::kIdAdd);
        break;
    case NativeOperation::Sub:
        binary(x86::Inst::kIdSub);
        break;
    case NativeOperation::Sll:
        shift(x86::Inst::kIdShl, false);
        break;
    case NativeOperation::Slt:
        compare(x86::CondCode::kL, false);
        break;
    case NativeOperation::Sltu:
        compare(x86::CondCode::kB, false);
        break;
    case NativeOperation::Xor:
        binary(x86::Inst::kIdXor);
        break;
    case NativeOperation::Srl:
        shift(x86::Inst::kIdShr, false);
        break;
    case NativeOperation::Sra:
        shift(x86::Inst::kIdSar, false);
        break;
    case NativeOperation::Or:
        binary(x86::Inst::kIdOr);
        break;
    case NativeOperation::And:
        binary(x86::Inst::kIdAnd);
        break;
    case NativeOperation::Addw:
        word_binary(x86::Inst::kIdAdd);
        break;
    case NativeOperation::Subw:
        word_binary(x86::Inst::kIdSub);
        break;
    case NativeOperation::Sllw:
        shift(x86::Inst::kIdShl, true);
        break;
    case NativeOperation::Srlw:
        shift(x86::Inst::kIdShr, true);
        break;
    case NativeOperation::Sraw:
        shift(x86::Inst::kIdSar, true);
        break;
    case NativeOperation::Mul:
        binary(x86::Inst::kIdImul);
        break;
    case NativeOperation::Mulw:
        word_binary(x86::Inst::kIdImul);
        break;
    case NativeOperation::Mulh:
        high_multiply(x86::Inst::kIdImul);
        break;
    case NativeOperation::Mulhu:
        high_multiply(x86::Inst::kIdMul);
        break;
    case NativeOperation::Lb:
        emit_load(index, 1, true);
        break;
    case NativeOperation::Lh:
        emit_load(index, 2, true);
        break;
    case NativeOperation::Lw:
        emit_load(index, 4, true);
        break;
    case NativeOperation::Ld:
        emit_load(index, 8, false);
        break;
    case NativeOperation::Lbu:
        emit_load(index, 1, false);
        break;
    case NativeOperation::Lhu:
        emit_load(index, 2, false);
        break;
    case NativeOperation::Lwu:
        emit_load(index, 4, false);
        break;
    case NativeOperation::Sb:
        emit_store(index, 1);
        break;
    case NativeOperation::Sh:
        emit_store(index, 2);
        break;
    case NativeOperation::Sw:
        emit_store(index, 4);
        break;
    case NativeOperation::Sd:
        emit_store(index, 8);
        break;
    case NativeOperation::Beq:
        emit_branch(index, x86::CondCode::kE);
        break;
    case NativeOperation::Bne:
        emit_branch(index, x86::CondCode::kNE);
        break;
    case NativeOperation::Blt:
        emit_branch(index, x86::CondCode::kL);
        break;
    case NativeOperation::Bge:
        emit_branch(index, x86::CondCode::kGE);
        break;
    case NativeOperation::Bltu:
        emit_branch(index, x86::CondCode::kB);
        break;
    case NativeOperation::Bgeu:
        emit_branch(index, x86::CondCode::kAE);
        break;
    case NativeOperation::Jal: {
        const std::uint64_t target = op.pc + static_cast<std::uint64_t>(std::int64_t{imm});
        if ((target & t_.jump_alignment_mask_) != 0) {
            a_.mov(x86::rax, block_.end_pc);
            a_.mov(hart_field(t_.layout_.next_pc), x86::rax);
            emit_helper(index);
            emit_dynamic_end();
            break;
        }
        a_.mov(x86::rax, op.pc + 4);
        write_rd(op.rd);
        emit_static_end(target);
        break;
    }
    case NativeOperation::Jalr:
    case NativeOperation::CompressedJalr: {
        const bool compressed = operation == NativeOperation::CompressedJalr;
        a_.emit(x86::Inst::kIdMov, x86::rcx, guest(op.rs1));
        if (!compressed && imm != 0) {
            a_.add(x86::rcx, imm);
        }
        a_.and_(x86::rcx, -2);
        if (!compressed && (t_.jump_alignment_mask_ & ~1ULL) != 0) {
            // A misaligned target raises: the helper runs the whole instruction.
            const asmjit::Label aligned = a_.newLabel();
            a_.test(x86::cl, static_cast<std::int32_t>(t_.jump_alignment_mask_));
            a_.jz(aligned);
            a_.mov(x86::rax, block_.end_pc);
            a_.mov(hart_field(t_.layout_.next_pc), x86::rax);
            emit_helper_call(index, dirty_mask_);
            emit_polling_count();
            exit_with(JitExit::Completed);
            a_.mov(context_field(offsetof(JitContext, exit_site)), 0);
            a_.mov(x86::rax, address_of(t_.exit_));
            a_.jmp(x86::rax);
            a_.bind(aligned);
        }
        a_.mov(hart_field(t_.layout_.next_pc), x86::rcx);
        a_.mov(x86::rax, op.pc + (compressed ? 2 : 4));
        write_rd(op.rd);
        emit_dynamic_end();
        break;
    }
    }
}

void BlockEmitter::emit_polling_count() {
    if (block_.polling_mask != 0) {
        a_.inc(kPollingBlocks);
    } else {
        a_.xor_(kPollingBlocks.r32(), kPollingBlocks.r32());
    }
}

void BlockEmitter::exit_with(JitExit kind) {
    a_.mov(context_field(offsetof(JitContext, exit), 4), static_cast<std::uint32_t>(kind));
    a_.mov(x86::rax, address_of(&block_));
    a_.mov(context_field(offsetof(JitContext, exit_block)), x86::rax);
}

void BlockEmitter::emit_static_end(std::uint64_t target) {
    write_back(dirty_mask_);
    dirty_mask_ = 0;
    StaticExit exit{a_.newLabel(), a_.newLabel(), target};
    emit_polling_count();
    // The wait detection looks at the hart at this boundary: leave for it.
    a_.mov(x86::rax, kPollingBlocks);
    a_.sub(x86::rax, hart_field(t_.layout_.watch_base));
    a_.cmp(x86::rax, hart_field(t_.layout_.watch_span));
    a_.jae(exit.label);
    a_.bind(exit.site);
    a_.long_().jmp(exit.label);
    static_exits_.push_back(exit);
}

void BlockEmitter::emit_dynamic_end() {
    write_back(dirty_mask_);
    dirty_mask_ = 0;
    emit_polling_count();
    exit_with(JitExit::Completed);
    a_.mov(context_field(offsetof(JitContext, exit_site)), 0);
    a_.mov(x86::rax, address_of(t_.exit_));
    a_.jmp(x86::rax);
}

void BlockEmitter::emit_cold_code() {
    a_.bind(before_);
    exit_with(JitExit::BeforeBlock);
    a_.mov(x86::rax, address_of(t_.exit_));
    a_.jmp(x86::rax);
    for (const StaticExit& exit : static_exits_) {
        a_.bind(exit.label);
        a_.mov(x86::rax, exit.target);
        a_.mov(hart_field(t_.layout_.next_pc), x86::rax);
        exit_with(JitExit::Completed);
        a_.lea(x86::rax, x86::ptr(exit.site));
        a_.mov(context_field(offsetof(JitContext, exit_site)), x86::rax);
        a_.mov(x86::rax, address_of(t_.exit_));
        a_.jmp(x86::rax);
    }
    // A slow path runs the whole instruction in its helper, with the register file as it is
    // at the instruction, and continues after it with the cached registers reloaded.
    for (const SlowPath& slow : slow_paths_) {
        a_.bind(slow.label);
        emit_helper_call(slow.index, slow.dirty);
        a_.jmp(slow.resume);
    }
    // emit_helper_call above adds exits: index, not iterators.
    for (std::size_t exit = 0; exit < helper_exits_.size(); ++exit) {
        a_.bind(helper_exits_[exit].label);
        a_.mov(context_field(offsetof(JitContext, exit), 4), x86::eax);
        a_.mov(context_field(offsetof(JitContext, exit_index), 4), helper_exits_[exit].index);
        a_.mov(x86::rax, address_of(&block_));
        a_.mov(context_field(offsetof(JitContext, exit_block)), x86::rax);
        a_.mov(x86::rax, address_of(t_.exit_));
        a_.jmp(x86::rax);
    }
}

BlockTranslator::BlockTranslator(Hart& hart, CodeCache& cache)
    : hart_(hart), cache_(cache), operations_(hart.pe().decode_table()),
      jump_alignment_mask_(hart.jump_alignment_mask_) {
    layout_.x = field(hart, hart.x.data());
    layout_.next_pc = field(hart, &hart.next_pc);
    layout_.instret = field(hart, &hart.instret_);
    layout_.next_event = field(hart, &hart.next_event_);
    layout_.fast_path_limit = field(hart, &hart.fast_path_limit_);
    layout_.page_flags = field(hart, &hart.page_flags_);
    layout_.ram_host = field(hart, &hart.ram_host_);
    layout_.watch_base = field(hart, &hart.watch_base_);
    layout_.watch_span = field(hart, &hart.watch_span_);

    asmjit::CodeHolder code;
    code.init(asmjit::Environment::host());
    x86::Assembler a(&code);
    const asmjit::Label exit = a.newLabel();
    for (const x86::Gp& saved : {x86::rbx, x86::rbp, x86::r12, x86::r13, x86::r14, x86::r15}) {
        a.push(saved);
    }
    a.sub(x86::rsp, 8); // six pushes and the return address: back to 16-byte alignment
    a.mov(kHart, x86::rdi);
    a.mov(kContext, x86::rsi);
    a.mov(kRam, x86::qword_ptr(kHart, layout_.ram_host));
    a.mov(kPollingBlocks, x86::qword_ptr(kContext, offsetof(JitContext, polling_blocks)));
    a.mov(kMinusRamBase, -static_cast<std::int64_t>(kRamBase));
    a.jmp(x86::rdx);
    a.bind(exit);
    a.mov(x86::qword_ptr(kContext, offsetof(JitContext, polling_blocks)), kPollingBlocks);
    a.add(x86::rsp, 8);
    for (const x86::Gp& saved : {x86::r15, x86::r14, x86::r13, x86::r12, x86::rbp, x86::rbx}) {
        a.pop(saved);
    }
    a.ret();
    code.flatten();
    code.resolveUnresolvedLinks();
    std::uint8_t* where = cache_.allocate(code.codeSize());
    if (where == nullptr) {
        throw std::runtime_error("the JIT's translation cache is too small for its entry code");
    }
    code.relocateToBase(address_of(where));
    code.copyFlattenedData(where, code.codeSize());
    entry_ = reinterpret_cast<JitEntry>(where);
    exit_ = where + code.labelOffsetFromBase(exit);
    cache_.keep_allocated();
}

BlockTranslator::Translation BlockTranslator::translate(DecodedBlock& block) {
    // Each helper-run instruction gets a copy followed by a sentinel, so that its threaded
    // execute function returns after it; every instruction has its slot, used or not.
    const std::size_t helper_bytes = 2 * block.count * sizeof(DecodedInstruction);
    auto* helpers = reinterpret_cast<DecodedInstruction*>(cache_.allocate(helper_bytes));
    if (helpers == nullptr) {
        return {nullptr, true};
    }
    for (std::size_t index = 0; index < block.count; ++index) {
        helpers[2 * index] = block.instructions[index];
        DecodedInstruction& sentinel = helpers[2 * index + 1];
        sentinel = DecodedInstruction{};
        sentinel.execute = end_of_block;
        sentinel.pc = block.instructions[index + 1].pc;
    }

    asmjit::CodeHolder code;
    ErrorFlag errors;
    code.init(asmjit::Environment::host());
    code.setErrorHandler(&errors);
    x86::Assembler assembler(&code);
    BlockEmitter(*this, assembler, block, helpers).emit();
    code.flatten();
    code.resolveUnresolvedLinks();
    if (errors.failed) {
        return {nullptr, false};
    }
    std::uint8_t* where = cache_.allocate(code.codeSize());
    if (where == nullptr) {
        return {nullptr, true};
    }
    code.relocateToBase(address_of(where));
    code.copyFlattenedData(where, code.codeSize());
    return {where, false};
}

void BlockTranslator::chain(std::uint8_t* site, const void* code) {
    // The site is a jmp rel32 (long form): patch its displacement.
    const std::int32_t displacement = distance(site + 5, code);
    std::memcpy(site + 1, &displacement, sizeof displacement);
}

} // namespace xbemu
