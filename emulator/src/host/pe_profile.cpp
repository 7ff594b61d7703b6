#include "xbemu/pe_profile.hpp"

#include <string_view>

namespace xbemu {

namespace {

// Deeper call stacks than this are runaway recursion or calls that never return (a longjmp, an
// exit from deep inside); their frames beyond it are not kept.
constexpr unsigned kMaxDepth = 1000;

bool is_link_register(std::uint8_t reg) {
    return reg == 1 || reg == 5;
}

// jalr and the compressed forms that read a register: the ones that may return.
bool jumps_through_register(std::string_view mnemonic) {
    return mnemonic == "jalr" || mnemonic == "c.jr" || mnemonic == "c.jalr";
}

} // namespace

PeProfile::PeProfile(const ProgramLayout& layout)
    : layout_(layout), functions_(layout.symbols.size() + 1), mixes_(functions_.size()) {
    const auto unknown = static_cast<std::uint32_t>(layout.symbols.size());
    nodes_.push_back({kRoot, unknown, 0, 0});
    last_function_ = unknown;
}

std::uint32_t PeProfile::function_at(std::uint64_t pc) {
    if (pc - cached_begin_ < cached_end_ - cached_begin_) {
        return cached_function_;
    }
    const CodeRange* symbol = layout_.symbol_at(pc);
    if (symbol == nullptr) {
        cached_begin_ = 0;
        cached_end_ = 0;
        cached_function_ = static_cast<std::uint32_t>(layout_.symbols.size());
        return cached_function_;
    }
    cached_begin_ = symbol->begin;
    cached_end_ = symbol->end;
    cached_function_ = static_cast<std::uint32_t>(symbol - layout_.symbols.data());
    return cached_function_;
}

std::uint32_t PeProfile::child(std::uint32_t parent, std::uint32_t function) {
    const auto [found, inserted] =
        children_.try_emplace({parent, function}, static_cast<std::uint32_t>(nodes_.size()));
    if (inserted) {
        nodes_.push_back({parent, function, 0, 0});
    }
    return found->second;
}

std::vector<PeProfile::Inclusive> PeProfile::inclusive() const {
    std::vector<Inclusive> sums(functions_.size());
    // The last stack that added to each function: the frames of a recursion add a stack once.
    std::vector<std::uint32_t> added_by(functions_.size(), kRoot);
    for (std::uint32_t index = kRoot + 1; index < nodes_.size(); ++index) {
        const StackNode& stack = nodes_[index];
        if (stack.instructions == 0 && stack.cycles == 0) {
            continue;
        }
        for (std::uint32_t frame = index; frame != kRoot; frame = nodes_[frame].parent) {
            const std::uint32_t function = nodes_[frame].function;
            if (added_by[function] != index) {
                added_by[function] = index;
                sums[function].instructions += stack.instructions;
                sums[function].cycles += stack.cycles;
            }
        }
    }
    return sums;
}

void PeProfile::at_boundary(std::uint64_t instructions, std::uint64_t cycles,
                            const StallCycles& stalls, bool counting) {
    if (counting_) {
        const std::uint64_t ran = instructions - last_instructions_;
        const std::uint64_t took = cycles - last_cycles_;
        StackNode& node = nodes_[last_node_];
        node.instructions += ran;
        node.cycles += took;
        Counters& function = functions_[last_function_];
        function.instructions += ran;
        function.cycles += took;
        total_.instructions += ran;
        total_.cycles += took;
        for (std::size_t cause = 0; cause < kStallCauseCount; ++cause) {
            const std::uint64_t stalled = stalls[cause] - last_stalls_[cause];
            function.stalls[cause] += stalled;
            total_.stalls[cause] += stalled;
        }
    }
    last_instructions_ = instructions;
    last_cycles_ = cycles;
    last_stalls_ = stalls;
    counting_ = counting;
}

void PeProfile::call(std::uint32_t caller_node) {
    if (depth_ == kMaxDepth) {
        ++calls_beyond_depth_;
        return;
    }
    ++depth_;
    callers_ = caller_node;
}

void PeProfile::return_from_call() {
    if (calls_beyond_depth_ != 0) {
        --calls_beyond_depth_;
        return;
    }
    if (depth_ == 0) {
        return;
    }
    --depth_;
    callers_ = nodes_[callers_].parent;
}

void PeProfile::ran(const DecodedInstruction& op, const InstructionDescriptor* descriptor,
                    bool retired, std::uint64_t next_pc) {
    const std::uint32_t function = function_at(op.pc);
    if (function != last_function_ || callers_ != node_callers_) {
        last_node_ = child(callers_, function);
        node_callers_ = callers_;
        last_function_ = function;
    }
    if (!retired || descriptor == nullptr) {
        return;
    }
    if (counting_) {
        ++mixes_[function][descriptor];
    }
    if (descriptor->timing != TimingClass::Jump) {
        return;
    }
    // The return-address hints of the unprivileged ISA (its table of jalr's rd and rs1): a link
    // register written pushes, one read (and not written) pops, both (different) pop then push.
    const bool links = op.rd != kSinkRegister && is_link_register(op.rd);
    const bool returns = jumps_through_register(descriptor->mnemonic) && is_link_register(op.rs1) &&
                         (!links || op.rs1 != op.rd);
    if (returns) {
        return_from_call();
    }
    if (links) {
        call(returns ? child(callers_, last_function_) : last_node_);
        if (counting_) {
            ++functions_[function_at(next_pc)].calls;
        }
    }
}

} // namespace xbemu
