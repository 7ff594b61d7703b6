#include "xbemu/block_cache.hpp"

#include "xbemu/block_cost_model.hpp"
#include "xbemu/guest_ram.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/processing_element.hpp"

#include <atomic>
#include <cstring>

namespace xbemu {

namespace {

void raise_instruction_access_fault(Hart&, const DecodedInstruction& op) {
    // imm holds the offset of the unreachable parcel from the instruction's pc.
    Hart::raise(cause::kInstructionAccessFault, op.pc + static_cast<std::uint64_t>(op.imm), op);
}

// The dispatch loop fills mtval with the encoding it keeps beside the block.
void raise_illegal(Hart& hart, const DecodedInstruction& op) {
    hart.raise_illegal_instruction(op);
}

// Changes nothing beyond the hart's registers and its RAM.
bool stays_in_hart(TimingClass timing) {
    switch (timing) {
    case TimingClass::Atomic:
    case TimingClass::Csr:
    case TimingClass::Fence:
    case TimingClass::System:
    case TimingClass::Remote:
    case TimingClass::Message:
        return false;
    default:
        return true;
    }
}

bool side_effect_free(TimingClass timing) {
    return timing != TimingClass::Store && stays_in_hart(timing);
}

bool speculable(const InstructionDescriptor* descriptor) {
    return descriptor != nullptr && (descriptor->flags & kBeyondHartState) == 0 &&
           stays_in_hart(descriptor->timing);
}

bool only_observes(const InstructionDescriptor* descriptor) {
    return descriptor != nullptr &&
           (side_effect_free(descriptor->timing) || (descriptor->flags & kOnlyObserves) != 0);
}

// Stores and atomics into this PE's RAM, which the functional mode checks after a turn of a
// loop, and instructions that say themselves when they changed something.
bool may_leave_all_as_it_was(const InstructionDescriptor* descriptor) {
    return descriptor != nullptr &&
           (descriptor->timing == TimingClass::Store || descriptor->timing == TimingClass::Atomic ||
            (descriptor->flags & kReportsProgress) != 0);
}

// What a polling loop may consist of, in both timing modes (see DecodedBlock).
void classify_for_polling(DecodedBlock& block) {
    bool observes = true;
    bool may_wait = true;
    block.speculable = true;
    for (const InstructionDescriptor* descriptor : block.descriptors) {
        block.speculable = block.speculable && speculable(descriptor);
        const bool looks = only_observes(descriptor);
        observes = observes && looks;
        may_wait = may_wait && (looks || may_leave_all_as_it_was(descriptor));
    }
    block.side_effect_free = observes;
    block.polling_mask = may_wait ? ~0ULL : 0;
}

void raise_execute_trigger(Hart& hart, const DecodedInstruction& op) {
    hart.raise_execute_trigger(op);
}

void stop_at_breakpoint(Hart& hart, const DecodedInstruction& op) {
    hart.stop_at_breakpoint(op);
}

// Other PEs' threads read the flags (Hart::ram_written_remotely); only the hart's own
// thread writes them.
void update_page_flags(std::uint8_t& flags, unsigned value) {
    std::atomic_ref<std::uint8_t>(flags).store(static_cast<std::uint8_t>(value),
                                               std::memory_order_relaxed);
}

} // namespace

void end_of_block(Hart&, const DecodedInstruction&) {}

BlockCache::BlockCache(const DecodeTable& table, GuestRam& ram, unsigned max_block_length,
                       SharedCode* shared)
    : table_(table), ram_(ram), max_block_length_(max_block_length), shared_code_(shared) {}

DecodedBlock* BlockCache::lookup_slow(Hart& hart, std::uint64_t pc) {
    if (choose_) {
        choose_ = false;
        choose_blocks(hart);
    }
    if (shared_blocks_ != nullptr) {
        if (DecodedBlock* block = lookup_shared(hart, pc)) {
            return block;
        }
        stop_sharing();
    }
    auto it = blocks_.find(pc);
    if (it == blocks_.end()) {
        std::unique_ptr<DecodedBlock> block = translate(hart, pc, nullptr);
        block->owner = this;
        block->number = static_cast<std::uint32_t>(blocks_.size());
        it = blocks_.emplace(pc, std::move(block)).first;
    }
    DecodedBlock* block = it->second.get();
    own_slots_[slot_of(pc)] = block;
    return block;
}

DecodedBlock* BlockCache::lookup_shared(Hart& hart, std::uint64_t pc) {
    SharedBlocks& shared = *shared_blocks_;
    const std::lock_guard lock(shared.mutex_);
    auto it = shared.blocks_.find(pc);
    if (it == shared.blocks_.end()) {
        std::unique_ptr<DecodedBlock> block = translate(hart, pc, shared_code_);
        if (block == nullptr) {
            return nullptr;
        }
        block->owner = &shared;
        block->number = static_cast<std::uint32_t>(shared.blocks_.size());
        it = shared.blocks_.emplace(pc, std::move(block)).first;
    }
    DecodedBlock* block = it->second.get();
    std::atomic_ref<DecodedBlock*>(shared.direct_slots()[slot_of(pc)])
        .store(block, std::memory_order_release);
    return block;
}

void BlockCache::choose_blocks(Hart& hart) {
    if (shared_code_ == nullptr) {
        return;
    }
    // Decoding depends on the hart through the FPU's state (a shared table of its own), PMP
    // and triggers (fetch_unrestricted_) and a debugger's breakpoints; and on what RAM holds.
    // fetch_unrestricted_ is indexed by "in machine mode" (hart_protection.cpp).
    const bool machine = hart.privilege_ == PrivilegeMode::Machine;
    // A PE alone keeps the blocks to itself: nothing to gain from a shared table.
    if (hart.pe().pe_count() < 2 || hart.debugger_ != nullptr ||
        !hart.fetch_unrestricted_[machine ? 1U : 0U] || !shared_code_->holds_program(ram_)) {
        shared_code_ = nullptr;
        return;
    }
    shared_blocks_ = &shared_code_->blocks_for(table_, max_block_length_, cost_model_ != nullptr,
                                               hart.fpu_enabled());
    direct_slots_ = shared_blocks_->direct_slots();
    // A store into any page of the program, by this PE or another, flushes this PE's blocks,
    // and the next lookup finds whether the program is still as loaded.
    for (std::uint64_t page : shared_code_->code_pages()) {
        mark_page(page);
    }
}

void BlockCache::stop_sharing() {
    shared_code_ = nullptr;
    shared_blocks_ = nullptr;
    direct_slots_ = own_slots_;
}

void BlockCache::flush() {
    direct_.clear();
    blocks_.clear();
    std::uint8_t* flags = ram_.page_flags();
    for (std::uint64_t page : code_pages_) {
        update_page_flags(flags[page], flags[page] & ~kPageHoldsDecodedCode);
    }
    code_pages_.clear();
    shared_blocks_ = nullptr;
    direct_slots_ = own_slots_;
    choose_ = true;
    ++flushes_;
}

void BlockCache::mark_page(std::uint64_t page) {
    std::uint8_t* flags = ram_.page_flags();
    if ((flags[page] & kPageHoldsDecodedCode) == 0) {
        update_page_flags(flags[page], flags[page] | kPageHoldsDecodedCode);
        code_pages_.push_back(page);
    }
}

void BlockCache::mark_code(std::uint64_t address, unsigned length) {
    for (std::uint64_t page = (address - kRamBase) >> kPageShift;
         page <= (address + length - 1 - kRamBase) >> kPageShift; ++page) {
        mark_page(page);
    }
}

std::unique_ptr<DecodedBlock> BlockCache::translate(Hart& hart, std::uint64_t pc,
                                                    const SharedCode* program) {
    // Reads the parcel at `at` from the program as loaded, or from RAM; false when a shared
    // block would reach beyond the program's executable segments.
    const auto read_parcel = [&](std::uint64_t at, std::uint16_t& parcel) {
        if (program == nullptr) {
            std::memcpy(&parcel, ram_.host() + (at - kRamBase), 2);
            return true;
        }
        const std::byte* bytes = program->program_bytes(at, 2);
        if (bytes != nullptr) {
            std::memcpy(&parcel, bytes, 2);
        }
        return bytes != nullptr;
    };
    auto block = std::make_unique<DecodedBlock>();
    block->start_pc = pc;
    const bool fpu_enabled = hart.fpu_enabled();
    std::uint64_t address = pc;
    while (block->instructions.size() < max_block_length_) {
        DecodedInstruction op;
        op.pc = address;
        std::uint32_t encoding = 0;
        const InstructionDescriptor* descriptor = nullptr;
        unsigned length = 2;
        bool ends_block = true;

        std::uint16_t low = 0;
        std::uint16_t high = 0;
        if (hart.debugger_breakpoint_at(address)) {
            op.execute = stop_at_breakpoint;
        } else if (hart.execute_trigger_at(address)) {
            op.execute = raise_execute_trigger;
        } else if (!ram_.contains(address, 2) || !hart.may_fetch(address, 2)) {
            op.execute = raise_instruction_access_fault;
        } else {
            if (!read_parcel(address, low)) {
                return nullptr;
            }
            encoding = low;
            if ((low & 3U) == 3U) {
                length = 4;
                if (!ram_.contains(address + 2, 2) || !hart.may_fetch(address + 2, 2)) {
                    op.execute = raise_instruction_access_fault;
                    op.imm = 2;
                } else {
                    if (!read_parcel(address + 2, high)) {
                        return nullptr;
                    }
                    encoding |= static_cast<std::uint32_t>(high) << 16;
                }
            }
        }
        if (op.execute == nullptr) {
            descriptor = table_.find(encoding);
            if (descriptor == nullptr ||
                ((descriptor->flags & kFloatingPoint) != 0 && !fpu_enabled)) {
                descriptor = nullptr;
                op.execute = raise_illegal;
            } else {
                const FormatOperands operands = decode_operands(*descriptor->format, encoding);
                op.execute = descriptor->execute;
                op.imm = operands.imm;
                op.rd = operands.rd;
                op.rs1 = operands.rs1;
                op.rs2 = operands.rs2;
                op.rs3 = operands.rs3;
                ends_block =
                    (descriptor->flags & kEndsBlock) != 0 ||
                    (cost_model_ != nullptr && cost_model_->ends_block(descriptor->timing));
            }
            mark_code(address, length);
        }
        block->instructions.push_back(op);
        block->encodings.push_back(encoding);
        block->descriptors.push_back(descriptor);
        address += length;
        if (ends_block) {
            break;
        }
    }
    block->end_pc = address;
    block->count = block->instructions.size();
    DecodedInstruction sentinel;
    sentinel.execute = end_of_block;
    sentinel.pc = address;
    block->instructions.push_back(sentinel);
    classify_for_polling(*block);
    if (cost_model_ != nullptr) {
        cost_model_->price(*block);
    }
    return block;
}

} // namespace xbemu
