#pragma once
// What runs after the random body: the report, which stores the final state, hashes the
// scratch buffer and the checkpoint records, prints one "name=0x<16 hex digits>" line per
// value through semihosting SYS_WRITE0 and exits with status 0 through SYS_EXIT; and the
// handler for unexpected traps, which prints mcause, mepc and mtval and exits with status 1.
// All of it is plain assembly: the programs use no C library.

#include "program_text.hpp"

#include <cstddef>

namespace xbemu::random_program {

inline constexpr const char* report_label = "report";
inline constexpr const char* trap_handler_label = "unexpected_trap";
inline constexpr const char* report_area_label = "report_values";

void write_report_code(ProgramText& program, std::size_t checkpoint_count);
// The report's data: names, line buffer, semihosting parameter blocks.
void write_report_data(ProgramText& program);
// Where the report stores its values; must start at report_values_offset from the base.
void write_report_area(ProgramText& program);

} // namespace xbemu::random_program
