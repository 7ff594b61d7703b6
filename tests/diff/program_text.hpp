#pragma once
// Builds the text of the generated assembly file.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace xbemu::random_program {

class ProgramText {
public:
    void instruction(std::string_view text);
    void label(std::string_view name);
    // A C-style comment (the file goes through the C preprocessor, where '#' starts a directive).
    void comment(std::string_view text);
    void raw(std::string_view text);
    // .balign for code that may follow compressed instructions.
    void align_code(int bytes);
    // The RISC-V semihosting trap sequence; a0 = operation, a1 = parameter.
    void semihosting_call();
    void doublewords(const std::vector<std::uint64_t>& values);
    // The label `table` on NUL-terminated "<name>=" strings in aligned fixed-size records.
    void name_table(std::string_view table, const std::vector<std::string>& names,
                    int record_bytes);

    const std::string& text() const { return text_; }

private:
    std::string text_;
};

} // namespace xbemu::random_program
