#pragma once
// The unit the generator emits. A group runs as a whole: branch targets are only ever placed
// between groups, so an address set-up always reaches the access that relies on it, and an
// sp adjustment is always undone.

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace xbemu::random_program {

struct Instruction {
    std::string text;
    // Explicit c.* mnemonics need `.option rvc`; all other instructions are assembled with
    // `.option norvc` so that they keep their 32-bit encodings.
    bool compressed = false;
};

// A label the group branches to, to be placed after `groups_to_skip` further groups.
struct ForwardTarget {
    std::string label;
    unsigned groups_to_skip = 0;
};

struct InstructionGroup {
    std::vector<Instruction> instructions;
    std::optional<ForwardTarget> target;

    void add(std::string text) { instructions.push_back({std::move(text), false}); }
    void add_compressed(std::string text) { instructions.push_back({std::move(text), true}); }
    void add_all(const std::vector<Instruction>& more) {
        instructions.insert(instructions.end(), more.begin(), more.end());
    }
};

inline InstructionGroup single_instruction(std::string text) {
    InstructionGroup group;
    group.add(std::move(text));
    return group;
}

inline InstructionGroup single_compressed_instruction(std::string text) {
    InstructionGroup group;
    group.add_compressed(std::move(text));
    return group;
}

} // namespace xbemu::random_program
