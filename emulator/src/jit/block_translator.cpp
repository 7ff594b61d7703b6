#include "jit/block_translator.hpp"

#include "fp/floating_point.hpp"
#include "xbemu/block_cache.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/memory_access_observer.hpp"
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
// HartHotState::instret while translated code runs: stored before every helper call and on every
// exit but those after a helper (which leave it right in the hart), loaded after helper calls.
const x86::Gp kInstret = x86::r15;
// The cycle mode's turns of a block that loops on itself not yet accounted in the hart
// (BlockEmitter::turns_in_register_); one of the cache registers, callee-saved.
const x86::Gp kTurns = x86::rbp;

// Rounding-mode fields of floating-point instructions, and frm.
constexpr std::int32_t kNearestEven = 0;
constexpr std::int32_t kTowardZero = 1;
constexpr std::int32_t kLastRoundingMode = 4; // RMM; 5 and 6 are reserved
constexpr std::int32_t kDynamicRounding = 7;

// The largest constant an instruction takes as a sign-extended 32-bit immediate or displacement
// and that means the same as a 64-bit unsigned number.
constexpr std::uint64_t kLargestImmediate = 0x7fffffff;

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
    } catch (const DebuggerStop&) {
        return static_cast<std::uint32_t>(JitExit::DebuggerStop);
    } catch (...) {
        context->exception = std::current_exception();
        return static_cast<std::uint32_t>(JitExit::Foreign);
    }
}

// With caches: what translated code calls where the interpreter's charges must run (a fetch
// from another line, a load or store that is not a hit in its set's most recently used line).
void charge_fetches(Hart* hart, std::uint64_t index) noexcept {
    hart->charge_fetches_through(index);
}

void charge_fetch(Hart* hart, std::uint64_t line, std::uint64_t index) noexcept {
    hart->charge_fetch(line, index);
}

void charge_access(Hart* hart, std::uint64_t address, std::uint64_t size, std::uint64_t store,
                   const DecodedInstruction* op) noexcept {
    hart->charge_data_access(address, static_cast<unsigned>(size), store != 0, *op);
}

// The cycle mode's polling observation of the whole state after a block's accounting, where
// translated code's common cases cannot decide (Hart::detect_polling): 1 when the hart polls.
std::uint32_t observe_for_polling(Hart* hart) noexcept {
    return hart->observe_for_polling() ? 1 : 0;
}

// With a memory observer: what translated code calls for a fetch, or a load or store in RAM,
// that is not a hit in its set's most recently used line.
void observe_fetch(MemoryAccessObserver* observer, std::uint64_t address,
                   std::uint64_t bytes) noexcept {
    observer->fetched(address, static_cast<unsigned>(bytes));
}

void observe_access(MemoryAccessObserver* observer, std::uint64_t address, std::uint64_t size,
                    std::uint64_t store) noexcept {
    if (store != 0) {
        observer->stored(address, static_cast<unsigned>(size));
    } else {
        observer->loaded(address, static_cast<unsigned>(size));
    }
}

bool host_has_fma() {
    __builtin_cpu_init();
    return __builtin_cpu_supports("fma") != 0;
}

