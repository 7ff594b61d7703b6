#include "xbemu/timing/core_cost_model.hpp"

#include "xbemu/block_cache.hpp"

namespace xbemu {

namespace {

StallCause cause_of(TimingClass timing) {
    switch (timing) {
    case TimingClass::Branch:
    case TimingClass::Jump:
        return StallCause::Branch;
    case TimingClass::Multiply:
    case TimingClass::Divide32:
    case TimingClass::Divide64:
        return StallCause::MultiplyDivide;
    case TimingClass::Load:
    case TimingClass::Store:
    case TimingClass::Atomic:
        return StallCause::Memory;
    case TimingClass::FloatAdd:
    case TimingClass::FloatMultiply:
    case TimingClass::FloatFused:
    case TimingClass::FloatDivideSingle:
    case TimingClass::FloatDivideDouble:
    case TimingClass::FloatSqrtSingle:
    case TimingClass::FloatSqrtDouble:
    case TimingClass::FloatConvert:
    case TimingClass::FloatMove:
        return StallCause::FloatingPoint;
    default:
        return StallCause::Other;
    }
}

std::uint64_t reads_of(const InstructionDescriptor* descriptor, const DecodedInstruction& op) {
    if (descriptor == nullptr) {
        return 0;
    }
    const auto& sources = descriptor->format->sources;
    return register_mask(sources[0], op.rs1) | register_mask(sources[1], op.rs2) |
           register_mask(sources[2], op.rs3);
}

} // namespace

bool CoreCostModel::ends_block(TimingClass timing) const {
    return timing == TimingClass::Remote || timing == TimingClass::Fence ||
           timing == TimingClass::Message;
}

void CoreCostModel::price(DecodedBlock& block) const {
    const CoreLatencies& latencies = latencies_;
    BlockTiming& timing = block.timing;
    timing.instructions.resize(block.count);
    StallCycles stalls{};
    std::uint64_t start = 0;
    std::uint64_t previous_load = 0;
    for (std::size_t index = 0; index < block.count; ++index) {
        const InstructionDescriptor* descriptor = block.descriptors[index];
        const DecodedInstruction& op = block.instructions[index];
        // An illegal instruction traps before it costs anything of its own.
        const TimingClass timing_class =
            descriptor != nullptr ? descriptor->timing : TimingClass::Alu;
        const std::uint64_t reads = reads_of(descriptor, op);
        const std::uint64_t load_use =
            index > 0 && (previous_load & reads) != 0 ? latencies.load_use : 0;
        const std::uint64_t latency = latencies.of(timing_class);
        InstructionTiming& entry = timing.instructions[index];
        entry.start = static_cast<std::uint32_t>(start);
        entry.cost = static_cast<std::uint32_t>(latency + load_use);
        entry.load_use = static_cast<std::uint8_t>(load_use);
        entry.class_cause = cause_of(timing_class);
        const bool loads = timing_class == TimingClass::Load || timing_class == TimingClass::Atomic;
        entry.load_destination = loads && descriptor != nullptr
                                     ? register_mask(descriptor->format->destination, op.rd)
                                     : 0;
        stalls[static_cast<std::size_t>(StallCause::LoadUse)] += load_use;
        stalls[static_cast<std::size_t>(entry.class_cause)] += latency - 1;
        if (index == 0) {
            timing.first_reads = reads;
        }
        previous_load = entry.load_destination;
        start += entry.cost;
    }
    timing.cycles = start;
    timing.last_start = timing.instructions.back().start;
    timing.last_load_destination = timing.instructions.back().load_destination;
    const InstructionDescriptor* last = block.descriptors.back();
    if (last != nullptr && last->timing == TimingClass::Branch) {
        timing.taken_penalty = latencies.branch_taken - latencies.of(TimingClass::Branch);
    }
    for (std::size_t cause = 0; cause < kStallCauseCount; ++cause) {
        if (stalls[cause] != 0) {
            timing.stall_causes[timing.stall_kinds] = static_cast<StallCause>(cause);
            timing.stall_cycles[timing.stall_kinds] = static_cast<std::uint32_t>(stalls[cause]);
            ++timing.stall_kinds;
        }
    }
}

} // namespace xbemu
