#include "program_body.hpp"

#include <utility>

namespace xbemu::random_program {

void ProgramBody::append(const InstructionGroup& group) {
    for (const Instruction& instruction : group.instructions) {
        set_compressed(instruction.compressed);
        text_ += "    " + instruction.text + "\n";
    }
    std::vector<PendingLabel> still_pending;
    for (PendingLabel& pending : pending_) {
        if (--pending.groups_left == 0) {
            place_label(pending.label);
        } else {
            still_pending.push_back(std::move(pending));
        }
    }
    pending_ = std::move(still_pending);
    if (group.target) {
        if (group.target->groups_to_skip == 0) {
            place_label(group.target->label);
        } else {
            pending_.push_back({group.target->label, group.target->groups_to_skip});
        }
    }
}

void ProgramBody::finish() {
    for (const PendingLabel& pending : pending_) {
        place_label(pending.label);
    }
    pending_.clear();
    set_compressed(false);
}

void ProgramBody::set_compressed(bool compressed) {
    if (compressed != compressed_) {
        text_ += compressed ? "    .option rvc\n" : "    .option norvc\n";
        compressed_ = compressed;
    }
}

void ProgramBody::place_label(const std::string& label) {
    text_ += label + ":\n";
}

} // namespace xbemu::random_program
