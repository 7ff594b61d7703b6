#pragma once
// State shared by every instruction generator of one program: the random source, the register
// chooser with its memory of recent destinations, and the counter that keeps labels unique.

#include "random_source.hpp"
#include "registers.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace xbemu::random_program {

class GenerationContext {
public:
    explicit GenerationContext(std::uint64_t seed) : random_(seed), registers_(random_) {}
    GenerationContext(const GenerationContext&) = delete;
    GenerationContext& operator=(const GenerationContext&) = delete;

    RandomSource& random() { return random_; }
    RegisterChooser& registers() { return registers_; }
    // A fresh assembler-local label such as ".Ltarget_12".
    std::string new_label(std::string_view purpose) {
        return ".L" + std::string(purpose) + "_" + std::to_string(label_count_++);
    }

private:
    RandomSource random_;
    RegisterChooser registers_;
    unsigned label_count_ = 0;
};

} // namespace xbemu::random_program
