#pragma once
// What --profile collects of one PE (docs/measuring.md, "Profiles"): per function (the ELF
// symbol a pc is in, as trap reports name it) its instructions, cycles, stall cycles by cause and
// calls; the call stacks, from calls and returns as the RISC-V return-address hints mark them
// (jal/jalr writing ra or t0 is a call, jalr reading one of them and writing neither a return);
// and the instruction mix per function and decoder table row. The hart feeds it one instruction at
// a time, as it does the commit log, so a PE without a profile runs as it always has.
//
// Time is taken between instructions: what the PE's counters advanced from one boundary to the
// next (the instruction, its stalls, and any wait or trap entry that followed it before the next
// instruction: a remote load's response, a wfi) goes to the function and stack the instruction
// ran in. With --stats-roi only what lies inside the PE's regions of interest counts, the same
// boundaries the statistics take, so the profile's sums equal the statistics' figures.

#include "xbemu/decoder/decoded_instruction.hpp"
#include "xbemu/decoder/instruction_descriptor.hpp"
#include "xbemu/program_layout.hpp"
#include "xbemu/stall_cause.hpp"

#include <cstdint>
#include <map>
#include <unordered_map>
#include <vector>

namespace xbemu {

class PeProfile {
public:
    // Where a PE's time went in one function (or one call stack).
    struct Counters {
        std::uint64_t instructions = 0;
        std::uint64_t cycles = 0;
        StallCycles stalls{};
        // Calls into the function (functions only).
        std::uint64_t calls = 0;
    };
    // A node of the call-stack tree: a function called from its parent's (the root: none).
    struct StackNode {
        std::uint32_t parent = 0;
        std::uint32_t function = 0;
        std::uint64_t instructions = 0;
        std::uint64_t cycles = 0;
    };
    static constexpr std::uint32_t kRoot = 0;
    // What a function and its callees took: the weights of the call stacks it is on.
    struct Inclusive {
        std::uint64_t instructions = 0;
        std::uint64_t cycles = 0;
    };
    // Instructions run per decoder table row.
    using Mix = std::unordered_map<const InstructionDescriptor*, std::uint64_t>;

    // `layout`'s symbols are the functions; it outlives the profile.
    explicit PeProfile(const ProgramLayout& layout);

    // At an instruction boundary (before each instruction, after a measurement hint took
    // effect, at the PE's end): the PE's counters now, and whether it counts from here on.
    void at_boundary(std::uint64_t instructions, std::uint64_t cycles, const StallCycles& stalls,
                     bool counting);
    // The instruction at op.pc ran: retired, or trapped (then `next_pc` means nothing).
    void ran(const DecodedInstruction& op, const InstructionDescriptor* descriptor, bool retired,
             std::uint64_t next_pc);

    // Index into the layout's symbols; one past them: a pc no symbol holds.
    std::uint32_t function_count() const { return static_cast<std::uint32_t>(functions_.size()); }
    const std::vector<Counters>& functions() const { return functions_; }
    const std::vector<StackNode>& stack_nodes() const { return nodes_; }
    // Per function, as functions().
    const std::vector<Mix>& mixes() const { return mixes_; }
    // Per function, as functions(), from the call stacks; a function on a stack more than once
    // (recursion) counts its weight once.
    std::vector<Inclusive> inclusive() const;
    const Counters& total() const { return total_; }

private:
    std::uint32_t function_at(std::uint64_t pc);
    std::uint32_t child(std::uint32_t parent, std::uint32_t function);
    void call(std::uint32_t caller_node);
    void return_from_call();

    const ProgramLayout& layout_;
    std::vector<Counters> functions_;
    std::vector<StackNode> nodes_;
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> children_;
    std::vector<Mix> mixes_;
    Counters total_;
    // The function the last pc was in, and its address range (empty: none): the next pc is
    // most often there.
    std::uint32_t cached_function_ = 0;
    std::uint64_t cached_begin_ = 0;
    std::uint64_t cached_end_ = 0;
    // The callers' frames: the node of the function that made the innermost call; calls beyond
    // kMaxDepth (runaway recursion, calls that never return) are counted, not kept.
    std::uint32_t callers_ = kRoot;
    unsigned depth_ = 0;
    unsigned calls_beyond_depth_ = 0;
    // The counters at the last boundary, whether the PE counted since, and where the instruction
    // after it ran.
    std::uint64_t last_instructions_ = 0;
    std::uint64_t last_cycles_ = 0;
    StallCycles last_stalls_{};
    bool counting_ = false;
    std::uint32_t last_node_ = kRoot;
    std::uint32_t last_function_ = 0;
    // The callers last_node_ was found under (none yet: no node has them).
    std::uint32_t node_callers_ = ~std::uint32_t{0};
};

} // namespace xbemu
