#pragma once
// How a hart runs its decoded blocks in the functional timing mode: the interpreter (threaded
// code, every host) or the JIT (x86-64 code translated from hot blocks, where it was built).
// Both see the same DecodedBlocks and leave the hart in the same state at every block boundary,
// so the PE layer, the extensions and the debugger do not care which one runs. The commit log,
// the steps of the wait detection and a cycle-mode block cut short by the time bound always
// interpret.

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

namespace xbemu {

class Hart;
struct DecodedBlock;

enum class EngineKind : std::uint8_t { Interpreter, Jit };

// The spelling of --engine: "interp" or "jit".
std::string_view engine_name(EngineKind kind);
std::optional<EngineKind> parse_engine_name(std::string_view name);
// Whether this build has the JIT (an x86-64 host, and asmjit at build time).
bool jit_available();
// The JIT where it is available, else the interpreter.
EngineKind default_engine();

// What --stats shows of the translation cache.
struct TranslationStatistics {
    std::uint64_t translations = 0; // blocks translated since the start
    std::uint64_t code_bytes = 0;   // host code in the cache now
    std::uint64_t capacity_bytes = 0;
    std::uint64_t flushes = 0;      // times the cache was emptied (fence.i, code written, full)
    std::uint64_t full_flushes = 0; // of them, because it was full
};

// How a run of blocks in the cycle mode ended.
struct TimedRun {
    enum class Outcome : std::uint8_t {
        Completed, // `block` completed and its time was accounted: the loop's checks after it
        Stopped,   // `block` did not complete (a trap, an early end): handled
        Continue,  // the loop goes on with `block`, not started, at its checks before a block
        // `block` completed, its time was accounted and the polling detection, done after it
        // as the loop does, found the hart polling (Hart::observe_for_polling)
        Polling,
    };
    Outcome outcome = Outcome::Completed;
    DecodedBlock* block = nullptr;
};

class ExecutionEngine {
public:
    ExecutionEngine() = default;
    ExecutionEngine(const ExecutionEngine&) = delete;
    ExecutionEngine& operator=(const ExecutionEngine&) = delete;
    virtual ~ExecutionEngine() = default;

    // Runs blocks from `block` on, as the interpreter's fast loop would: until the next
    // event (instruction limit, timer, a request to look at the hart), a trap, a block that
    // ended early, or a wait-detection step. Leaves pc() at the next instruction to run.
    virtual void run_blocks(DecodedBlock* block) = 0;
    // Runs blocks from `block` in the cycle timing mode, as the cycle loop (Hart::run_blocks_until)
    // would up to `bound`: the caller checked that `block` may run. `polling_blocks` is the
    // loop's count of polling blocks in a row.
    virtual TimedRun run_timed_blocks(DecodedBlock* block, std::uint64_t& polling_blocks,
                                      std::uint64_t bound) = 0;
    // The decoded blocks are about to go: forget everything made from them.
    virtual void flush() = 0;
    virtual TranslationStatistics statistics() const = 0;
};

// The engine for `hart`, or nullptr for the interpreter (which is the hart's own loop).
std::unique_ptr<ExecutionEngine> make_execution_engine(EngineKind kind, Hart& hart);

} // namespace xbemu
