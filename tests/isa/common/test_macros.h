/* Harness for the self-checking ISA tests (assembled with the C preprocessor).
 *
 * A test is a sequence of numbered cases. TEST_CASE checks one register against an expected
 * value; on a mismatch the program exits with the case number as its status (like
 * riscv-tests' TESTNUM in gp), so case numbers stay within 1..254. Passing programs exit with
 * status 0. Exit goes through RISC-V
 * semihosting (SYS_EXIT with ADP_Stopped_ApplicationExit), so the same ELF runs on xbemu and on
 * qemu-system-riscv64 and both must report 0.
 *
 * Register conventions inside tests: gp (x3) holds the current case number, t5/t6 (x30/x31)
 * are reserved for the harness comparisons, sp points at a 64 KiB stack.
 * An unexpected trap exits with status 255.
 */
/* Macros for assembly files, laid out by hand. */
/* clang-format off */
#ifndef XBEMU_TEST_MACROS_H
#define XBEMU_TEST_MACROS_H

#define TESTNUM gp

#define SEMIHOSTING_SYS_EXIT 0x18
#define SEMIHOSTING_APPLICATION_EXIT 0x20026

/* a0 = operation, a1 = parameter; the three instructions must stay uncompressed, aligned and
 * (for QEMU) inside one page. The alignment is assembled with RVC enabled, even in a norvc
 * file, so that the padding may contain a 2-byte nop (the linker needs that). */
#define SEMIHOSTING_CALL             \
    .option push;                    \
    .option rvc;                     \
    .balign 16;                      \
    .option norvc;                   \
    slli x0, x0, 0x1f;               \
    ebreak;                          \
    srai x0, x0, 7;                  \
    .option pop

/* Exit with the status held in register `reg` (clobbers a0, a1, sp-16..sp). */
#define EXIT_WITH_REGISTER(reg)                  \
    addi sp, sp, -16;                            \
    sd reg, 8(sp);                               \
    li a0, SEMIHOSTING_APPLICATION_EXIT;         \
    sd a0, 0(sp);                                \
    li a0, SEMIHOSTING_SYS_EXIT;                 \
    mv a1, sp;                                   \
    SEMIHOSTING_CALL;                            \
1:  j 1b

#define RVTEST_CODE_BEGIN                        \
    .section .text.init, "ax", @progbits;        \
    .globl _start;                               \
_start:                                          \
    la t0, test_unexpected_trap;                 \
    csrw mtvec, t0;                              \
    li t0, (1 << 13);                            \
    csrs mstatus, t0;                            \
    csrwi fcsr, 0;                               \
    la sp, _stack_top;                           \
    li TESTNUM, 0;                               \
    j test_body;                                 \
    .balign 4;                                   \
test_unexpected_trap:                            \
    la sp, _stack_top;                           \
    li t6, 255;                                  \
    EXIT_WITH_REGISTER(t6);                      \
test_body:

#define RVTEST_PASS                              \
    la sp, _stack_top;                           \
    li t6, 0;                                    \
    EXIT_WITH_REGISTER(t6)

#define RVTEST_CODE_END                          \
test_fail:                                       \
    la sp, _stack_top;                           \
    EXIT_WITH_REGISTER(TESTNUM)

#define RVTEST_DATA_BEGIN .section .data; .balign 16;
#define RVTEST_DATA_END

/* Check that `reg` equals `expected` (a 64-bit immediate) for case `number`, after `code`. */
#define TEST_CASE(number, reg, expected, code...)   \
    .if number > 254;                               \
    .error "case numbers above 254 cannot be told apart in an 8-bit exit status"; \
    .endif;                                         \
test_##number:                                      \
    li TESTNUM, number;                             \
    code;                                           \
    li t6, expected;                                \
    bne reg, t6, test_fail;

#endif
