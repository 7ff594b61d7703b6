#pragma once
// What reports about a program that is stuck or has run out of stack need to know of its ELF:
// where its start-up code is, and the stack its link script gives it.

#include "xbemu/elf_image.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace xbemu {

// A function's code: from its symbol to the next symbol above it.
struct CodeRange {
    std::string name;
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
};

struct ProgramLayout {
    // The start-up functions present that loop for ever once main returns (picolibc's _cstart).
    std::vector<CodeRange> startup_code;
    // __stack - __stack_size: the lowest address the link script's stack may use, when it
    // defines both symbols (picolibc's do).
    std::optional<std::uint64_t> stack_bottom;

    // Every symbol's range up to the next symbol, by address: the function (or label of
    // assembly code) a pc is in, for reports that name where PEs wait.
    std::vector<CodeRange> symbols;

    // The start-up function the pc is in, or nullptr.
    const CodeRange* startup_function_at(std::uint64_t pc) const;
    // The symbol whose range holds the pc, or nullptr.
    const CodeRange* symbol_at(std::uint64_t pc) const;
    // The pc as objdump names it, " <main+0x1c>" (" <main>" at the symbol), with its leading
    // blank, for reports that give a pc; empty where no symbol holds it.
    std::string name_of_pc(std::uint64_t pc) const;
};

ProgramLayout program_layout(const ElfImage& image);

} // namespace xbemu
