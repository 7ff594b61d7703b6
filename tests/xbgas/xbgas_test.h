/* Harness of the xBGAS assembly tests, on top of the ISA harness (../isa/common/test_macros.h)
 * and xbgas.h. Every PE runs the same program; each exits 0 when all its cases pass and with the
 * number of its first failing case otherwise (255 on an unexpected trap).
 *
 *     XBGAS_TEST_BEGIN
 *         ... cases, XBGAS_BARRIER between phases ...
 *         XBGAS_PASS
 *     XBGAS_TEST_END
 *     RVTEST_DATA_BEGIN
 *         XBGAS_TEST_DATA
 *         ... symmetric data: the same address on every PE ...
 *     RVTEST_DATA_END
 *
 * Registers, besides the harness's gp (case number), t5/t6 (comparisons) and sp:
 *     s0 = this PE's number, s1 = the number of PEs (e10 and e11 at start-up),
 *     s2 = the next PE, (s0 + 1) mod s1, and s3 = the previous one, (s0 - 1) mod s1.
 * The barrier clobbers t0-t4 and e5, the extended register of t0 that addresses PE 0 and the
 * PEs it releases.
 *
 * A PE that fails tells every other PE before it exits, and one waiting in a barrier then exits
 * with the same case number: the job ends at once with that number instead of leaving the
 * others waiting for a PE that is gone.
 *
 * Built with -DXBGAS_QEMU_MODEL, a program installs the single-PE model of qemu-model/ first, and
 * trap handlers are installed through it (XBGAS_SET_TRAP_HANDLER) rather than in mtvec.
 */
/* Macros for assembly files, laid out by hand. */
/* clang-format off */
#ifndef XBGAS_TEST_H
#define XBGAS_TEST_H

#include "test_macros.h"
#include "xbgas.h"

#define PE_ID s0
#define PE_COUNT s1
#define NEXT_PE s2
#define PREVIOUS_PE s3

/* An object ID that no PE answers to unless an OLB file maps it. */
#define UNMAPPED_OBJECT 0x99

#ifdef XBGAS_QEMU_MODEL
#define XBGAS_MODEL_INSTALL call xbgas_model_install
#define XBGAS_SET_TRAP_HANDLER(label)        \
    la t0, label;                            \
    la t1, xbgas_model_guest_handler;        \
    sd t0, 0(t1)
#else
#define XBGAS_MODEL_INSTALL
#define XBGAS_SET_TRAP_HANDLER(label)        \
    la t0, label;                            \
    csrw mtvec, t0
#endif

#define XBGAS_TEST_BEGIN                           \
    RVTEST_CODE_BEGIN                              \
    XBGAS_MODEL_INSTALL;                           \
    XBGAS_SET_TRAP_HANDLER(xbgas_unexpected_trap); \
    XB_EADDI(PE_ID, XB_EREG_PE_ID, 0);             \
    XB_EADDI(PE_COUNT, XB_EREG_PE_COUNT, 0);       \
    addi NEXT_PE, PE_ID, 1;                        \
    bltu NEXT_PE, PE_COUNT, 60f;                   \
    li NEXT_PE, 0;                                 \
60: addi PREVIOUS_PE, PE_ID, -1;                   \
    bgez PREVIOUS_PE, 61f;                         \
    addi PREVIOUS_PE, PE_COUNT, -1;                \
61:

#define XBGAS_BARRIER call xbgas_barrier

/* The last barrier keeps every PE's memory in use until no PE reads or writes it any more. */
#define XBGAS_PASS                           \
    XBGAS_BARRIER;                           \
    RVTEST_PASS

/* The cases below differ from the harness's TEST_CASE in having no label, so that their number
 * may be an expression such as (first + 3) in a macro that expands to a group of cases. */
#define CHECK_CASE_NUMBER(number)                                                                \
    .if (number) < 1 || (number) > 127;                                                          \
    .error "case numbers must lie in 1..127: run-program.sh reports higher statuses as signals"; \
    .endif

/* TEST_CASE with an expression as its number. */
#define TEST_CASE_AT(number, reg, expected, code...) \
    CHECK_CASE_NUMBER(number);                       \
    li TESTNUM, number;                              \
    code;                                            \
    li t6, expected;                                 \
    bne reg, t6, test_fail;