std::int32_t distance(const void* from, const void* to) {
    return static_cast<std::int32_t>(static_cast<const std::byte*>(to) -
                                     static_cast<const std::byte*>(from));
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

// How an operation's code is made: its form, and the x86 instruction, condition or access it
// uses.
enum class Form : std::uint8_t {
    Constant,
    PcRelative,
    Immediate,
    Binary,
    WordImmediate,
    WordBinary,
    Shift,
    WordShift,
    Compare,
    CompareImmediate,
    HighMultiply,
    MixedHighMultiply,
    Divide,
    Load,
    Store,
    FloatLoad,
    FloatStore,
    FloatRounded,
    FloatFused,
    SignInject,
    FloatCompare,
    FloatToInteger,   // fmv.x.*
    FloatFromInteger, // fmv.*.x
    ConvertFromInteger,
    ConvertToInteger,
    ConvertFormat,
    Branch,
    Jump,
    JumpRegister,
};

struct Recipe {
    Form form;
    x86::Inst::Id instruction = x86::Inst::kIdNone;
    x86::CondCode condition = x86::CondCode::kE;
    // Accesses and divisions: the operands' size; floating-point forms: the format's (4 single,
    // 8 double), for conversions the floating-point side's.
    unsigned size = 8;
    bool sign_extend = false; // loads; divisions and conversions: signed
    bool remainder = false;   // divisions: the remainder rather than the quotient
    // Sign injection: the sign of rs2 as it is (0), inverted (1), or xor the sign of rs1 (2).
    unsigned sign_kind = 0;
    unsigned integer_size = 8; // conversions: the integer side's size
};

// Conversions between integers and floating-point numbers come in fours, w, wu, l and lu, of
// doubles and then of singles, from `first` on.
Recipe conversion_recipe(Form form, NativeOperation operation, NativeOperation first) {
    using enum NativeOperation;
    static_assert(static_cast<int>(FcvtSLu) - static_cast<int>(FcvtDW) == 7);
    static_assert(static_cast<int>(FcvtLuS) - static_cast<int>(FcvtWD) == 7);
    const auto position =
        static_cast<unsigned>(static_cast<int>(operation) - static_cast<int>(first));
    return {.form = form,
            .size = position < 4 ? 8U : 4U,
            .sign_extend = position % 2 == 0,
            .integer_size = position % 4 < 2 ? 4U : 8U};
}

Recipe recipe_of(NativeOperation operation) {
    using enum NativeOperation;
    using C = x86::CondCode;
    namespace I = x86::Inst;
    switch (operation) {
    case Lui:
        return {Form::Constant};
    case Auipc:
        return {Form::PcRelative};
    case Addi:
        return {Form::Immediate, I::kIdAdd};
    case Xori:
        return {Form::Immediate, I::kIdXor};
    case Ori:
        return {Form::Immediate, I::kIdOr};
    case Andi:
        return {Form::Immediate, I::kIdAnd};
    case Slli:
        return {Form::Immediate, I::kIdShl};
    case Srli:
        return {Form::Immediate, I::kIdShr};
    case Srai:
        return {Form::Immediate, I::kIdSar};
    case Slti:
        return {Form::CompareImmediate, I::kIdNone, C::kL};
    case Sltiu:
        return {Form::CompareImmediate, I::kIdNone, C::kB};
    case Addiw:
        return {Form::WordImmediate, I::kIdAdd};
    case Slliw:
        return {Form::WordImmediate, I::kIdShl};
    case Srliw:
        return {Form::WordImmediate, I::kIdShr};
    case Sraiw:
        return {Form::WordImmediate, I::kIdSar};
    case Add:
        return {Form::Binary, I::kIdAdd};
    case Sub:
        return {Form::Binary, I::kIdSub};
    case Xor:
        return {Form::Binary, I::kIdXor};
    case Or:
        return {Form::Binary, I::kIdOr};
    case And:
        return {Form::Binary, I::kIdAnd};
    case Mul:
        return {Form::Binary, I::kIdImul};
    case Sll:
        return {Form::Shift, I::kIdShl};
    case Srl:
        return {Form::Shift, I::kIdShr};
    case Sra:
        return {Form::Shift, I::kIdSar};
    case Slt:
        return {Form::Compare, I::kIdNone, C::kL};
    case Sltu:
        return {Form::Compare, I::kIdNone, C::kB};
    case Addw:
        return {Form::WordBinary, I::kIdAdd};
    case Subw:
        return {Form::WordBinary, I::kIdSub};
    case Mulw:
        return {Form::WordBinary, I::kIdImul};
    case Sllw:
        return {Form::WordShift, I::kIdShl};
    case Srlw:
        return {Form::WordShift, I::kIdShr};
    case Sraw:
        return {Form::WordShift, I::kIdSar};
    case Mulh:
        return {Form::HighMultiply, I::kIdImul};
    case Mulhu:
        return {Form::HighMultiply, I::kIdMul};
    case Mulhsu:
        return {Form::MixedHighMultiply, I::kIdMul};
    case Div:
        return {Form::Divide, I::kIdIdiv, C::kE, 8, true, false};
    case Divu:
        return {Form::Divide, I::kIdDiv, C::kE, 8, false, false};
    case Rem:
        return {Form::Divide, I::kIdIdiv, C::kE, 8, true, true};
    case Remu:
        return {Form::Divide, I::kIdDiv, C::kE, 8, false, true};
    case Divw:
        return {Form::Divide, I::kIdIdiv, C::kE, 4, true, false};
    case Divuw:
        return {Form::Divide, I::kIdDiv, C::kE, 4, false, false};
    case Remw:
        return {Form::Divide, I::kIdIdiv, C::kE, 4, true, true};
    case Remuw:
        return {Form::Divide, I::kIdDiv, C::kE, 4, false, true};
    case Lb:
        return {Form::Load, I::kIdNone, C::kE, 1, true};
    case Lh:
        return {Form::Load, I::kIdNone, C::kE, 2, true};
    case Lw:
        return {Form::Load, I::kIdNone, C::kE, 4, true};
    case Ld:
        return {Form::Load, I::kIdNone, C::kE, 8, false};
    case Lbu:
        return {Form::Load, I::kIdNone, C::kE, 1, false};
    case Lhu:
        return {Form::Load, I::kIdNone, C::kE, 2, false};
    case Lwu:
        return {Form::Load, I::kIdNone, C::kE, 4, false};
    case Sb:
        return {Form::Store, I::kIdNone, C::kE, 1};
    case Sh:
        return {Form::Store, I::kIdNone, C::kE, 2};
    case Sw:
        return {Form::Store, I::kIdNone, C::kE, 4};
    case Sd:
        return {Form::Store, I::kIdNone, C::kE, 8};
    case Flw:
        return {Form::FloatLoad, I::kIdNone, C::kE, 4};
    case Fld:
        return {Form::FloatLoad, I::kIdNone, C::kE, 8};
    case Fsw:
        return {Form::FloatStore, I::kIdNone, C::kE, 4};
    case Fsd:
        return {Form::FloatStore, I::kIdNone, C::kE, 8};
    case FaddS:
        return {Form::FloatRounded, I::kIdAddss, C::kE, 4};
    case FsubS:
        return {Form::FloatRounded, I::kIdSubss, C::kE, 4};
    case FmulS:
        return {Form::FloatRounded, I::kIdMulss, C::kE, 4};
    case FdivS:
        return {Form::FloatRounded, I::kIdDivss, C::kE, 4};
    case FsqrtS:
        return {Form::FloatRounded, I::kIdSqrtss, C::kE, 4};
    case FmaddS:
        return {Form::FloatFused, I::kIdVfmadd231ss, C::kE, 4};
    case FmsubS:
        return {Form::FloatFused, I::kIdVfmsub231ss, C::kE, 4};
    case FnmsubS:
        return {Form::FloatFused, I::kIdVfnmadd231ss, C::kE, 4};
    case FnmaddS:
        return {Form::FloatFused, I::kIdVfnmsub231ss, C::kE, 4};
    case FsgnjS:
        return {.form = Form::SignInject, .size = 4};
    case FsgnjnS:
        return {.form = Form::SignInject, .size = 4, .sign_kind = 1};
    case FsgnjxS:
        return {.form = Form::SignInject, .size = 4, .sign_kind = 2};
    case FeqS:
        return {Form::FloatCompare, I::kIdNone, C::kE, 4};
    case FltS:
        return {Form::FloatCompare, I::kIdNone, C::kB, 4};
    case FleS:
        return {Form::FloatCompare, I::kIdNone, C::kBE, 4};
    case FmvXW:
        return {.form = Form::FloatToInteger, .size = 4};
    case FmvWX:
        return {.form = Form::FloatFromInteger, .size = 4};
    case FcvtDW:
    case FcvtDWu:
    case FcvtDL:
    case FcvtDLu:
    case FcvtSW:
    case FcvtSWu:
    case FcvtSL:
    case FcvtSLu:
        return conversion_recipe(Form::ConvertFromInteger, operation, FcvtDW);
    case FcvtWD:
    case FcvtWuD:
    case FcvtLD:
    case FcvtLuD:
    case FcvtWS:
    case FcvtWuS:
    case FcvtLS:
    case FcvtLuS:
        return conversion_recipe(Form::ConvertToInteger, operation, FcvtWD);
    // The size is the result's.
    case FcvtDS:
        return {.form = Form::ConvertFormat, .size = 8};
    case FcvtSD:
        return {.form = Form::ConvertFormat, .size = 4};
    case FaddD:
        return {Form::FloatRounded, I::kIdAddsd};
    case FsubD:
        return {Form::FloatRounded, I::kIdSubsd};
    case FmulD:
        return {Form::FloatRounded, I::kIdMulsd};
    case FdivD:
        return {Form::FloatRounded, I::kIdDivsd};
    case FsqrtD:
        return {Form::FloatRounded, I::kIdSqrtsd};
    // RISC-V's fnmsub is -(rs1 * rs2) + rs3, x86's fnmadd; its fnmadd is x86's fnmsub.
    case FmaddD:
        return {Form::FloatFused, I::kIdVfmadd231sd};
    case FmsubD:
        return {Form::FloatFused, I::kIdVfmsub231sd};
    case FnmsubD:
        return {Form::FloatFused, I::kIdVfnmadd231sd};
    case FnmaddD:
        return {Form::FloatFused, I::kIdVfnmsub231sd};
    case FsgnjD:
        return {Form::SignInject};
    case FsgnjnD:
        return {.form = Form::SignInject, .sign_kind = 1};
    case FsgnjxD:
        return {.form = Form::SignInject, .sign_kind = 2};
    // After ucomisd rs1, rs2 on ordered operands: below is less than.
    case FeqD:
        return {Form::FloatCompare, I::kIdNone, C::kE};
    case FltD:
        return {Form::FloatCompare, I::kIdNone, C::kB};
    case FleD:
        return {Form::FloatCompare, I::kIdNone, C::kBE};
    case FmvXD:
        return {Form::FloatToInteger};
    case FmvDX:
        return {Form::FloatFromInteger};
    case Beq:
        return {Form::Branch, I::kIdNone, C::kE};
    case Bne:
        return {Form::Branch, I::kIdNone, C::kNE};
    case Blt:
        return {Form::Branch, I::kIdNone, C::kL};
    case Bge:
        return {Form::Branch, I::kIdNone, C::kGE};
    case Bltu:
        return {Form::Branch, I::kIdNone, C::kB};
    case Bgeu:
        return {Form::Branch, I::kIdNone, C::kAE};
    case Jal:
        return {Form::Jump};
    case Jalr:
    case CompressedJalr:
        break;
    }
    return {Form::JumpRegister};
}

// Conversions whose every result is exact: to double from 32-bit integers and from single.
bool exact_conversion(const Recipe& recipe) {
    return recipe.size == 8 && (recipe.form == Form::ConvertFormat || recipe.integer_size == 4);
}

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
    // Where the block's code starts: from the dispatch loop, and (the cycle mode) from another
    // block's code.
    const asmjit::Label& entry() const { return entry_; }
    const asmjit::Label& chained_entry() const { return chained_entry_; }
    const asmjit::Label& linked_entry(bool load_use) const {
        return load_use && may_stall_on_entry() ? linked_stall_entry_ : linked_entry_;
    }

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
    // Loads the cached registers of `mask` (all of them by default) from the register file.
    void load_cached(std::uint64_t mask = ~0ULL);
    // The registers the block reads before it writes them (up to its first helper call).
    std::uint64_t read_before_written() const;
    // Stores the cached registers of `mask` (guest register bits) into the register file.
    void write_back(std::uint64_t mask);
    void emit_native(std::size_t index, NativeOperation operation);
    // The helper call of instruction `index`, with the register file up to date around it: as
    // an instruction of the straight-line path, or in a slow path where `dirty` are the cached
    // registers not yet in the register file.
    void emit_helper(std::size_t index);
    void emit_helper_call(std::size_t index, std::uint64_t dirty);
    // Counts the block's instructions, and goes to `before` (which must undo the count) when
    // the block would end after the next event.
    void emit_event_check(const asmjit::Label& before);
    // A slow path for instruction `index`: its label, where the native code goes when it cannot
    // do the instruction, and its resume label, which end_slow_path binds after the native code.
    struct SlowPath;
    SlowPath begin_slow_path(std::size_t index);
    void end_slow_path(const SlowPath& slow);
    void emit_divide(std::size_t index, const Recipe& recipe);
    // For an xBGAS base load or store: to `other` unless the object ID in e[rs1] is 0.
    void emit_object_check(const DecodedInstruction& op, const asmjit::Label& other);
    // rcx = the RAM offset of rs1 + imm, compared with the fast-path bound (jae: slow path);
    // with caches, the bound of their inline path.
    void emit_ram_offset(const DecodedInstruction& op);
    // With caches, at the block's entry: the fetch cursor at its first instruction, and with
    // an instruction cache, the fetch of that instruction.
    void emit_fetch_start();
    // With an instruction cache: the fetches of the instructions before `end` not yet fetched,
    // as Hart::charge_fetches_through does them, from what the block's addresses tell at
    // translation: a line the hart fetched last is a hit; another one is looked up, inline when
    // it is its set's most recently used, else through Hart::charge_fetch. The interpreter
    // fetches lazily (before a load or store, at the end); each fetch sees the stalls of the
    // instructions before it either way, so translated code fetches before every instruction
    // that may look at the time or the caches: loads, stores and helpers. Uses rax and rdx.
    void emit_fetches_until(std::size_t end);
    void emit_fetch_hits(std::uint64_t count);
    // A lookup of `line` for instruction `index`.
    void emit_line_fetch(std::uint64_t line, std::size_t index);
    // With caches: the fetches through the block's last instruction, at its end.
    void emit_fetches_at_end();
    // A memory observer's fetches (t_.fetch_observer_): those of the instructions before `end`
    // not yet counted. The first in a line looks it up; the others in the line are hits.
    void emit_shown_fetches_until(std::size_t end);
    void emit_shown_fetch_hits(std::uint64_t count, std::uint64_t bytes);
    // Whether instruction `index` may leave the block, or show an observer a load or store:
    // the fetches up to it must be counted first.
    bool may_leave(std::size_t index) const;
    // With caches, for load or store `index` whose RAM offset is in rcx (kept): its access,
    // inline when it hits in its set's most recently used line, else through
    // Hart::charge_data_access.
    void emit_access_timing(std::size_t index, unsigned size, bool store);
    void emit_call(const void* function);
    void emit_load(std::size_t index, const Recipe& recipe);
    void emit_store(std::size_t index, const Recipe& recipe);
    // Floating-point register `index`, or its low `size` bytes (where a single lives).
    x86::Mem f(unsigned index, unsigned size = 8) const {
        return x86::ptr(kHart, t_.layout_.f + static_cast<std::int32_t>(8 * index), size);
    }
    // rax into floating-point register rd, which makes the FPU state dirty. A single (`size` 4,
    // in eax with the upper half of rax clear) is NaN-boxed, as Hart::write_single does.
    void write_float_rd(unsigned rd, unsigned size = 8);
    // To `slow` unless the instruction's rounding mode is RNE (`exact`: any valid mode).
    void check_rounding_mode(const DecodedInstruction& op, const asmjit::Label& slow, bool exact);
    // To `slow` unless fflags holds NX.
    void check_inexact_accrued(const asmjit::Label& slow);
    // To `slow` unless floating-point register `index` holds a NaN-boxed single.
    void check_boxed(unsigned index, const asmjit::Label& slow);
    // rax = the bits of the result in xmm0, a number of `size` bytes; to `slow` unless it is
    // comfortably normal.
    void check_comfortably_normal(unsigned size, const asmjit::Label& slow);
    void emit_float_arithmetic(std::size_t index, const Recipe& recipe);
    void emit_sign_inject(std::size_t index, const Recipe& recipe);
    void emit_float_compare(std::size_t index, const Recipe& recipe);
    void emit_convert_from_integer(std::size_t index, const Recipe& recipe);
    void emit_convert_to_integer(std::size_t index, const Recipe& recipe);
    void emit_convert_format(std::size_t index, const Recipe& recipe);
    void emit_branch(std::size_t index, asmjit::x86::CondCode taken);
    void emit_jump(std::size_t index);
    void emit_jump_register(std::size_t index, bool compressed);
    // Block ends, with every cached register written back.
    void emit_static_end(std::uint64_t target);
    // Whether the block ends with a branch or jump to its own start.
    bool loops_on_itself() const;
    void emit_loop_back();
    void emit_dynamic_end();
    void emit_polling_count();
    // The count of polling blocks in a row: one more, or 0 after a block that cannot poll.
    void emit_polling_increment();
    // After a block in the cycle mode: the polling detection's reset after a block with side
    // effects, or its common cases after one without; else, with nothing changed, to
    // `observe` when the detection looks at the whole state, or to `look` (a device read).
    void emit_polling_detection(const asmjit::Label& look, const asmjit::Label& observe,
                                bool dynamic, std::uint64_t target);
    // Counts the block for the wait detection and goes to `watch` when it looks at the hart.
    void emit_watch_check(const asmjit::Label& watch);
    void emit_cold_code();
    void exit_with(JitExit kind);
    void jump_to(const void* code);
    // A Completed exit to the dispatch loop, with no jump to chain (next_pc is set).
    void leave_to_loop();
    // The cycle mode. The entries from another block's code: the cycle loop's checks before a
    // block (the time bound, where the last instruction starts) and the start of its time. The
    // chained entry (a jump through the table of translated blocks) finds the first
    // instruction's load-use stall in pending_load_mask; a linked entry (a static end's jump,
    // which the engine links to the entry for the block it comes from) knows it, and takes
    // the clock in rax.
    void emit_chained_entry();
    // A linked entry's checks and start of time, with a load-use stall of `load_use` cycles,
    // going to `before` (`before_event` once the event check has counted the block) when the
    // block may not run now.
    void emit_linked_entry(std::uint64_t load_use, const asmjit::Label& before,
                           const asmjit::Label& before_event);
    // The cycle mode's end of a block that loops on itself: its end and its own linked entry,
    // with the registers still cached (what leaves writes them back).
    void emit_timed_loop_back();
    // Whether a timed block that loops on itself counts its turns in kTurns, accounted in the
    // hart only when its code leaves, calls or ends otherwise (emit_account_turns).
    bool counts_turns_in_register() const;
    // The turns counted in kTurns onto the hart, as the turns' own accounting would have put
    // them, and kTurns = 0 (uses rax and the flags).
    void emit_account_turns();
    // Leaves the translated code, with its turns accounted.
    void jump_to_exit();
    // Which block runs and where its helpers' instructions are, for Hart::cycle_at (uses rax).
    void emit_running_block();
    // Whether the first instruction may wait for a load of the block before (block_load_use).
    bool may_stall_on_entry() const;
    // A 64-bit field plus, set to or tested against a constant (with rdx when it is large).
    void add_constant(const x86::Mem& field, std::uint64_t value);
    void store_constant(const x86::Mem& field, std::uint64_t value);
    void test_constant(const x86::Mem& field, std::uint64_t value);
    // At the block's end, with next_pc set and the registers written back: what the loop does
    // after the block (unless it must look itself: a suspended hart, the wait detection's
    // watch, a polling observation of the whole state), then on to the next block; `taken`:
    // the end is a taken branch or jump, or (dynamic) next_pc tells.
    // A static end (not `dynamic`) goes to `target`, which its cold paths store in next_pc:
    // the chained jump's path does not need it.
    // `dirty`: cached registers not yet written back, which the paths that leave or observe
    // write back (a loop's end).
    // `turn`: a loop's end counting its turns in kTurns, which counts one instead.
    void emit_timed_end(bool dynamic, bool taken, std::uint64_t target = 0, std::uint64_t dirty = 0,
                        bool turn = false);
    // next_pc = target on a path out of a static end (not `dynamic`); uses rax.
    void store_static_next_pc(bool dynamic, std::uint64_t target);
    // The block's time and stalls onto the hart, as Hart::account_block; the taken penalty
    // from rcx when `dynamic`.
    void emit_block_accounting(bool dynamic, bool taken);
    // Goes to the code of the block at next_pc through the table of translated blocks, or
    // leaves with an AfterBlock exit.
    void emit_lookup_next();
    // Jumps to the code the table of translated blocks has for next_pc, else to `missing`.
    void emit_target_lookup(const asmjit::Label& missing);

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
    // The exits of a block that loops on itself, at its end: to the wait detection, and
    // before the next turn when an event is due.
    struct LoopExit {
        asmjit::Label watch;
        asmjit::Label before;
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
    asmjit::Label entry_;
    asmjit::Label chained_entry_;
    asmjit::Label linked_entry_;
    asmjit::Label linked_stall_entry_;
    asmjit::Label entered_; // after the entries' checks
    asmjit::Label before_;
    // The cycle mode's exits before a block entered from another block's code (which say so:
    // JitContext::chained), after the event check's count and before it.
    asmjit::Label chained_before_event_;
    asmjit::Label chained_before_;
    asmjit::Label body_; // after the entry's checks and loads, where a turn of a loop starts
    bool self_loop_ = false;
    bool turns_in_register_ = false;
    std::vector<LoopExit> loop_exits_;
    // The cycle mode's: before the next turn, when it may not run now (`watch`) or an event is
    // due (`before`).
    std::vector<LoopExit> timed_loop_exits_;
    std::vector<HelperExit> helper_exits_;
    std::vector<SlowPath> slow_paths_;
    std::vector<StaticExit> static_exits_;
    std::vector<StaticExit> after_block_exits_; // the cycle mode's chained jumps
    // With caches: the calls for accesses that are not inline hits, and for a first fetch
    // from another line than the last.
    struct AccessCall {
        asmjit::Label label;
        asmjit::Label resume;
        std::uint32_t index;
        std::uint64_t dirty;
        unsigned size;
        bool store;
    };
    std::vector<AccessCall> access_calls_;
    struct FetchCall {
        asmjit::Label label;
        asmjit::Label resume;
        std::uint64_t line;
        std::uint32_t index;
        std::uint64_t dirty;
    };
    std::vector<FetchCall> fetch_calls_;
    // With a memory observer's instruction cache: the calls for fetches that are not hits, and
    // the instructions whose fetches are counted so far, the last of them in shown_line_.
    struct ShownFetchCall {
        asmjit::Label label;
        asmjit::Label resume;
        std::uint64_t pc;
        unsigned bytes;
        std::uint64_t dirty;
    };
    std::vector<ShownFetchCall> shown_fetch_calls_;
    std::size_t shown_through_ = 0;
    std::uint64_t shown_line_ = 0;
    // With an instruction cache: the instructions fetched so far, and the line fetched last.
    std::size_t fetched_through_ = 0;
    std::uint64_t fetched_line_ = 0;
    // The cycle mode: the loop looks after the block (with next_pc = target unless dynamic).
    struct LookExit {
        asmjit::Label label;
        bool dynamic;
        std::uint64_t target;
        std::uint64_t dirty;
    };
    std::vector<LookExit> loop_exits_to_look_;
    // The cycle mode: a block end whose polling detection looks at the whole state, which its
    // cold code does after the block's accounting (through Hart::observe_for_polling), going
    // back to `observed` unless the hart polls.
    struct PollingObservation {
        asmjit::Label observe;
        asmjit::Label observed;
        bool dynamic;
        bool taken;
        std::uint64_t target;
        std::uint64_t dirty;
        bool turn; // a loop's end counting its turns in kTurns
    };
    std::vector<PollingObservation> polling_observations_;
    // The cycle mode: a look by the loop after the block had been counted as a polling block.
    struct UncountedLook {
        asmjit::Label uncount;
        asmjit::Label look;
    };
    std::vector<UncountedLook> uncounted_looks_;
    // The cycle mode: polling detection after a block without side effects, past the streak
    // before looking (or after a device read), from `label` back to `decided`.
    struct StreakEnd {
        asmjit::Label label;
        asmjit::Label decided;
        asmjit::Label look;
        asmjit::Label observe;
        bool dynamic;
        std::uint64_t target;
    };
    std::vector<StreakEnd> streak_ends_;
    void emit_streak_end(const StreakEnd& end);
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
    return t_.native(block_, index);
}

bool BlockTranslator::native(const DecodedBlock& block, std::size_t index) const {
    const InstructionDescriptor* descriptor = block.descriptors[index];
    if (descriptor == nullptr || block.instructions[index].execute != descriptor->execute) {
        return false;
    }
    const NativeOperation* operation = operations_.find(descriptor->execute);
    if (operation == nullptr) {
        return false;
    }
    // Rounded operations are native in RNE, given by the instruction or (dynamic) by frm; an
    // exact conversion in any valid rounding mode; a conversion to an integer in RTZ too (C's
    // casts), given by the instruction.
    const std::int32_t rounding = block.instructions[index].imm;
    const bool nearest = rounding == kNearestEven || rounding == kDynamicRounding;
    const Recipe recipe = recipe_of(*operation);
    switch (recipe.form) {
    case Form::FloatRounded:
    case Form::FloatFused:
        return nearest;
    case Form::ConvertFromInteger:
    case Form::ConvertFormat:
        return exact_conversion(recipe) ? rounding <= kLastRoundingMode || nearest : nearest;
    case Form::ConvertToInteger:
        return nearest || rounding == kTowardZero;
    default:
        return true;
    }
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
    // Worth it when the uses outnumber the loads and stores it costs: one each around every
    // helper call, and at the block's ends unless it loops on itself (once per loop then).
    const unsigned worth = helper_calls + (self_loop_ ? 0 : 2);
    // kTurns is the first cache register.
    for (std::size_t slot = turns_in_register_ ? 1 : 0; slot < kCacheRegisters.size(); ++slot) {
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

void BlockEmitter::load_cached(std::uint64_t mask) {
    for (unsigned index = 1; index < 32; ++index) {
        if (cached(index) && (mask & (1ULL << index)) != 0) {
            a_.mov(host(index), x(index));
        }
    }
}

std::uint64_t BlockEmitter::read_before_written() const {
    std::uint64_t read = 0;
    std::uint64_t written = 0;
    for (std::size_t index = 0; index < block_.count; ++index) {
        // A helper call reloads every cached register after it.
        if (!native(index)) {
            break;
        }
        const DecodedInstruction& op = block_.instructions[index];
        const OperandUse use = operand_use(*t_.operations_.find(op.execute));
        const std::uint64_t sources =
            (use.reads_rs1 ? 1ULL << op.rs1 : 0) | (use.reads_rs2 ? 1ULL << op.rs2 : 0);
        read |= sources & ~written;
        written |= use.writes_rd ? 1ULL << op.rd : 0;
    }
    return read;
}

void BlockEmitter::write_back(std::uint64_t mask) {
    for (unsigned index = 1; index < 32; ++index) {
        if ((mask & (1ULL << index)) != 0) {
            a_.mov(x(index), host(index));
        }
    }
}

bool BlockEmitter::loops_on_itself() const {
    const std::size_t last = block_.count - 1;
    if (!native(last)) {
        return false;
    }
    const DecodedInstruction& op = block_.instructions[last];
    const Form form = recipe_of(*t_.operations_.find(op.execute)).form;
    const std::uint64_t target = op.pc + static_cast<std::uint64_t>(std::int64_t{op.imm});
    return (form == Form::Branch || form == Form::Jump) && target == block_.start_pc;
}

void BlockEmitter::emit() {
    entry_ = a_.newLabel();
    // The cycle mode's entries and exits (a label costs the functional mode's translations).
    if (t_.timed_) {
        chained_entry_ = a_.newLabel();
        linked_entry_ = a_.newLabel();
        linked_stall_entry_ = a_.newLabel();
        entered_ = a_.newLabel();
        chained_before_ = a_.newLabel();
        chained_before_event_ = a_.newLabel();
    }
    before_ = a_.newLabel();
    body_ = a_.newLabel();
    a_.bind(entry_);
    // In the cycle mode a block accounts its time at its end, then enters itself as it would
    // another block; with caches, whose fetches start at its entry, it leaves for that.
    self_loop_ = !t_.memory_timed_ && loops_on_itself();
    turns_in_register_ = counts_turns_in_register();
    if (turns_in_register_) {
        a_.xor_(kTurns.r32(), kTurns.r32());
    }
    choose_cached_registers();
    // The interpreter's event check before a block: the block must end before the next event.
    emit_event_check(before_);
    if (t_.timed_) {
        // The chained entry, which runs far more often than the loop's, falls through.
        a_.jmp(entered_);
        emit_chained_entry();
        a_.bind(entered_);
    }
    if (t_.memory_timed_) {
        emit_fetch_start();
    }
    // A register the block writes before it reads it need not be loaded: until then it is not
    // dirty, so nothing writes it back. A loop's later turns may leave before writing it,
    // holding the last turn's value: a loop loads them all.
    load_cached(self_loop_ ? ~0ULL : read_before_written());
    a_.bind(body_);
    // Going round again, the cached registers may hold what earlier turns wrote: every exit
    // writes them all back (unchanged ones too, which is harmless).
    if (self_loop_) {
        for (unsigned index = 1; index < 32; ++index) {
            if (cached(index)) {
                dirty_mask_ |= 1ULL << index;
            }
        }
    }

    const std::size_t last = block_.count - 1;
    for (std::size_t index = 0; index < block_.count; ++index) {
        // A loop's turns each start at body_, and fetch again.
        if (t_.fetch_observer_ != nullptr && (index == last || may_leave(index))) {
            emit_shown_fetches_until(index + 1);
        }
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
    emit_fetches_until(index + 1);
    emit_helper_call(index, dirty_mask_);
    dirty_mask_ = 0;
}

void BlockEmitter::emit_event_check(const asmjit::Label& before) {
    a_.add(kInstret, static_cast<std::int32_t>(block_.count));
    a_.cmp(kInstret, hart_field(t_.layout_.next_event));
    a_.ja(before);
}

void BlockEmitter::emit_helper_call(std::size_t index, std::uint64_t dirty) {
    HelperExit exit{a_.newLabel(), static_cast<std::uint32_t>(index)};
    write_back(dirty);
    if (t_.timed_ && !t_.memory_timed_) {
        emit_running_block();
    }
    a_.mov(hart_field(t_.layout_.instret), kInstret);
    a_.mov(x86::rdi, kHart);
    a_.mov(x86::rsi, address_of(&helpers_[2 * index]));
    a_.mov(x86::rdx, kContext);
    emit_account_turns();
    a_.mov(x86::rax, address_of(reinterpret_cast<const void*>(&run_helper)));
    a_.call(x86::rax);
    a_.test(x86::eax, x86::eax);
    a_.jnz(exit.label);
    // The helper may have changed any register (and instret), and the call any caller-saved
    // host register.
    a_.mov(kInstret, hart_field(t_.layout_.instret));
    load_cached();
    helper_exits_.push_back(exit);
}

BlockEmitter::SlowPath BlockEmitter::begin_slow_path(std::size_t index) {
    return {a_.newLabel(), a_.newLabel(), static_cast<std::uint32_t>(index), dirty_mask_};
}

void BlockEmitter::end_slow_path(const SlowPath& slow) {
    a_.bind(slow.resume);
    slow_paths_.push_back(slow);
}

void BlockEmitter::emit_call(const void* function) {
    emit_account_turns();
    a_.mov(x86::rax, address_of(function));
    a_.call(x86::rax);
}

void BlockEmitter::emit_fetch_start() {
    a_.mov(hart_field(t_.layout_.fetch_cursor), 0);
    emit_fetches_until(1);
}

void BlockEmitter::emit_fetches_until(std::size_t end) {
    if (!t_.fetch_path_ || end <= fetched_through_) {
        return;
    }
    const std::uint64_t line_bytes = t_.fetch_line_bytes_;
    std::uint64_t hits = 0;
    for (std::size_t index = fetched_through_; index < end; ++index) {
        // An instruction's bytes run to the next one's pc (the sentinel's after the last).
        const std::uint64_t first = block_.instructions[index].pc & ~(line_bytes - 1);
        const std::uint64_t last = (block_.instructions[index + 1].pc - 1) & ~(line_bytes - 1);
        for (std::uint64_t line = first;; line += line_bytes) {
            if (index == 0 && line == first) {
                // Only the block's first line may be the one the hart fetched last.
                const asmjit::Label other = a_.newLabel();
                const asmjit::Label joined = a_.newLabel();
                a_.mov(x86::rax, line);
                a_.cmp(hart_field(t_.layout_.fetched_line), x86::rax);
                a_.jne(other);
                emit_fetch_hits(1);
                a_.jmp(joined);
                a_.bind(other);
                emit_line_fetch(line, index);
                a_.bind(joined);
            } else if (line == fetched_line_) {
                ++hits;
            } else {
                emit_fetch_hits(hits);
                hits = 0;
                emit_line_fetch(line, index);
            }
            fetched_line_ = line;
            if (line == last) {
                break;
            }
        }
    }
    emit_fetch_hits(hits);
    a_.mov(hart_field(t_.layout_.fetch_cursor), static_cast<std::int32_t>(end));
    fetched_through_ = end;
}

void BlockEmitter::emit_fetch_hits(std::uint64_t count) {
    if (count == 0) {
        return;
    }
    // MemoryTiming::fetch_hits, and the hart's stall.
    const CacheHitPath& path = *t_.fetch_path_;
    const auto add = [this](std::uint64_t* counter, std::uint64_t amount) {
        a_.mov(x86::rax, address_of(counter));
        a_.mov(x86::rdx, amount);
        a_.add(x86::qword_ptr(x86::rax), x86::rdx);
    };
    add(path.read_accesses, count);
    add(path.bytes_read, count * t_.fetch_bytes_);
    if (path.hit_stall != 0) {
        add(path.stall_cycles, count * path.hit_stall);
        a_.add(hart_field(t_.layout_.memory_stall), x86::rdx);
    }
}

void BlockEmitter::emit_line_fetch(std::uint64_t line, std::size_t index) {
    const CacheHitPath& path = *t_.fetch_path_;
    FetchCall call{a_.newLabel(), a_.newLabel(), line, static_cast<std::uint32_t>(index),
                   dirty_mask_};
    fetch_calls_.push_back(call);
    const std::uint64_t set = (line >> path.line_shift) & (path.sets - 1);
    a_.mov(x86::rax, address_of(path.entries + set * path.ways));
    a_.mov(x86::rdx, line | path.valid_flag);
    a_.cmp(x86::qword_ptr(x86::rax), x86::rdx);
    a_.jne(call.label);
    emit_fetch_hits(1);
    a_.bind(call.resume);
    a_.mov(x86::rax, line);
    a_.mov(hart_field(t_.layout_.fetched_line), x86::rax);
}

void BlockEmitter::emit_fetches_at_end() {
    if (t_.fetch_path_) {
        // A block has an end for each way a branch goes: each fetches what the path to it has
        // not.
        const std::size_t fetched_through = fetched_through_;
        const std::uint64_t fetched_line = fetched_line_;
        emit_fetches_until(block_.count);
        fetched_through_ = fetched_through;
        fetched_line_ = fetched_line;
        return;
    }
    // The registers are written back: the call may change any caller-saved one.
    a_.mov(x86::rdi, kHart);
    a_.mov(x86::esi, static_cast<std::uint32_t>(block_.count - 1));
    emit_call(reinterpret_cast<const void*>(&charge_fetches));
}

bool BlockEmitter::may_leave(std::size_t index) const {
    if (!native(index)) {
        return true;
    }
    switch (recipe_of(*t_.operations_.find(block_.instructions[index].execute)).form) {
    case Form::Constant:
    case Form::PcRelative:
    case Form::Immediate:
    case Form::Binary:
    case Form::WordImmediate:
    case Form::WordBinary:
    case Form::Shift:
    case Form::WordShift:
    case Form::Compare:
    case Form::CompareImmediate:
    case Form::HighMultiply:
    case Form::MixedHighMultiply:
        return false;
    default:
        return true;
    }
}

void BlockEmitter::emit_shown_fetches_until(std::size_t end) {
    const CacheHitPath& path = *t_.shown_fetch_path_;
    std::uint64_t hits = 0;
    std::uint64_t bytes = 0;
    for (std::size_t index = shown_through_; index < end; ++index) {
        const std::uint64_t pc = block_.instructions[index].pc;
        const unsigned size = (block_.encodings[index] & 3U) == 3U ? 4 : 2;
        // As the simulator counts it: in the line the instruction starts in.
        const std::uint64_t line = pc >> path.line_shift << path.line_shift;
        if (index != 0 && line == shown_line_) {
            ++hits;
            bytes += size;
            continue;
        }
        emit_shown_fetch_hits(hits, bytes);
        hits = 0;
        bytes = 0;
        const ShownFetchCall call{a_.newLabel(), a_.newLabel(), pc, size, dirty_mask_};
        shown_fetch_calls_.push_back(call);
        const std::uint64_t set = (line >> path.line_shift) & (path.sets - 1);
        a_.mov(x86::rax, address_of(path.entries + set * path.ways));
        a_.mov(x86::rdx, line | path.valid_flag);
        a_.cmp(x86::qword_ptr(x86::rax), x86::rdx);
        a_.jne(call.label);
        emit_shown_fetch_hits(1, size);
        a_.bind(call.resume);
        shown_line_ = line;
    }
    emit_shown_fetch_hits(hits, bytes);
    shown_through_ = end;
}

void BlockEmitter::emit_shown_fetch_hits(std::uint64_t count, std::uint64_t bytes) {
    if (count == 0) {
        return;
    }
    const CacheHitPath& path = *t_.shown_fetch_path_;
    a_.mov(x86::rax, address_of(path.read_accesses));
    a_.add(x86::qword_ptr(x86::rax), static_cast<std::int32_t>(count));
    a_.mov(x86::rax, address_of(path.bytes_read));
    a_.add(x86::qword_ptr(x86::rax), static_cast<std::int32_t>(bytes));
}

void BlockEmitter::emit_access_timing(std::size_t index, unsigned size, bool store) {
    AccessCall call{a_.newLabel(), a_.newLabel(), static_cast<std::uint32_t>(index),
                    dirty_mask_,   size,          store};
    access_calls_.push_back(call);
    // Inline only where the fetches before it were (else the call fetches them first); an
    // observer sees no fetches here (its instruction cache runs one instruction at a time).
    if (!t_.data_path_ || (t_.memory_timed_ && !t_.fetch_path_)) {
        a_.jmp(call.label);
        a_.bind(call.resume);
        return;
    }
    const CacheHitPath& path = *t_.data_path_;
    // rax = the address of the set's first (most recently used) entry; RAM's base is a multiple
    // of the sets' span (BlockTranslator's constructor checks), so its offset gives the set.
    a_.mov(x86::rax, x86::rcx);
    a_.shr(x86::rax, path.line_shift);
    a_.and_(x86::rax, static_cast<std::int32_t>(path.sets - 1));
    a_.imul(x86::rax, x86::rax, static_cast<std::int32_t>(8 * path.ways));
    a_.mov(x86::rdx, address_of(path.entries));
    a_.add(x86::rax, x86::rdx);
    // A hit when the entry, less RAM's base, is in the line of the offset (flags below the
    // line's bits); an empty way (0) lies outside RAM.
    a_.mov(x86::rdx, x86::qword_ptr(x86::rax));
    a_.add(x86::rdx, static_cast<std::int32_t>(-static_cast<std::int64_t>(kRamBase)));
    a_.xor_(x86::rdx, x86::rcx);
    a_.shr(x86::rdx, path.line_shift);
    a_.jnz(call.label);
    if (store) {
        a_.or_(x86::qword_ptr(x86::rax), static_cast<std::int32_t>(path.dirty_flag));
    }
    a_.mov(x86::rax, address_of(store ? path.write_accesses : path.read_accesses));
    a_.add(x86::qword_ptr(x86::rax), 1);
    a_.mov(x86::rax, address_of(store ? path.bytes_written : path.bytes_read));
    a_.add(x86::qword_ptr(x86::rax), static_cast<std::int32_t>(size));
    if (path.hit_stall != 0) {
        const auto stall = static_cast<std::int32_t>(path.hit_stall);
        a_.add(hart_field(t_.layout_.memory_stall), stall);
        a_.mov(x86::rax, address_of(path.stall_cycles));
        a_.add(x86::qword_ptr(x86::rax), stall);
    }
    a_.bind(call.resume);
}

void BlockEmitter::emit_divide(std::size_t index, const Recipe& recipe) {
    const DecodedInstruction& op = block_.instructions[index];
    const bool word = recipe.size == 4;
    const SlowPath slow = begin_slow_path(index);
    const x86::Gp dividend = word ? x86::Gp(x86::eax) : x86::Gp(x86::rax);
    const x86::Gp divisor = word ? x86::Gp(x86::ecx) : x86::Gp(x86::rcx);
    const x86::Gp high = word ? x86::Gp(x86::edx) : x86::Gp(x86::rdx);
    a_.emit(x86::Inst::kIdMov, dividend, guest(op.rs1, recipe.size));
    a_.emit(x86::Inst::kIdMov, divisor, guest(op.rs2, recipe.size));
    // Division by zero, and the one overflow (the most negative value by -1), have results of
    // their own, where x86 would fault: the helper gives them.
    a_.test(divisor, divisor);
    a_.jz(slow.label);
    if (recipe.sign_extend) {
        a_.cmp(divisor, -1);
        a_.je(slow.label);
        if (word) {
            a_.cdq(x86::edx, x86::eax);
        } else {
            a_.cqo(x86::rdx, x86::rax);
        }
    } else {
        a_.xor_(x86::edx, x86::edx);
    }
    a_.emit(recipe.instruction, high, dividend, divisor);
    const x86::Gp result = recipe.remainder ? high : dividend;
    if (word) {
        a_.movsxd(x86::rax, result);
    } else if (recipe.remainder) {
        a_.mov(x86::rax, x86::rdx);
    }
    write_rd(op.rd);
    end_slow_path(slow);
}

void BlockEmitter::emit_ram_offset(const DecodedInstruction& op) {
    static_assert(kRamBase <= 0x80000000, "-kRamBase must be a 32-bit displacement");
    const auto minus_base = static_cast<std::int32_t>(-static_cast<std::int64_t>(kRamBase));
    const x86::Gp base = cached(op.rs1) ? host(op.rs1) : x86::rcx;
    if (!cached(op.rs1)) {
        a_.mov(x86::rcx, x(op.rs1));
    }
    const std::int64_t displacement = std::int64_t{op.imm} + minus_base;
    if (displacement >= std::numeric_limits<std::int32_t>::min()) {
        a_.lea(x86::rcx, x86::ptr(base, static_cast<std::int32_t>(displacement)));
    } else {
        a_.lea(x86::rcx, x86::ptr(base, op.imm));
        a_.add(x86::rcx, minus_base);
    }
    const bool cached = t_.memory_timed_ || t_.data_observer_ != nullptr;
    a_.cmp(x86::rcx,
           hart_field(cached ? t_.layout_.cached_path_limit : t_.layout_.fast_path_limit));
}

void BlockEmitter::emit_object_check(const DecodedInstruction& op, const asmjit::Label& other) {
    if (t_.operations_.checks_object(op.execute)) {
        a_.cmp(x86::qword_ptr(kHart, t_.layout_.e + static_cast<std::int32_t>(8 * op.rs1)), 0);
        a_.jne(other);
    }
}

void BlockEmitter::emit_load(std::size_t index, const Recipe& recipe) {
    const DecodedInstruction& op = block_.instructions[index];
    const unsigned size = recipe.size;
    emit_fetches_until(index + 1);
    const SlowPath slow = begin_slow_path(index);
    emit_object_check(op, slow.label);
    emit_ram_offset(op);
    a_.jae(slow.label);
    if (t_.memory_timed_ || t_.data_observer_ != nullptr) {
        emit_access_timing(index, size, false);
    }
    const x86::Mem source = x86::ptr(kRam, x86::rcx, 0, 0, size);
    // Straight into rd's host register when the block keeps it in one.
    const bool into_host = recipe.form == Form::Load && op.rd != kSinkRegister && cached(op.rd);
    const x86::Gp target = into_host ? host(op.rd) : x86::rax;
    switch (size) {
    case 1:
    case 2:
        if (recipe.sign_extend) {
            a_.movsx(target, source);
        } else {
            a_.movzx(target.r32(), source);
        }
        break;
    case 4:
        if (recipe.sign_extend) {
            a_.movsxd(target, source);
        } else {
            a_.mov(target.r32(), source);
        }
        break;
    default:
        a_.mov(target, source);
        break;
    }
    if (into_host) {
        dirty_mask_ |= 1ULL << op.rd;
    } else if (recipe.form == Form::Load) {
        write_rd(op.rd);
    } else {
        write_float_rd(op.rd, size);
    }
    end_slow_path(slow);
}

void BlockEmitter::emit_store(std::size_t index, const Recipe& recipe) {
    const DecodedInstruction& op = block_.instructions[index];
    const unsigned size = recipe.size;
    emit_fetches_until(index + 1);
    const SlowPath slow = begin_slow_path(index);
    emit_object_check(op, slow.label);
    emit_ram_offset(op);
    a_.jae(slow.label);
    // A misaligned store takes the slow path (the interpreter's general one), so that the
    // store lies in one page, which must hold no decoded code and nothing the host watches.
    if (size > 1) {
        a_.test(x86::cl, static_cast<std::int32_t>(size - 1));
        a_.jnz(slow.label);
    }
    a_.mov(x86::rax, x86::rcx);
    a_.shr(x86::rax, kPageShift);
    a_.mov(x86::rdx, hart_field(t_.layout_.page_flags));
    a_.cmp(x86::byte_ptr(x86::rdx, x86::rax), 0);
    a_.jne(slow.label);
    if (t_.memory_timed_ || t_.data_observer_ != nullptr) {
        emit_access_timing(index, size, true);
    }
    const auto sized = [size](const x86::Gp& reg) -> x86::Gp {
        switch (size) {
        case 1:
            return reg.r8();
        case 2:
            return reg.r16();
        case 4:
            return reg.r32();
        default:
            return reg.r64();
        }
    };
    if (recipe.form == Form::Store && cached(op.rs2)) {
        a_.mov(x86::ptr(kRam, x86::rcx, 0, 0, size), sized(host(op.rs2)));
        end_slow_path(slow);
        return;
    }
    const x86::Gp value = sized(x86::rax);
    if (recipe.form == Form::Store) {
        a_.emit(x86::Inst::kIdMov, value, guest(op.rs2, size));
    } else {
        // fsw stores the low half of the register as it is, boxed or not.
        a_.mov(value, f(op.rs2, size));
    }
    a_.mov(x86::ptr(kRam, x86::rcx, 0, 0, size), value);
    end_slow_path(slow);
}

void BlockEmitter::write_float_rd(unsigned rd, unsigned size) {
    if (size == 4) {
        a_.mov(x86::rdx, 0xffffffff00000000ULL);
        a_.or_(x86::rax, x86::rdx);
    }
    a_.mov(f(rd), x86::rax);
    a_.or_(hart_field(t_.layout_.mstatus), static_cast<std::int32_t>(t_.fpu_dirty_));
}

void BlockEmitter::check_rounding_mode(const DecodedInstruction& op, const asmjit::Label& slow,
                                       bool exact) {
    if (op.imm != kDynamicRounding) {
        return;
    }
    const x86::Mem frm = x86::dword_ptr(kHart, t_.layout_.frm);
    if (exact) {
        a_.cmp(frm, kLastRoundingMode);
        a_.ja(slow);
    } else {
        a_.cmp(frm, kNearestEven);
        a_.jne(slow);
    }
}

void BlockEmitter::check_inexact_accrued(const asmjit::Label& slow) {
    a_.test(x86::byte_ptr(kHart, t_.layout_.fflags), fp::kInexact);
    a_.jz(slow);
}

// The interpreter reads a single that is not NaN-boxed as the canonical NaN; the helper does.
void BlockEmitter::check_boxed(unsigned index, const asmjit::Label& slow) {
    a_.cmp(x86::dword_ptr(kHart, t_.layout_.f + static_cast<std::int32_t>(8 * index + 4)), -1);
    a_.jne(slow);
}

// Doubles: a biased exponent in [63, 2044], as fp::comfortably_normal. Singles: in [2, 254],
// finite (RNE rounds an overflow to infinity) and above the smallest normal exponent, where a
// result may have been tiny before it rounded up to the smallest normal number: RISC-V detects
// tininess after rounding with an unbounded exponent, and raises UF then.
void BlockEmitter::check_comfortably_normal(unsigned size, const asmjit::Label& slow) {
    const bool single = size == 4;
    const std::int32_t lowest = single ? 2 : 63;
    const std::int32_t highest = single ? 254 : 2044;
    if (single) {
        a_.movd(x86::eax, x86::xmm0);
    } else {
        a_.movq(x86::rax, x86::xmm0);
    }
    a_.mov(x86::rcx, x86::rax);
    a_.shr(x86::rcx, single ? 23 : 52);
    a_.and_(x86::ecx, single ? 0xff : 0x7ff);
    a_.sub(x86::ecx, lowest);
    a_.cmp(x86::ecx, highest - lowest);
    a_.ja(slow);
}

// The host's operation in its default mode (RNE, no flush to zero) gives RISC-V's result when
// the rounding mode is RNE. Its flags are not read (that stalls the host): the code stays native
// only while fflags holds NX already, which every inexact operation would raise, and while the
// result is comfortably normal (check_comfortably_normal), so that no other flag can arise: a
// NaN (invalid operations, signaling operands), an infinity (overflow, division by zero), a zero
// or a tiny result (underflow) take the helper, which also makes NaNs canonical. The helper runs
// the whole instruction again, the native code having changed nothing.
void BlockEmitter::emit_float_arithmetic(std::size_t index, const Recipe& recipe) {
    const DecodedInstruction& op = block_.instructions[index];
    const unsigned size = recipe.size;
    const bool fused = recipe.form == Form::FloatFused;
    const bool square_root =
        recipe.instruction == x86::Inst::kIdSqrtsd || recipe.instruction == x86::Inst::kIdSqrtss;
    const SlowPath slow = begin_slow_path(index);
    check_rounding_mode(op, slow.label, false);
    check_inexact_accrued(slow.label);
    if (size == 4) {
        check_boxed(op.rs1, slow.label);
        if (!square_root && op.rs2 != op.rs1) {
            check_boxed(op.rs2, slow.label);
        }
        if (fused && op.rs3 != op.rs1 && op.rs3 != op.rs2) {
            check_boxed(op.rs3, slow.label);
        }
    }
    const x86::Inst::Id move = size == 4 ? x86::Inst::kIdMovss : x86::Inst::kIdMovsd;
    if (fused) {
        a_.emit(move, x86::xmm0, f(op.rs3, size));
        a_.emit(move, x86::xmm1, f(op.rs1, size));
        a_.emit(recipe.instruction, x86::xmm0, x86::xmm1, f(op.rs2, size));
    } else if (square_root) {
        // The square root writes the low part only: no dependency on xmm0's last value.
        a_.xorps(x86::xmm0, x86::xmm0);
        a_.emit(recipe.instruction, x86::xmm0, f(op.rs1, size));
    } else {
        a_.emit(move, x86::xmm0, f(op.rs1, size));
        a_.emit(recipe.instruction, x86::xmm0, f(op.rs2, size));
    }
    check_comfortably_normal(size, slow.label);
    write_float_rd(op.rd, size);
    end_slow_path(slow);
}

// Bit operations on the registers as they are: no flags, NaNs untouched, as the interpreter.
// Singles that are not NaN-boxed take the helper.
void BlockEmitter::emit_sign_inject(std::size_t index, const Recipe& recipe) {
    const DecodedInstruction& op = block_.instructions[index];
    const unsigned size = recipe.size;
    const bool single = size == 4;
    const SlowPath slow = begin_slow_path(index);
    if (single) {
        check_boxed(op.rs1, slow.label);
        if (op.rs2 != op.rs1) {
            check_boxed(op.rs2, slow.label);
        }
    }
    const x86::Gp value = single ? x86::Gp(x86::eax) : x86::Gp(x86::rax);
    const x86::Gp sign = single ? x86::Gp(x86::ecx) : x86::Gp(x86::rcx);
    const std::uint32_t sign_bit = 8 * size - 1;
    a_.mov(value, f(op.rs1, size));
    if (op.rs1 == op.rs2 && recipe.sign_kind == 0) {
        write_float_rd(op.rd, size); // fmv
    } else {
        a_.mov(sign, f(op.rs2, size));
        if (recipe.sign_kind == 1) {
            a_.not_(sign);
        }
        a_.shr(sign, sign_bit);
        a_.shl(sign, sign_bit);
        if (recipe.sign_kind != 2) {
            a_.btr(value, sign_bit);
            a_.or_(value, sign);
        } else {
            a_.xor_(value, sign);
        }
        write_float_rd(op.rd, size);
    }
    if (single) {
        end_slow_path(slow);
    }
}

// Ordered operands raise no flag; a NaN (the parity flag) takes the helper for its flags, and so
// does a single that is not NaN-boxed (the canonical NaN to the interpreter).
void BlockEmitter::emit_float_compare(std::size_t index, const Recipe& recipe) {
    const DecodedInstruction& op = block_.instructions[index];
    const bool single = recipe.size == 4;
    const SlowPath slow = begin_slow_path(index);
    if (single) {
        check_boxed(op.rs1, slow.label);
        if (op.rs2 != op.rs1) {
            check_boxed(op.rs2, slow.label);
        }
    }
    a_.emit(single ? x86::Inst::kIdMovss : x86::Inst::kIdMovsd, x86::xmm0, f(op.rs1, recipe.size));
    a_.emit(single ? x86::Inst::kIdUcomiss : x86::Inst::kIdUcomisd, x86::xmm0,
            f(op.rs2, recipe.size));
    a_.jp(slow.label);
    a_.set(recipe.condition, x86::al);
    a_.movzx(x86::eax, x86::al);
    write_rd(op.rd);
    end_slow_path(slow);
}

// Every 32-bit integer is a double: exact, no flags, whatever the (valid) rounding mode. Other
// conversions may be inexact: native in RNE with NX accrued, the only flag they can raise.
void BlockEmitter::emit_convert_from_integer(std::size_t index, const Recipe& recipe) {
    const DecodedInstruction& op = block_.instructions[index];
    const bool exact = exact_conversion(recipe);
    const bool word = recipe.integer_size == 4;
    const SlowPath slow = begin_slow_path(index);
    check_rounding_mode(op, slow.label, exact);
    if (!exact) {
        check_inexact_accrued(slow.label);
    }
    // Writing eax clears the upper half of rax: an unsigned word converts as a 64-bit integer.
    const x86::Gp source = word && recipe.sign_extend ? x86::Gp(x86::eax) : x86::Gp(x86::rax);
    if (word) {
        a_.emit(x86::Inst::kIdMov, x86::eax, guest(op.rs1, 4));
    } else {
        a_.emit(x86::Inst::kIdMov, x86::rax, guest(op.rs1));
    }
    if (!word && !recipe.sign_extend) {
        // x86 converts signed integers only: unsigned ones from 2^63 up take the helper.
        a_.test(x86::rax, x86::rax);
        a_.js(slow.label);
    }
    a_.xorps(x86::xmm0, x86::xmm0);
    if (recipe.size == 4) {
        a_.cvtsi2ss(x86::xmm0, source);
        a_.movd(x86::eax, x86::xmm0);
    } else {
        a_.cvtsi2sd(x86::xmm0, source);
        a_.movq(x86::rax, x86::xmm0);
    }
    write_float_rd(op.rd, recipe.size);
    end_slow_path(slow);
}

// RTZ (cvtt*) or RNE (cvt* in the host's default mode), with NX accrued, the flag of an inexact
// result. x86 gives its "integer indefinite" (the most negative 64-bit value) for NaNs and
// results beyond its range, and has no unsigned conversion: a result outside the target's range,
// where RISC-V saturates and raises NV, or equal to the indefinite, takes the helper.
void BlockEmitter::emit_convert_to_integer(std::size_t index, const Recipe& recipe) {
    const DecodedInstruction& op = block_.instructions[index];
    const bool single = recipe.size == 4;
    const bool truncate = op.imm == kTowardZero;
    const SlowPath slow = begin_slow_path(index);
    check_rounding_mode(op, slow.label, false);
    check_inexact_accrued(slow.label);
    if (single) {
        check_boxed(op.rs1, slow.label);
    }
    namespace I = x86::Inst;
    const x86::Inst::Id convert = single ? (truncate ? I::kIdCvttss2si : I::kIdCvtss2si)
                                         : (truncate ? I::kIdCvttsd2si : I::kIdCvtsd2si);
    a_.emit(convert, x86::rax, f(op.rs1, recipe.size));
    if (recipe.integer_size == 4) {
        // In range when the 64-bit result is its low half, sign- or zero-extended; fcvt.wu
        // writes its result sign-extended too.
        if (recipe.sign_extend) {
            a_.movsxd(x86::rcx, x86::eax);
        } else {
            a_.mov(x86::ecx, x86::eax);
        }
        a_.cmp(x86::rcx, x86::rax);
        a_.jne(slow.label);
        if (!recipe.sign_extend) {
            a_.movsxd(x86::rax, x86::eax);
        }
    } else if (recipe.sign_extend) {
        // rax - 1 overflows for the most negative value alone.
        a_.cmp(x86::rax, 1);
        a_.jo(slow.label);
    } else {
        a_.test(x86::rax, x86::rax);
        a_.js(slow.label);
    }
    write_rd(op.rd);
    end_slow_path(slow);
}

// fcvt.d.s is exact: any valid rounding mode, but a NaN (which may be signaling) takes the
// helper, which makes it canonical. fcvt.s.d rounds: RNE with NX accrued, and a comfortably
// normal result, as the arithmetic.
void BlockEmitter::emit_convert_format(std::size_t index, const Recipe& recipe) {
    const DecodedInstruction& op = block_.instructions[index];
    const SlowPath slow = begin_slow_path(index);
    if (recipe.size == 8) {
        check_rounding_mode(op, slow.label, true);
        check_boxed(op.rs1, slow.label);
        a_.movss(x86::xmm0, f(op.rs1, 4));
        a_.ucomiss(x86::xmm0, x86::xmm0);
        a_.jp(slow.label);
        a_.cvtss2sd(x86::xmm0, x86::xmm0);
        a_.movq(x86::rax, x86::xmm0);
        write_float_rd(op.rd);
    } else {
        check_rounding_mode(op, slow.label, false);
        check_inexact_accrued(slow.label);
        a_.xorps(x86::xmm0, x86::xmm0);
        a_.cvtsd2ss(x86::xmm0, f(op.rs1));
        check_comfortably_normal(4, slow.label);
        write_float_rd(op.rd, 4);
    }
    end_slow_path(slow);
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
    // Both ways leave the block: write back first, once; unless the branch goes round the
    // block again, which keeps the registers in place.
    if (target != block_.start_pc || !self_loop_) {
        write_back(dirty_mask_);
        dirty_mask_ = 0;
    }
    const asmjit::Label not_taken = a_.newLabel();
    // x86's test sets the flags as a compare with 0 does, signed and unsigned.
    if (op.rs2 == 0 && cached(op.rs1)) {
        a_.test(host(op.rs1), host(op.rs1));
    } else if (op.rs2 == 0) {
        a_.cmp(x(op.rs1), 0);
    } else if (cached(op.rs1)) {
        a_.emit(x86::Inst::kIdCmp, host(op.rs1), guest(op.rs2));
    } else {
        a_.mov(x86::rax, x(op.rs1));
        a_.emit(x86::Inst::kIdCmp, x86::rax, guest(op.rs2));
    }
    a_.j(x86::negateCond(taken), not_taken);
    emit_static_end(target);
    a_.bind(not_taken);
    emit_static_end(block_.end_pc);
}

void BlockEmitter::emit_native(std::size_t index, NativeOperation operation) {
    const DecodedInstruction& op = block_.instructions[index];
    const std::int32_t imm = op.imm;
    const Recipe recipe = recipe_of(operation);
    const auto emit = [this](x86::Inst::Id instruction, const asmjit::Operand& destination,
                             const asmjit::Operand& source) {
        a_.emit(instruction, destination, source);
    };
    // The result goes straight into rd's host register when the block keeps it in one, unless
    // the source operand is that register (rs2 = rd), which the first move would overwrite.
    const bool source_is_rd =
        op.rs2 == op.rd && (recipe.form == Form::Binary || recipe.form == Form::WordBinary);
    const bool into_host = op.rd != kSinkRegister && cached(op.rd) && !source_is_rd;
    const x86::Gp result = into_host ? host(op.rd) : x86::rax;
    const auto finish = [&] {
        if (into_host) {
            dirty_mask_ |= 1ULL << op.rd;
        } else {
            write_rd(op.rd);
        }
    };
    // rd = rs1 op source (no move when rd is rs1 and lives in a host register).
    const auto in_place = [&](const asmjit::Operand& source) {
        if (!(into_host && op.rd == op.rs1)) {
            emit(x86::Inst::kIdMov, result, guest(op.rs1));
        }
        emit(recipe.instruction, result, source);
        finish();
    };
    // 32-bit operations sign-extend their result; sext.w (addiw rd, rs1, 0) is that alone.
    const auto word = [&](const asmjit::Operand& source) {
        if (recipe.form == Form::WordImmediate && recipe.instruction == x86::Inst::kIdAdd &&
            imm == 0) {
            a_.emit(x86::Inst::kIdMovsxd, result, guest(op.rs1, 4));
            finish();
            return;
        }
        // A 32-bit operation reads the low half alone: no move when rd is rs1 in a register.
        if (!(into_host && op.rd == op.rs1)) {
            emit(x86::Inst::kIdMov, result.r32(), guest(op.rs1, 4));
        }
        emit(recipe.instruction, result.r32(), source);
        a_.movsxd(result, result.r32());
        finish();
    };
    // x0 op y is y when op is add, or or xor (li and mv, mostly).
    const bool identity = recipe.instruction == x86::Inst::kIdAdd ||
                          recipe.instruction == x86::Inst::kIdOr ||
                          recipe.instruction == x86::Inst::kIdXor;
    if (identity && op.rs1 == 0 && recipe.form == Form::Immediate) {
        a_.mov(result, static_cast<std::int64_t>(imm));
        finish();
        return;
    }
    if (identity && recipe.form == Form::Binary && (op.rs1 == 0 || op.rs2 == 0)) {
        a_.emit(x86::Inst::kIdMov, result, guest(op.rs1 == 0 ? op.rs2 : op.rs1));
        finish();
        return;
    }
    switch (recipe.form) {
    case Form::Constant:
        a_.mov(x86::rax, static_cast<std::int64_t>(imm));
        write_rd(op.rd);
        break;
    case Form::PcRelative:
        a_.mov(x86::rax, op.pc + static_cast<std::uint64_t>(std::int64_t{imm}));
        write_rd(op.rd);
        break;
    case Form::Immediate:
        in_place(asmjit::imm(imm));
        break;
    case Form::Binary:
        in_place(guest(op.rs2));
        break;
    case Form::WordImmediate:
        word(asmjit::imm(imm));
        break;
    case Form::WordBinary:
        word(guest(op.rs2, 4));
        break;
    // x86 masks the count as RISC-V does: to 6 bits, or 5 for 32-bit operands.
    case Form::Shift:
        emit(x86::Inst::kIdMov, x86::rcx, guest(op.rs2));
        in_place(x86::cl);
        break;
    case Form::WordShift:
        emit(x86::Inst::kIdMov, x86::rcx, guest(op.rs2));
        word(x86::cl);
        break;
    case Form::Compare:
    case Form::CompareImmediate:
        emit(x86::Inst::kIdMov, x86::rcx, guest(op.rs1));
        a_.xor_(x86::eax, x86::eax);
        emit(x86::Inst::kIdCmp, x86::rcx,
             recipe.form == Form::Compare ? guest(op.rs2) : asmjit::Operand(asmjit::imm(imm)));
        a_.set(recipe.condition, x86::al);
        write_rd(op.rd);
        break;
    case Form::HighMultiply:
        emit(x86::Inst::kIdMov, x86::rax, guest(op.rs1));
        emit(x86::Inst::kIdMov, x86::rcx, guest(op.rs2));
        a_.emit(recipe.instruction, x86::rdx, x86::rax, x86::rcx);
        a_.mov(x86::rax, x86::rdx);
        write_rd(op.rd);
        break;
    // x86 multiplies signed by signed or unsigned by unsigned only. Unsigned, a negative rs1
    // counts as rs1 + 2^64, which adds rs2 to the high half: take rs2 off again then.
    case Form::MixedHighMultiply:
        emit(x86::Inst::kIdMov, x86::rax, guest(op.rs1));
        emit(x86::Inst::kIdMov, x86::rcx, guest(op.rs2));
        a_.mul(x86::rdx, x86::rax, x86::rcx);
        emit(x86::Inst::kIdMov, x86::rax, guest(op.rs1));
        a_.sar(x86::rax, 63);
        a_.and_(x86::rax, x86::rcx);
        a_.sub(x86::rdx, x86::rax);
        a_.mov(x86::rax, x86::rdx);
        write_rd(op.rd);
        break;
    case Form::Divide:
        emit_divide(index, recipe);
        break;
    case Form::Load:
    case Form::FloatLoad:
        emit_load(index, recipe);
        break;
    case Form::Store:
    case Form::FloatStore:
        emit_store(index, recipe);
        break;
    case Form::FloatRounded:
    case Form::FloatFused:
        emit_float_arithmetic(index, recipe);
        break;
    case Form::SignInject:
        emit_sign_inject(index, recipe);
        break;
    case Form::FloatCompare:
        emit_float_compare(index, recipe);
        break;
    // fmv.x.w sign-extends the low half, boxed or not; fmv.w.x boxes.
    case Form::FloatToInteger:
        if (recipe.size == 4) {
            a_.movsxd(x86::rax, f(op.rs1, 4));
        } else {
            a_.mov(x86::rax, f(op.rs1));
        }
        write_rd(op.rd);
        break;
    case Form::FloatFromInteger:
        a_.emit(x86::Inst::kIdMov, recipe.size == 4 ? x86::Gp(x86::eax) : x86::Gp(x86::rax),
                guest(op.rs1, recipe.size));
        write_float_rd(op.rd, recipe.size);
        break;
    case Form::ConvertFromInteger:
        emit_convert_from_integer(index, recipe);
        break;
    case Form::ConvertToInteger:
        emit_convert_to_integer(index, recipe);
        break;
    case Form::ConvertFormat:
        emit_convert_format(index, recipe);
        break;
    case Form::Branch:
        emit_branch(index, recipe.condition);
        break;
    case Form::Jump:
        emit_jump(index);
        break;
    case Form::JumpRegister:
        emit_jump_register(index, operation == NativeOperation::CompressedJalr);
        break;
    }
}

void BlockEmitter::emit_jump(std::size_t index) {
    const DecodedInstruction& op = block_.instructions[index];
    const std::uint64_t target = op.pc + static_cast<std::uint64_t>(std::int64_t{op.imm});
    if ((target & t_.jump_alignment_mask_) != 0) {
        a_.mov(x86::rax, block_.end_pc);
        a_.mov(hart_field(t_.layout_.next_pc), x86::rax);
        emit_helper(index);
        emit_dynamic_end();
        return;
    }
    a_.mov(x86::rax, op.pc + 4);
    write_rd(op.rd);
    emit_static_end(target);
}

void BlockEmitter::emit_jump_register(std::size_t index, bool compressed) {
    const DecodedInstruction& op = block_.instructions[index];
    a_.emit(x86::Inst::kIdMov, x86::rcx, guest(op.rs1));
    if (!compressed && op.imm != 0) {
        a_.add(x86::rcx, op.imm);
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
        leave_to_loop();
        a_.bind(aligned);
    }
    a_.mov(hart_field(t_.layout_.next_pc), x86::rcx);
    a_.mov(x86::rax, op.pc + (compressed ? 2 : 4));
    write_rd(op.rd);
    emit_dynamic_end();
}

void BlockEmitter::emit_polling_count() {
    if (t_.timed_) {
        // The cycle loop counts itself, or the block's accounting does.
        return;
    }
    emit_polling_increment();
}

void BlockEmitter::emit_polling_increment() {
    if (block_.polling_mask != 0) {
        a_.inc(kPollingBlocks);
    } else {
        a_.xor_(kPollingBlocks.r32(), kPollingBlocks.r32());
    }
}

// The interpreter's loop looks at the hart once polling_blocks - watch_base reaches
// watch_span. A block that may be part of a polling loop has just counted itself: the count is
// at least watch_base then (a watch starts at the next count and ends when the count falls back
// to 0), so the test is polling_blocks >= watch_base + watch_span (JitContext::watch_limit).
// Any other block has set the count to 0, and 0 - watch_base wraps above watch_span exactly
// when a watch is in progress, that is when watch_base is not 0.
void BlockEmitter::emit_watch_check(const asmjit::Label& watch) {
    emit_polling_count();
    if (block_.polling_mask != 0) {
        a_.cmp(kPollingBlocks, context_field(offsetof(JitContext, watch_limit)));
        a_.jae(watch);
    } else {
        a_.cmp(hart_field(t_.layout_.watch_base), 0);
        a_.jne(watch);
    }
}

void BlockEmitter::jump_to(const void* code) {
    a_.mov(x86::rax, address_of(code));
    a_.jmp(x86::rax);
}

void BlockEmitter::jump_to_exit() {
    emit_account_turns();
    jump_to(t_.exit_);
}

void BlockEmitter::leave_to_loop() {
    exit_with(JitExit::Completed);
    a_.mov(context_field(offsetof(JitContext, exit_site)), 0);
    jump_to_exit();
}

void BlockEmitter::exit_with(JitExit kind) {
    a_.mov(context_field(offsetof(JitContext, exit), 4), static_cast<std::uint32_t>(kind));
    a_.mov(x86::rax, address_of(&block_));
    a_.mov(context_field(offsetof(JitContext, exit_block)), x86::rax);
}

void BlockEmitter::emit_loop_back() {
    if (t_.timed_) {
        emit_timed_loop_back();
        return;
    }
    // The block's own end and entry checks, with the registers still cached; what leaves writes
    // them back first.
    LoopExit exit{a_.newLabel(), a_.newLabel(), dirty_mask_};
    emit_watch_check(exit.watch);
    emit_event_check(exit.before);
    a_.jmp(body_);
    loop_exits_.push_back(exit);
}

void BlockEmitter::emit_static_end(std::uint64_t target) {
    if (target == block_.start_pc && self_loop_) {
        emit_loop_back();
        return;
    }
    write_back(dirty_mask_);
    dirty_mask_ = 0;
    if (t_.timed_) {
        emit_account_turns();
        emit_timed_end(false, target != block_.end_pc, target);
        StaticExit exit{a_.newLabel(), a_.newLabel(), target};
        a_.bind(exit.site);
        a_.long_().jmp(exit.label);
        after_block_exits_.push_back(exit);
        return;
    }
    StaticExit exit{a_.newLabel(), a_.newLabel(), target};
    // The wait detection looks at the hart at this boundary: leave for it.
    emit_watch_check(exit.label);
    a_.bind(exit.site);
    a_.long_().jmp(exit.label);
    static_exits_.push_back(exit);
}

void BlockEmitter::emit_dynamic_end() {
    write_back(dirty_mask_);
    dirty_mask_ = 0;
    if (t_.timed_) {
        emit_account_turns();
        emit_timed_end(true, false);
        emit_lookup_next();
        return;
    }
    // Unless the wait detection looks at this boundary, straight on to the target's code if
    // the loop has seen it before.
    const asmjit::Label leave = a_.newLabel();
    emit_watch_check(leave);
    emit_target_lookup(leave);
    a_.bind(leave);
    leave_to_loop();
}

void BlockEmitter::emit_target_lookup(const asmjit::Label& missing) {
    a_.mov(x86::rax, hart_field(t_.layout_.next_pc));
    a_.mov(x86::ecx, x86::eax);
    a_.shr(x86::ecx, 1);
    a_.and_(x86::ecx, static_cast<std::int32_t>(JitContext::kTargets - 1));
    a_.shl(x86::ecx, 4);
    static_assert(sizeof(JitContext::Target) == 16);
    const auto targets = static_cast<std::int32_t>(offsetof(JitContext, targets));
    a_.cmp(x86::rax, x86::qword_ptr(kContext, x86::rcx, 0, targets));
    a_.jne(missing);
    a_.jmp(x86::qword_ptr(kContext, x86::rcx, 0, targets + 8));
}

void BlockEmitter::emit_lookup_next() {
    const asmjit::Label missing = a_.newLabel();
    emit_target_lookup(missing);
    a_.bind(missing);
    exit_with(JitExit::AfterBlock);
    a_.mov(context_field(offsetof(JitContext, exit_site)), 0);
    jump_to_exit();
}

void BlockEmitter::emit_chained_entry() {
    a_.bind(chained_entry_);
    a_.mov(x86::rax, hart_field(t_.layout_.cycle));
    if (may_stall_on_entry()) {
        test_constant(hart_field(t_.layout_.pending_load_mask), block_.timing.first_reads);
        a_.jnz(linked_stall_entry_);
    }
    // The entry without a stall, the most frequent, falls through into the block; the other is
    // cold code's.
    a_.bind(linked_entry_);
    emit_linked_entry(0, chained_before_, chained_before_event_);
}

void BlockEmitter::emit_linked_entry(std::uint64_t load_use, const asmjit::Label& before,
                                     const asmjit::Label& before_event) {
    if (turns_in_register_) {
        a_.xor_(kTurns.r32(), kTurns.r32());
    }
    const auto bound = context_field(offsetof(JitContext, bound));
    // A speculative run stops before a block it may not run (the loop says so).
    if (!block_.speculable) {
        a_.cmp(x86::byte_ptr(kHart, t_.layout_.speculating), 0);
        a_.jne(before);
    }
    // A block whose last instruction would start at or after the bound is the loop's to split
    // (which includes a block that would start there: a start never exceeds the last's).
    const std::uint64_t last_start = block_.timing.last_start + load_use;
    if (block_.count > 1 && last_start <= kLargestImmediate) {
        a_.lea(x86::rdx, x86::ptr(x86::rax, static_cast<std::int32_t>(last_start)));
        a_.cmp(x86::rdx, bound);
        a_.jae(before);
    } else {
        a_.cmp(x86::rax, bound);
        a_.jae(before);
        if (block_.count > 1) {
            a_.mov(x86::rdx, last_start);
            a_.add(x86::rdx, x86::rax);
            a_.cmp(x86::rdx, bound);
            a_.jae(before);
        }
    }
    a_.mov(hart_field(t_.layout_.block_start_cycle), x86::rax);
    store_constant(hart_field(t_.layout_.block_load_use), load_use);
    // Without caches only the helpers look at the running block (Hart::cycle_at): each helper
    // call says which block runs (emit_running_block); with them, the loop's accounting of
    // the block's fetches does too.
    if (t_.memory_timed_) {
        emit_running_block();
    }
    emit_event_check(before_event);
}

void BlockEmitter::emit_timed_loop_back() {
    const LoopExit exit{a_.newLabel(), a_.newLabel(), dirty_mask_};
    emit_timed_end(false, true, block_.start_pc, dirty_mask_, turns_in_register_);
    if (turns_in_register_) {
        // The next turn starts at the hart's block start, its load-use stall and the turns
        // since, each the block's time with the taken penalty: the turn's own checks of
        // emit_linked_entry, without the stores (their chain through memory bound the loop).
        const BlockTiming& timing = block_.timing;
        if (!block_.speculable) {
            a_.cmp(x86::byte_ptr(kHart, t_.layout_.speculating), 0);
            a_.jne(exit.watch);
        }
        a_.imul(x86::rax, kTurns, static_cast<std::int32_t>(timing.cycles + timing.taken_penalty));
        a_.add(x86::rax, hart_field(t_.layout_.block_start_cycle));
        if (may_stall_on_entry()) {
            a_.add(x86::rax, hart_field(t_.layout_.block_load_use));
        }
        a_.lea(x86::rdx, x86::ptr(x86::rax, static_cast<std::int32_t>(timing.last_start)));
        a_.cmp(x86::rdx, context_field(offsetof(JitContext, bound)));
        a_.jae(exit.watch);
        emit_event_check(exit.before);
        a_.jmp(body_);
        timed_loop_exits_.push_back(exit);
        return;
    }
    // The block follows itself, and its last instruction (the branch or jump back) loads
    // nothing: its first instruction never waits for a load.
    emit_linked_entry(0, exit.watch, exit.before);
    a_.jmp(body_);
    timed_loop_exits_.push_back(exit);
}

void BlockEmitter::emit_running_block() {
    // The stride is the loop's (JitEngine::run_timed_blocks): 2 while translated code runs.
    a_.mov(x86::rax, address_of(&block_));
    a_.mov(hart_field(t_.layout_.running_block), x86::rax);
    a_.mov(x86::rax, address_of(helpers_));
    a_.mov(hart_field(t_.layout_.timed_instructions), x86::rax);
}

bool BlockEmitter::counts_turns_in_register() const {
    // Large constants would need another register.
    const BlockTiming& timing = block_.timing;
    if (!t_.timed_ || !self_loop_ || timing.cycles + timing.taken_penalty > kLargestImmediate ||
        timing.last_start > kLargestImmediate || timing.last_load_destination > kLargestImmediate) {
        return false;
    }
    for (unsigned kind = 0; kind < timing.stall_kinds; ++kind) {
        if (timing.stall_cycles[kind] > kLargestImmediate) {
            return false;
        }
    }
    return true;
}

void BlockEmitter::emit_account_turns() {
    if (!turns_in_register_) {
        return;
    }
    const BlockTiming& timing = block_.timing;
    const auto stall = [this](StallCause cause) {
        return x86::qword_ptr(kHart, t_.layout_.stalls +
                                         static_cast<std::int32_t>(8 * std::size_t(cause)));
    };
    const auto add_turns = [&](const x86::Mem& field, std::uint64_t per_turn) {
        a_.imul(x86::rax, kTurns, static_cast<std::int32_t>(per_turn));
        a_.add(field, x86::rax);
    };
    const asmjit::Label none = a_.newLabel();
    a_.test(kTurns, kTurns);
    a_.jz(none);
    a_.imul(x86::rax, kTurns, static_cast<std::int32_t>(timing.cycles + timing.taken_penalty));
    a_.add(x86::rax, hart_field(t_.layout_.block_start_cycle));
    if (may_stall_on_entry()) {
        a_.add(x86::rax, hart_field(t_.layout_.block_load_use));
    }
    a_.mov(hart_field(t_.layout_.block_start_cycle), x86::rax);
    a_.mov(hart_field(t_.layout_.cycle), x86::rax);
    // The first turn's load-use stall, which its own accounting would have added.
    if (may_stall_on_entry()) {
        a_.mov(x86::rax, hart_field(t_.layout_.block_load_use));
        a_.add(stall(StallCause::LoadUse), x86::rax);
        a_.mov(hart_field(t_.layout_.block_load_use), 0);
    }
    for (unsigned kind = 0; kind < timing.stall_kinds; ++kind) {
        add_turns(stall(timing.stall_causes[kind]), timing.stall_cycles[kind]);
    }
    if (timing.taken_penalty != 0) {
        add_turns(stall(StallCause::Branch), timing.taken_penalty);
    }
    store_constant(hart_field(t_.layout_.pending_load_mask), timing.last_load_destination);
    a_.xor_(kTurns.r32(), kTurns.r32());
    a_.bind(none);
}

bool BlockEmitter::may_stall_on_entry() const {
    return block_.timing.first_reads != 0 && t_.load_use_cycles_ != 0;
}

void BlockEmitter::add_constant(const x86::Mem& field, std::uint64_t value) {
    if (value <= kLargestImmediate) {
        a_.add(field, static_cast<std::int32_t>(value));
        return;
    }
    a_.mov(x86::rdx, value);
    a_.add(field, x86::rdx);
}

void BlockEmitter::store_constant(const x86::Mem& field, std::uint64_t value) {
    if (value <= kLargestImmediate) {
        a_.mov(field, static_cast<std::int32_t>(value));
        return;
    }
    a_.mov(x86::rdx, value);
    a_.mov(field, x86::rdx);
}

void BlockEmitter::test_constant(const x86::Mem& field, std::uint64_t value) {
    if (value <= kLargestImmediate) {
        a_.test(field, static_cast<std::int32_t>(value));
        return;
    }
    a_.mov(x86::rdx, value);
    a_.test(field, x86::rdx);
}

void BlockEmitter::store_static_next_pc(bool dynamic, std::uint64_t target) {
    if (!dynamic) {
        a_.mov(x86::rax, target);
        a_.mov(hart_field(t_.layout_.next_pc), x86::rax);
    }
}

void BlockEmitter::emit_timed_end(bool dynamic, bool taken, std::uint64_t target,
                                  std::uint64_t dirty, bool turn) {
    const asmjit::Label look = a_.newLabel();
    if (t_.memory_timed_) {
        emit_fetches_at_end();
    }
    // Only a helper suspends the hart (a remote instruction), and a suspended hart never
    // starts a block.
    if (t_.memory_timed_ || !helper_exits_.empty() || !slow_paths_.empty()) {
        a_.cmp(x86::byte_ptr(kHart, t_.layout_.suspended), 0);
        a_.jne(look);
    }
    // The count of polling blocks goes first, where the loop counts last: what leaves to the
    // loop (`uncount`) or finds the hart polling takes it back.
    asmjit::Label uncount = look;
    if (block_.polling_mask != 0) {
        // The loop's watch for a loop that stores looks at every 256th polling block in a row:
        // the low byte counts, and wraps to 0 there; `uncount` takes it back, with the count
        // as it was, and leaves (the carry into the higher bytes is never needed).
        uncount = a_.newLabel();
        a_.inc(kPollingBlocks.r8());
        a_.jz(uncount);
        uncounted_looks_.push_back({uncount, look});
    }
    const PollingObservation observation{a_.newLabel(), a_.newLabel(), dynamic, taken,
                                         target,        dirty,         turn};
    emit_polling_detection(uncount, observation.observe, dynamic, target);
    if (turn) {
        a_.inc(kTurns);
    } else {
        emit_block_accounting(dynamic, taken);
    }
    a_.bind(observation.observed);
    if (block_.polling_mask == 0) {
        emit_polling_increment();
    }
    loop_exits_to_look_.push_back({look, dynamic, target, dirty});
    if (block_.side_effect_free) {
        polling_observations_.push_back(observation);
    }
}

void BlockEmitter::emit_polling_detection(const asmjit::Label& look, const asmjit::Label& observe,
                                          bool dynamic, std::uint64_t target) {
    const BlockTranslator::HartLayout& layout = t_.layout_;
    // poll_streak and device_observed: one word (CycleClock).
    const x86::Mem streak_word = x86::qword_ptr(kHart, layout.poll_streak);
    if (!block_.side_effect_free) {
        a_.mov(hart_field(layout.polling_left), 0);
        a_.mov(streak_word, 0);
        return;
    }
    // Hart::detect_polling's cases that decide without looking at the whole state (moved_on),
    // in the cold code but the streak; a device read leaves before a change, and the loop's
    // detect_polling takes the block.
    const asmjit::Label beyond_streak = a_.newLabel();
    const asmjit::Label decided = a_.newLabel();
    a_.cmp(streak_word, t_.streak_before_looking_);
    a_.jae(beyond_streak);
    // The whole word, as the compare reads it: a 4-byte increment that the next block's 8-byte
    // compare reads cannot be forwarded from the store buffer, and stalls that load until the
    // store retires (a fifth of the integer kernel's time). Below the bound nothing carries
    // into device_observed.
    a_.inc(streak_word);
    a_.bind(decided);
    streak_ends_.push_back({beyond_streak, decided, look, observe, dynamic, target});
}

void BlockEmitter::emit_streak_end(const StreakEnd& end) {
    const BlockTranslator::HartLayout& layout = t_.layout_;
    const asmjit::Label& look = end.look;
    const asmjit::Label& observe = end.observe;
    const asmjit::Label& decided = end.decided;
    a_.bind(end.label);
    a_.cmp(x86::byte_ptr(kHart, layout.device_observed), 0);
    a_.jne(look);
    const asmjit::Label count_step = a_.newLabel();
    // No reference (0), or one due at this observation (1).
    a_.cmp(hart_field(layout.polling_left), 1);
    a_.jbe(observe);
    if (end.dynamic) {
        a_.mov(x86::rdx, hart_field(layout.next_pc));
    } else {
        a_.mov(x86::rdx, end.target);
    }
    a_.cmp(x86::rdx, hart_field(layout.polling_reference_pc));
    a_.jne(count_step);
    a_.cmp(hart_field(layout.polling_countdown), 0);
    a_.je(observe);
    a_.dec(hart_field(layout.polling_countdown));
    a_.bind(count_step);
    a_.dec(hart_field(layout.polling_left));
    a_.jmp(decided);
}

void BlockEmitter::emit_block_accounting(bool dynamic, bool taken) {
    const BlockTiming& timing = block_.timing;
    const auto stall = [this](StallCause cause) {
        return x86::qword_ptr(kHart, t_.layout_.stalls +
                                         static_cast<std::int32_t>(8 * std::size_t(cause)));
    };
    if (dynamic) {
        a_.xor_(x86::ecx, x86::ecx);
        if (timing.taken_penalty != 0) {
            a_.mov(x86::rax, block_.end_pc);
            a_.cmp(hart_field(t_.layout_.next_pc), x86::rax);
            a_.mov(x86::rdx, timing.taken_penalty);
            a_.cmovne(x86::rcx, x86::rdx);
        }
    }
    const std::uint64_t penalty = !dynamic && taken ? timing.taken_penalty : 0;
    if (t_.memory_timed_) {
        // Hart::account_memory_stall.
        a_.mov(x86::rax, hart_field(t_.layout_.memory_stall));
        a_.add(stall(StallCause::Memory), x86::rax);
        a_.add(hart_field(t_.layout_.block_start_cycle), x86::rax);
        a_.mov(hart_field(t_.layout_.memory_stall), 0);
    }
    // block_load_use is 0 for a block whose first instruction cannot wait (the chained entry
    // and Hart::start_timed_block agree): nothing to add then.
    const bool load_use = may_stall_on_entry();
    if (load_use) {
        a_.mov(x86::rax, hart_field(t_.layout_.block_load_use));
        a_.add(stall(StallCause::LoadUse), x86::rax);
        a_.add(x86::rax, hart_field(t_.layout_.block_start_cycle));
    } else {
        a_.mov(x86::rax, hart_field(t_.layout_.block_start_cycle));
    }
    if (timing.cycles + penalty <= kLargestImmediate) {
        a_.add(x86::rax, static_cast<std::int32_t>(timing.cycles + penalty));
    } else {
        a_.mov(x86::rdx, timing.cycles + penalty);
        a_.add(x86::rax, x86::rdx);
    }
    if (dynamic) {
        a_.add(x86::rax, x86::rcx);
    }
    a_.mov(hart_field(t_.layout_.cycle), x86::rax);
    for (unsigned kind = 0; kind < timing.stall_kinds; ++kind) {
        add_constant(stall(timing.stall_causes[kind]), timing.stall_cycles[kind]);
    }
    if (dynamic) {
        a_.add(stall(StallCause::Branch), x86::rcx);
    } else if (penalty != 0) {
        add_constant(stall(StallCause::Branch), penalty);
    }
    store_constant(hart_field(t_.layout_.pending_load_mask), timing.last_load_destination);
}

void BlockEmitter::emit_cold_code() {
    a_.bind(before_);
    a_.sub(kInstret, static_cast<std::int32_t>(block_.count));
    exit_with(JitExit::BeforeBlock);
    jump_to_exit();
    if (t_.timed_ && may_stall_on_entry()) {
        a_.bind(linked_stall_entry_);
        emit_linked_entry(t_.load_use_cycles_, chained_before_, chained_before_event_);
        a_.jmp(entered_);
    }
    if (t_.timed_) {
        a_.bind(chained_before_event_);
        a_.sub(kInstret, static_cast<std::int32_t>(block_.count));
        a_.bind(chained_before_);
        a_.mov(context_field(offsetof(JitContext, chained), 4), 1);
        exit_with(JitExit::BeforeBlock);
        jump_to_exit();
    }
    for (const StaticExit& exit : static_exits_) {
        a_.bind(exit.label);
        a_.mov(x86::rax, exit.target);
        a_.mov(hart_field(t_.layout_.next_pc), x86::rax);
        exit_with(JitExit::Completed);
        a_.lea(x86::rax, x86::ptr(exit.site));
        a_.mov(context_field(offsetof(JitContext, exit_site)), x86::rax);
        jump_to_exit();
    }
    for (const StaticExit& exit : after_block_exits_) {
        a_.bind(exit.label);
        store_static_next_pc(false, exit.target);
        exit_with(JitExit::AfterBlock);
        a_.lea(x86::rax, x86::ptr(exit.site));
        a_.mov(context_field(offsetof(JitContext, exit_site)), x86::rax);
        jump_to_exit();
    }
    // The loop's order: the block's time, then the observation (which records the time and
    // instret where a polling period starts), then the count of polling blocks, unless the
    // hart polls.
    for (const PollingObservation& observation : polling_observations_) {
        a_.bind(observation.observe);
        write_back(observation.dirty);
        store_static_next_pc(observation.dynamic, observation.target);
        if (observation.turn) {
            // The observation records the time: every turn so far onto the hart.
            a_.inc(kTurns);
            emit_account_turns();
        } else {
            emit_block_accounting(observation.dynamic, observation.taken);
        }
        a_.mov(hart_field(t_.layout_.instret), kInstret);
        a_.mov(x86::rdi, kHart);
        emit_call(reinterpret_cast<const void*>(&observe_for_polling));
        a_.test(x86::eax, x86::eax);
        // The call may have changed the caller-saved registers; a linked entry takes the clock
        // in rax.
        if (observation.dirty != 0) {
            load_cached();
        }
        a_.mov(x86::rax, hart_field(t_.layout_.cycle));
        a_.jz(observation.observed);
        if (block_.polling_mask != 0) {
            a_.dec(kPollingBlocks);
        }
        exit_with(JitExit::Polling);
        a_.mov(context_field(offsetof(JitContext, exit_site)), 0);
        jump_to_exit();
    }
    for (const StreakEnd& end : streak_ends_) {
        emit_streak_end(end);
    }
    for (const UncountedLook& look : uncounted_looks_) {
        a_.bind(look.uncount);
        a_.dec(kPollingBlocks.r8());
        a_.jmp(look.look);
    }
    for (const LookExit& look : loop_exits_to_look_) {
        a_.bind(look.label);
        write_back(look.dirty);
        store_static_next_pc(look.dynamic, look.target);
        leave_to_loop();
    }
    for (const LoopExit& exit : timed_loop_exits_) {
        a_.bind(exit.watch);
        write_back(exit.dirty);
        a_.jmp(chained_before_);
        a_.bind(exit.before);
        write_back(exit.dirty);
        a_.jmp(chained_before_event_);
    }
    for (const LoopExit& exit : loop_exits_) {
        a_.bind(exit.watch);
        write_back(exit.dirty);
        a_.mov(x86::rax, block_.start_pc);
        a_.mov(hart_field(t_.layout_.next_pc), x86::rax);
        leave_to_loop();
        a_.bind(exit.before);
        a_.sub(kInstret, static_cast<std::int32_t>(block_.count));
        write_back(exit.dirty);
        exit_with(JitExit::BeforeBlock);
        jump_to_exit();
    }
    for (const AccessCall& call : access_calls_) {
        a_.bind(call.label);
        write_back(call.dirty);
        a_.push(x86::rcx);
        a_.push(x86::rcx); // and the stack stays 16-byte aligned
        if (t_.memory_timed_) {
            a_.mov(x86::rdi, kHart);
        } else {
            a_.mov(x86::rdi, address_of(t_.data_observer_));
        }
        a_.mov(x86::esi, static_cast<std::uint32_t>(kRamBase));
        a_.add(x86::rsi, x86::rcx);
        a_.mov(x86::edx, call.size);
        a_.mov(x86::ecx, call.store ? 1 : 0);
        if (t_.memory_timed_) {
            a_.mov(x86::r8, address_of(&helpers_[2 * call.index]));
            emit_call(reinterpret_cast<const void*>(&charge_access));
        } else {
            emit_call(reinterpret_cast<const void*>(&observe_access));
        }
        a_.pop(x86::rcx);
        a_.pop(x86::rcx);
        load_cached();
        a_.jmp(call.resume);
    }
    for (const ShownFetchCall& call : shown_fetch_calls_) {
        a_.bind(call.label);
        write_back(call.dirty);
        a_.mov(x86::rdi, address_of(t_.fetch_observer_));
        a_.mov(x86::rsi, call.pc);
        a_.mov(x86::edx, call.bytes);
        emit_call(reinterpret_cast<const void*>(&observe_fetch));
        load_cached();
        a_.jmp(call.resume);
    }
    for (const FetchCall& call : fetch_calls_) {
        a_.bind(call.label);
        write_back(call.dirty);
        a_.mov(x86::rdi, kHart);
        a_.mov(x86::rsi, call.line);
        a_.mov(x86::edx, call.index);
        emit_call(reinterpret_cast<const void*>(&charge_fetch));
        load_cached();
        a_.jmp(call.resume);
    }
    // A slow path runs the whole instruction in its helper, with the register file as it is
    // at the instruction, and continues after it with the cached registers reloaded.
    for (const SlowPath& slow : slow_paths_) {
        a_.bind(slow.label);
        emit_helper_call(slow.index, slow.dirty);
        a_.jmp(slow.resume);
    }
    // emit_helper_call above adds exits: index, not iterators. The helper leaves the hart's
    // instret right (it may have changed it): the exit does not store it.
    for (std::size_t exit = 0; exit < helper_exits_.size(); ++exit) {
        a_.bind(helper_exits_[exit].label);
        a_.mov(context_field(offsetof(JitContext, exit), 4), x86::eax);
        a_.mov(context_field(offsetof(JitContext, exit_index), 4), helper_exits_[exit].index);
        a_.mov(x86::rax, address_of(&block_));
        a_.mov(context_field(offsetof(JitContext, exit_block)), x86::rax);
        jump_to(t_.exit_after_helper_);
    }
}

BlockTranslator::BlockTranslator(Hart& hart, CodeCache& cache)
    : hart_(hart), cache_(cache), operations_(hart.pe().decode_table(), host_has_fma()),
      jump_alignment_mask_(hart.hot_state().jump_alignment_mask), timed_(hart.cycle_mode()) {
    // Translated code addresses the hot state from the hart's address (kHart, which helpers
    // get as their Hart*): the struct's offset in the hart, plus each field's in the struct.
    using Hot = HartHotState;
    const std::int32_t base = distance(&hart, &hart.hot_state());
    const auto at = [base](std::size_t offset) { return base + static_cast<std::int32_t>(offset); };
    layout_.x = at(offsetof(Hot, x));
    // The extended registers are their extension's state, inside the hart (in its slot).
    layout_.e =
        hart.extended_registers() != nullptr ? distance(&hart, hart.extended_registers()) : 0;
    layout_.f = at(offsetof(Hot, f));
    layout_.mstatus = at(offsetof(Hot, mstatus));
    layout_.frm = at(offsetof(Hot, frm));
    layout_.fflags = at(offsetof(Hot, fflags));
    fpu_dirty_ = Hot::kMstatusFsDirty;
    layout_.next_pc = at(offsetof(Hot, next_pc));
    layout_.instret = at(offsetof(Hot, instret));
    layout_.next_event = at(offsetof(Hot, next_event));
    layout_.fast_path_limit = at(offsetof(Hot, fast_path_limit));
    layout_.cached_path_limit = at(offsetof(Hot, cached_path_limit));
    layout_.page_flags = at(offsetof(Hot, page_flags));
    layout_.ram_host = at(offsetof(Hot, ram_host));
    layout_.watch_base = at(offsetof(Hot, watch_base));
    layout_.cycle = at(offsetof(Hot, clock.cycle));
    layout_.block_start_cycle = at(offsetof(Hot, clock.block_start_cycle));
    layout_.block_load_use = at(offsetof(Hot, clock.block_load_use));
    layout_.running_block = at(offsetof(Hot, clock.running_block));
    layout_.timed_instructions = at(offsetof(Hot, clock.timed_instructions));
    layout_.timed_instruction_stride = at(offsetof(Hot, clock.timed_instruction_stride));
    layout_.stalls = at(offsetof(Hot, clock.stalls));
    layout_.memory_stall = at(offsetof(Hot, clock.memory_stall));
    layout_.fetch_cursor = at(offsetof(Hot, clock.fetch_cursor));
    layout_.fetched_line = at(offsetof(Hot, clock.fetched_line));
    layout_.pending_load_mask = at(offsetof(Hot, clock.pending_load_mask));
    layout_.suspended = at(offsetof(Hot, clock.suspended));
    layout_.device_observed = at(offsetof(Hot, clock.device_observed));
    layout_.poll_streak = at(offsetof(Hot, clock.poll_streak));
    layout_.speculating = at(offsetof(Hot, clock.speculating));
    const PollingDetector::MovedOnLayout polling = PollingDetector::moved_on_layout();
    const std::size_t detector = offsetof(Hot, polling_detector);
    layout_.polling_left = at(detector + polling.left);
    layout_.polling_reference_pc = at(detector + polling.reference_pc);
    layout_.polling_countdown = at(detector + polling.countdown);
    if (timed_) {
        load_use_cycles_ = hart.machine().core.load_use;
        streak_before_looking_ = Hot::CycleClock::kStreakBeforeLooking;
        if (MemoryTiming* memory = hart.memory_timing()) {
            memory_timed_ = true;
            fetch_line_bytes_ = memory->instruction_line_bytes();
            fetch_bytes_ = memory->fetch_bytes();
            if (fetch_line_bytes_ != 0) {
                fetch_path_ = memory->instruction_hit_path();
            }
            data_path_ = memory->data_hit_path();
            if (fetch_path_ && fetch_path_->hit_stall > (1ULL << 30)) {
                fetch_path_.reset();
            }
        }
    } else {
        if (MemoryAccessObserver* observer = hart.data_observer()) {
            data_observer_ = observer;
            data_path_ = observer->data_hit_path();
        }
        if (MemoryAccessObserver* observer = hart.fetch_observer()) {
            shown_fetch_path_ = observer->instruction_hit_path();
            fetch_observer_ = shown_fetch_path_ ? observer : nullptr;
        }
    }
    // The inline probe finds the set from the RAM offset: RAM's base must be a multiple of the
    // span of the sets, and the immediates must fit.
    if (data_path_ && ((kRamBase & ((data_path_->sets << data_path_->line_shift) - 1)) != 0 ||
                       data_path_->sets > (1ULL << 30) || data_path_->ways > (1ULL << 27) ||
                       data_path_->hit_stall > (1ULL << 30))) {
        data_path_.reset();
    }
    static_assert(Hot::kWatchInterval == 256, "the cycle mode's chained blocks test 8 bits");

    asmjit::CodeHolder code;
    code.init(asmjit::Environment::host());
    x86::Assembler a(&code);
    const asmjit::Label exit = a.newLabel();
    const asmjit::Label exit_after_helper = a.newLabel();
    for (const x86::Gp& saved : {x86::rbx, x86::rbp, x86::r12, x86::r13, x86::r14, x86::r15}) {
        a.push(saved);
    }
    a.sub(x86::rsp, 8); // six pushes and the return address: back to 16-byte alignment
    a.mov(kHart, x86::rdi);
    a.mov(kContext, x86::rsi);
    a.mov(kRam, x86::qword_ptr(kHart, layout_.ram_host));
    a.mov(kPollingBlocks, x86::qword_ptr(kContext, offsetof(JitContext, polling_blocks)));
    a.mov(kInstret, x86::qword_ptr(kHart, layout_.instret));
    a.jmp(x86::rdx);
    a.bind(exit);
    a.mov(x86::qword_ptr(kHart, layout_.instret), kInstret);
    a.bind(exit_after_helper);
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
    exit_after_helper_ = where + code.labelOffsetFromBase(exit_after_helper);
    cache_.keep_allocated();
}

BlockTranslator::Translation BlockTranslator::translate(DecodedBlock& block) {
    // Each helper-run instruction gets a copy followed by a sentinel, so that its threaded
    // execute function returns after it; every instruction has its slot, used or not.
    const std::size_t helper_bytes = 2 * block.count * sizeof(DecodedInstruction);
    auto* helpers = reinterpret_cast<DecodedInstruction*>(cache_.allocate(helper_bytes));
    if (helpers == nullptr) {
        return {nullptr, nullptr, nullptr, {}, true};
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
    BlockEmitter emitter(*this, assembler, block, helpers);
    emitter.emit();
    code.flatten();
    code.resolveUnresolvedLinks();
    if (errors.failed) {
        return {nullptr, nullptr, nullptr, {}, false};
    }
    std::uint8_t* where = cache_.allocate(code.codeSize());
    if (where == nullptr) {
        return {nullptr, nullptr, nullptr, {}, true};
    }
    code.relocateToBase(address_of(where));
    code.copyFlattenedData(where, code.codeSize());
    const auto entry_at = [&](const asmjit::Label& label) -> const void* {
        return timed_ ? where + code.labelOffsetFromBase(label) : nullptr;
    };
    return {where + code.labelOffsetFromBase(emitter.entry()),
            helpers,
            entry_at(emitter.chained_entry()),
            {entry_at(emitter.linked_entry(false)), entry_at(emitter.linked_entry(true))},
            false};
}

void BlockTranslator::chain(std::uint8_t* site, const void* code) {
    // The site is a jmp rel32 (long form): patch its displacement.
    const std::int32_t displacement = distance(site + 5, code);
    std::memcpy(site + 1, &displacement, sizeof displacement);
}

} // namespace xbemu
