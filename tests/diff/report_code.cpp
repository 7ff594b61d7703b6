#include "report_code.hpp"

#include "registers.hpp"
#include "scratch_layout.hpp"
#include "state_checkpoint.hpp"
#include "state_record.hpp"

#include <fmt/format.h>
#include <string>
#include <vector>

namespace xbemu::random_program {

namespace {

// Report entries: the state record, then the hashes, then the checksum of all of them.
constexpr int scratch_hash_entry = state_record_entries;
constexpr int checkpoint_hash_entry = scratch_hash_entry + 1;
constexpr int checksum_entry = checkpoint_hash_entry + 1;
constexpr int report_entries = checksum_entry + 1;

constexpr std::uint64_t semihosting_write0 = 0x04;
constexpr std::uint64_t semihosting_exit = 0x18;
constexpr std::uint64_t application_exit_reason = 0x20026;
constexpr int exit_status_after_trap = 1;

constexpr int name_record_bytes = 32;
constexpr int line_buffer_bytes = 64;

int report_offset(int entry) {
    return report_values_offset + entry * 8;
}

std::vector<std::string> report_names() {
    std::vector<std::string> names;
    for (unsigned index = 1; index < 32; ++index) {
        names.push_back(integer_register(index));
    }
    for (unsigned index = 0; index < 32; ++index) {
        names.push_back(fp_register(index));
    }
    names.push_back("fcsr");
    names.push_back("scratch_hash");
    names.push_back("checkpoint_hash");
    names.push_back("checksum");
    return names;
}

void write_report(ProgramText& program, std::size_t checkpoint_count) {
    program.label(report_label);
    for (int number = 1; number < 32; ++number) {
        program.instruction(
            fmt::format("sd x{}, {}(sp)", number, report_offset(integer_register_slot(number))));
    }
    for (int number = 0; number < 32; ++number) {
        program.instruction(
            fmt::format("fsd f{}, {}(sp)", number, report_offset(fp_register_slot(number))));
    }
    program.instruction("csrr t0, fcsr");
    program.instruction(fmt::format("sd t0, {}(sp)", report_offset(fcsr_slot)));

    program.instruction("mv a0, sp");
    program.instruction(fmt::format("addi a1, sp, {}", scratch_buffer_bytes));
    program.instruction("jal ra, hash_range");
    program.instruction(fmt::format("sd a0, {}(sp)", report_offset(scratch_hash_entry)));

    program.instruction(fmt::format("la a0, {}", checkpoint_area_label));
    program.instruction(
        fmt::format("la a1, {}+{}", checkpoint_area_label, checkpoint_count * state_record_bytes));
    program.instruction("jal ra, hash_range");
    program.instruction(fmt::format("sd a0, {}(sp)", report_offset(checkpoint_hash_entry)));

    program.instruction(fmt::format("addi a0, sp, {}", report_offset(0)));
    program.instruction(fmt::format("addi a1, sp, {}", report_offset(checksum_entry)));
    program.instruction("jal ra, hash_range");
    program.instruction(fmt::format("sd a0, {}(sp)", report_offset(checksum_entry)));

    program.instruction("la a0, report_names");
    program.instruction(fmt::format("addi a1, sp, {}", report_offset(0)));
    program.instruction(fmt::format("li a2, {}", report_entries));
    program.instruction("jal ra, print_values");
    program.instruction("li a0, 0");
    program.instruction("j exit_with_status");
}

void write_hash_routine(ProgramText& program) {
    program.comment(
        "a0 = hash of the doublewords in [a0, a1). Each step (xor, multiply by an odd\n"
        "constant, xorshift) is a bijection, so any one changed doubleword changes it.");
    program.label("hash_range");
    program.instruction("li t0, 0xcbf29ce484222325");
    program.instruction("li t1, 0x100000001b3");
    program.instruction("bgeu a0, a1, .Lhash_done");
    program.label(".Lhash_next");
    program.instruction("ld t2, 0(a0)");
    program.instruction("xor t0, t0, t2");
    program.instruction("mul t0, t0, t1");
    program.instruction("srli t2, t0, 29");
    program.instruction("xor t0, t0, t2");
    program.instruction("addi a0, a0, 8");
    program.instruction("bltu a0, a1, .Lhash_next");
    program.label(".Lhash_done");
    program.instruction("mv a0, t0");
    program.instruction("ret");
}

void write_print_routine(ProgramText& program) {
    program.comment(
        "Prints a2 lines \"<name>0x<16 hex digits>\\n\": names from the records at a0,\n"
        "values from the doublewords at a1. Semihosting changes only a0.");
    program.label("print_values");
    program.instruction("mv t3, a0");
    program.instruction("mv t4, a1");
    program.instruction("mv t5, a2");
    program.label(".Lprint_next");
    program.instruction("la t0, report_line");
    program.instruction("mv t1, t3");
    program.label(".Lcopy_name");
    program.instruction("lbu t2, 0(t1)");
    program.instruction("beqz t2, .Lname_copied");
    program.instruction("sb t2, 0(t0)");
    program.instruction("addi t1, t1, 1");
    program.instruction("addi t0, t0, 1");
    program.instruction("j .Lcopy_name");
    program.label(".Lname_copied");
    program.instruction("li t2, 0x30 /* '0' */");
    program.instruction("sb t2, 0(t0)");
    program.instruction("li t2, 0x78 /* 'x' */");
    program.instruction("sb t2, 1(t0)");
    program.instruction("addi t0, t0, 2");
    program.instruction("ld t1, 0(t4)");
    program.instruction("li t6, 16");
    program.label(".Lhex_digit");
    program.instruction("srli t2, t1, 60");
    program.instruction("slli t1, t1, 4");
    program.instruction("addi t2, t2, 0x30");
    program.instruction("li a3, 0x3a");
    program.instruction("bltu t2, a3, .Ldigit_ready");
    program.comment("10..15 become 'a'..'f'.");
    program.instruction("addi t2, t2, 0x27");
    program.label(".Ldigit_ready");
    program.instruction("sb t2, 0(t0)");
    program.instruction("addi t0, t0, 1");
    program.instruction("addi t6, t6, -1");
    program.instruction("bnez t6, .Lhex_digit");
    program.instruction("li t2, 0x0a");
    program.instruction("sb t2, 0(t0)");
    program.instruction("sb zero, 1(t0)");
    program.instruction(fmt::format("li a0, {:#x}", semihosting_write0));
    program.instruction("la a1, report_line");
    program.semihosting_call();
    program.instruction(fmt::format("addi t3, t3, {}", name_record_bytes));
    program.instruction("addi t4, t4, 8");
    program.instruction("addi t5, t5, -1");
    program.instruction("bnez t5, .Lprint_next");
    program.instruction("ret");
}

void write_exit_routine(ProgramText& program) {
    program.comment("SYS_EXIT with ADP_Stopped_ApplicationExit and the exit status in a0.");
    program.label("exit_with_status");
    program.instruction("la a1, exit_block");
    program.instruction(fmt::format("li t0, {:#x}", application_exit_reason));
    program.instruction("sd t0, 0(a1)");
    program.instruction("sd a0, 8(a1)");
    program.instruction(fmt::format("li a0, {:#x}", semihosting_exit));
    program.semihosting_call();
    program.label(".Lhalt");
    program.instruction("j .Lhalt");
}

void write_trap_handler(ProgramText& program) {
    program.comment("Nothing the program does may trap; if it does, say where and fail.");
    program.align_code(4);
    program.label(trap_handler_label);
    program.instruction("la t0, trap_values");
    program.instruction("csrr t1, mcause");
    program.instruction("sd t1, 0(t0)");
    program.instruction("csrr t1, mepc");
    program.instruction("sd t1, 8(t0)");
    program.instruction("csrr t1, mtval");
    program.instruction("sd t1, 16(t0)");
    program.instruction("la a0, trap_names");
    program.instruction("mv a1, t0");
    program.instruction("li a2, 3");
    program.instruction("jal ra, print_values");
    program.instruction(fmt::format("li a0, {}", exit_status_after_trap));
    program.instruction("j exit_with_status");
}

} // namespace

void write_report_code(ProgramText& program, std::size_t checkpoint_count) {
    write_report(program, checkpoint_count);
    write_hash_routine(program);
    write_print_routine(program);
    write_exit_routine(program);
    write_trap_handler(program);
}

void write_report_data(ProgramText& program) {
    program.instruction(".balign 8");
    program.label("trap_values");
    program.instruction(".zero 24");
    program.label("exit_block");
    program.instruction(".zero 16");
    program.label("report_line");
    program.instruction(fmt::format(".zero {}", line_buffer_bytes));
    program.name_table("report_names", report_names(), name_record_bytes);
    program.name_table("trap_names", {"trap_mcause", "trap_mepc", "trap_mtval"}, name_record_bytes);
}

void write_report_area(ProgramText& program) {
    program.label(report_area_label);
    program.instruction(fmt::format(".zero {}", report_entries * 8));
}

} // namespace xbemu::random_program