/* The expected value is held in a register. */
#define TEST_CASE_REG(number, reg, expected_reg, code...) \
    CHECK_CASE_NUMBER(number);                            \
    li TESTNUM, number;                                   \
    code;                                                 \
    bne reg, expected_reg, test_fail;

/* The expected value is base + step * pe, for data that PE `pe` (a register) wrote: the tests
 * choose patterns where adding step * pe carries into no other byte. */
#define TEST_PE_PATTERN(number, reg, base, step, pe, code...) \
    CHECK_CASE_NUMBER(number);                                \
    li TESTNUM, number;                                       \
    code;                                                     \
    li t6, step;                                              \
    mul t6, t6, pe;                                           \
    li t5, base;                                              \
    add t6, t6, t5;                                           \
    bne reg, t6, test_fail;

/* The barrier: every PE adds 1 to PE 0's arrival count with a remote atomic; PE 0 waits until
 * the count reaches epoch * PEs, then stores the epoch into every PE's release word and fences;
 * the others wait on their own release word. Counts only grow, so a fast PE's arrival at the
 * next barrier cannot be mistaken for one at this barrier. The fence on entry completes this
 * PE's remote stores before it arrives, the one on exit keeps its later loads after the
 * release. */
#define XBGAS_BARRIER_ROUTINE                \
    .balign 4;                               \
xbgas_barrier:                               \
    fence;                                   \
    la t0, xbgas_barrier_epoch;              \
    ld t1, 0(t0);                            \
    addi t1, t1, 1;                          \
    sd t1, 0(t0);                            \
    la t0, xbgas_barrier_arrivals;           \
    li t2, 1;                                \
    XB_EADDIE(5, zero, 1);                   \
    XB_EAMOADD_D(t4, t2, (t0));              \
    bnez PE_ID, 72f;                         \
    mul t3, t1, PE_COUNT;                    \
71: XBGAS_EXIT_IF_ABORTED;                   \
    ld t4, 0(t0);                            \
    bltu t4, t3, 71b;                        \
    la t0, xbgas_barrier_release;            \
    li t2, 0;                                \
73: XB_EADDIE(5, t2, 1);                     \
    XB_ESD(t1, 0(t0));                       \
    addi t2, t2, 1;                          \
    bltu t2, PE_COUNT, 73b;                  \
    fence;                                   \
72: la t0, xbgas_barrier_release;            \
74: XBGAS_EXIT_IF_ABORTED;                   \
    ld t4, 0(t0);                            \
    bltu t4, t1, 74b;                        \
    fence;                                   \
    ret

#define XBGAS_EXIT_IF_ABORTED                \
    la t2, xbgas_abort_case;                 \
    ld t2, 0(t2);                            \
    bnez t2, xbgas_exit_aborted

/* test_fail (the harness's name, where TEST_CASE branches) stores the failing case number into
 * every PE's abort word before exiting with it. An unexpected trap fails as case 255; it puts the
 * harness's handler back first, so that a trap while telling the others just exits. */
#define XBGAS_TEST_END                            \
    XBGAS_BARRIER_ROUTINE;                        \
    .balign 4;                                    \
xbgas_unexpected_trap:                            \
    XBGAS_SET_TRAP_HANDLER(test_unexpected_trap); \
    li TESTNUM, 255;                              \
test_fail:                                        \
    li t1, 0;                                     \
    la t0, xbgas_abort_case;                      \
75: XB_EADDIE(5, t1, 1);                          \
    XB_ESD(TESTNUM, 0(t0));                       \
    addi t1, t1, 1;                               \
    bltu t1, PE_COUNT, 75b;                       \
    fence;                                        \
    la sp, _stack_top;                            \
    EXIT_WITH_REGISTER(TESTNUM);                  \
xbgas_exit_aborted:                               \
    la sp, _stack_top;                            \
    EXIT_WITH_REGISTER(t2)

#define XBGAS_TEST_DATA                      \
    .balign 8;                               \
xbgas_barrier_epoch:                         \
    .dword 0;                                \
xbgas_barrier_arrivals:                      \
    .dword 0;                                \
xbgas_barrier_release:                       \
    .dword 0;                                \
xbgas_abort_case:                            \
    .dword 0

#endif
