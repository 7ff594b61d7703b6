#include "program_text.hpp"

#include <fmt/format.h>

namespace xbemu::random_program {

void ProgramText::instruction(std::string_view text) {
    text_ += fmt::format("    {}\n", text);
}

void ProgramText::label(std::string_view name) {
    text_ += fmt::format("{}:\n", name);
}

void ProgramText::comment(std::string_view text) {
    text_ += "    /* ";
    for (const char character : text) {
        if (character == '\n') {
            text_ += "\n     * ";
        } else {
            text_ += character;
        }
    }
    text_ += " */\n";
}

void ProgramText::raw(std::string_view text) {
    text_ += text;
}

void ProgramText::align_code(int bytes) {
    // binutils 2.40 misplaces the padding of a .balign under `.option norvc` when it needs a
    // 2-byte filler (after compressed code); under `.option rvc` it pads with c.nop correctly.
    instruction(".option rvc");
    instruction(fmt::format(".balign {}", bytes));
    instruction(".option norvc");
}

void ProgramText::semihosting_call() {
    // QEMU recognises the sequence only when it is uncompressed, 4-byte aligned and within one
    // page; 16-byte alignment keeps its 12 bytes off page boundaries.
    align_code(16);
    instruction("slli x0, x0, 0x1f");
    instruction("ebreak");
    instruction("srai x0, x0, 7");
}

void ProgramText::doublewords(const std::vector<std::uint64_t>& values) {
    for (std::size_t first = 0; first < values.size(); first += 4) {
        std::string line = ".dword ";
        for (std::size_t index = first; index < values.size() && index < first + 4; ++index) {
            line += fmt::format("{}{:#018x}", index == first ? "" : ", ", values[index]);
        }
        instruction(line);
    }
}

void ProgramText::name_table(std::string_view table, const std::vector<std::string>& names,
                             int record_bytes) {
    instruction(fmt::format(".balign {}", record_bytes));
    label(table);
    for (std::size_t index = 0; index < names.size(); ++index) {
        // .org fails the assembly if a name overflows its record.
        const std::string record = fmt::format(".L{}_{}", table, index);
        label(record);
        instruction(fmt::format(".asciz \"{}=\"", names[index]));
        instruction(fmt::format(".org {} + {}", record, record_bytes));
    }
}

} // namespace xbemu::random_program
