#pragma once
// Assembles instruction groups into the program's body: places each forward label after the
// groups it skips, and switches the assembler between `.option rvc` (for explicit c.*
// mnemonics) and `.option norvc` (so that 32-bit mnemonics keep their 32-bit encodings).

#include "instruction_group.hpp"

#include <string>
#include <vector>

namespace xbemu::random_program {

class ProgramBody {
public:
    void append(const InstructionGroup& group);
    // True while a transfer emitted earlier still waits for its target label; code appended
    // now might be skipped.
    bool has_pending_labels() const { return !pending_.empty(); }
    // Places the labels still pending at the end, so every transfer lands before the report.
    void finish();

    const std::string& text() const { return text_; }

private:
    struct PendingLabel {
        std::string label;
        unsigned groups_left;
    };

    void set_compressed(bool compressed);
    void place_label(const std::string& label);

    std::vector<PendingLabel> pending_;
    std::string text_;
    bool compressed_ = false;
};

} // namespace xbemu::random_program
