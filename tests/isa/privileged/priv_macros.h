/* Trap bookkeeping shared by the privileged-architecture tests, on top of test_macros.h.
 *
 * A test arms the recording handler with EXPECT_TRAP_AT(label) right before the instruction that
 * should trap. The handler stores the trap's CSRs in fixed registers and resumes at the armed
 * label in machine mode, whatever mode trapped. Arming is one-shot: a trap while disarmed exits
 * with 255 like the harness's unexpected-trap handler, so a trap that repeats or that no case
 * expected cannot be mistaken for the expected one.
 *
 * Registers: s7 = mstatus, s8 = mcause, s9 = mepc, s10 = mtval as seen on entry to the handler;
 * s11 = armed resume address (0 when disarmed). The handler clobbers t6, which the harness only
 * uses for comparisons after a case's code has run.
 */
/* Macros for assembly files, laid out by hand. */
/* clang-format off */
#ifndef XBEMU_PRIV_MACROS_H
#define XBEMU_PRIV_MACROS_H

#include "test_macros.h"

#define TRAP_MSTATUS s7
#define TRAP_CAUSE s8
#define TRAP_EPC s9
#define TRAP_TVAL s10
#define TRAP_RESUME s11

/* mcause can never hold all ones (that would be interrupt 2^63-1), so it marks "no trap yet". */
#define NO_TRAP -1

#define MSTATUS_MIE (1 << 3)
#define MSTATUS_MPIE (1 << 7)
#define MSTATUS_MPP (3 << 11)
#define MSTATUS_MPP_M (3 << 11)
#define MSTATUS_FS (3 << 13)
#define MSTATUS_FS_INITIAL (1 << 13)
#define MSTATUS_FS_CLEAN (2 << 13)
#define MSTATUS_FS_DIRTY (3 << 13)
#define MSTATUS_MPRV (1 << 17)
#define MSTATUS_SD (1 << 63)

#define MIP_MSIP (1 << 3)
#define MIP_MTIP (1 << 7)
#define MIE_MSIE (1 << 3)
#define MIE_MTIE (1 << 7)

#define CAUSE_INSTRUCTION_ACCESS_FAULT 1
#define CAUSE_ILLEGAL_INSTRUCTION 2
#define CAUSE_BREAKPOINT 3
#define CAUSE_LOAD_MISALIGNED 4
#define CAUSE_LOAD_ACCESS_FAULT 5
#define CAUSE_STORE_MISALIGNED 6
#define CAUSE_STORE_ACCESS_FAULT 7
#define CAUSE_USER_ECALL 8
#define CAUSE_MACHINE_ECALL 11
#define CAUSE_INTERRUPT_BIT (1 << 63)
#define CAUSE_MACHINE_SOFTWARE_INTERRUPT (CAUSE_INTERRUPT_BIT | 3)
#define CAUSE_MACHINE_TIMER_INTERRUPT (CAUSE_INTERRUPT_BIT | 7)

#define CLINT_MSIP 0x2000000
#define CLINT_MTIMECMP 0x2004000
#define CLINT_MTIME 0x200bff8

/* Outside guest RAM (0x80000000..0x90000000 on xbemu and on QEMU's virt machine with -m 256M)
 * and outside every device both of them map. Not zero, so that mtval = address is told apart
 * from an mtval that was simply cleared. */
#define UNMAPPED_LOW_ADDRESS 0x40
#define UNMAPPED_PAST_RAM_ADDRESS 0x90000100

#define EXPECT_TRAP_AT(label)                    \
    la TRAP_RESUME, label;                       \
    li TRAP_CAUSE, NO_TRAP

#define INSTALL_RECORDING_TRAP_HANDLER           \
    la t0, recording_trap_handler;               \
    csrw mtvec, t0

/* Interrupt sources stay pending after the handler runs, so it masks them all in mie; otherwise
 * mret would re-enter the handler at once. */
#define RECORDING_TRAP_HANDLER                   \
    .balign 4;                                   \
recording_trap_handler:                          \
    csrr TRAP_MSTATUS, mstatus;                  \
    csrr TRAP_CAUSE, mcause;                     \
    csrr TRAP_EPC, mepc;                         \
    csrr TRAP_TVAL, mtval;                       \
    bnez TRAP_RESUME, 90f;                       \
    j test_unexpected_trap;                      \
90: bgez TRAP_CAUSE, 91f;                        \
    csrw mie, zero;                              \
91: csrw mepc, TRAP_RESUME;                      \
    li TRAP_RESUME, 0;                           \
    li t6, MSTATUS_MPP_M;                        \
    csrs mstatus, t6;                            \
    mret

/* QEMU's virt hart has PMP, and with no entry set U-mode may access nothing; entry 0 as a NAPOT
 * region covering everything allows it all. xbemu has no PMP entries and ignores the writes. */
#define ALLOW_USER_ACCESS_TO_ALL_MEMORY          \
    li t0, -1;                                   \
    csrw pmpaddr0, t0;                           \
    li t0, 0x1f;                                 \
    csrw pmpcfg0, t0

/* mret to `label` in U-mode (MPP = 0). */
#define ENTER_USER_MODE_AT(label)                \
    li t0, MSTATUS_MPP;                          \
    csrc mstatus, t0;                            \
    la t0, label;                                \
    csrw mepc, t0;                               \
    mret

/* Like TEST_CASE, with the expected value being the address of `label`. */
#define TEST_ADDRESS(number, reg, label, code...) \
test_##number:                                    \
    li TESTNUM, number;                           \
    code;                                         \
    la t6, label;                                 \
    bne reg, t6, test_fail;

/* Checks that `reg` is zero or the address of `label`: the spec lets mtval be either on some
 * traps. */
#define TEST_ZERO_OR_ADDRESS(number, reg, label, code...) \
test_##number:                                    \
    li TESTNUM, number;                           \
    code;                                         \
    beqz reg, 92f;                                \
    la t6, label;                                 \
    bne reg, t6, test_fail;                       \
92:

/* Checks that `reg` holds the 32-bit instruction at `label`, read from memory as two halfwords
 * because with C a 32-bit instruction need only be 2-byte aligned. */
#define TEST_INSTRUCTION_BITS(number, reg, label, code...) \
test_##number:                                    \
    li TESTNUM, number;                           \
    code;                                         \
    la t5, label;                                 \
    lhu t6, 2(t5);                                \
    slli t6, t6, 16;                              \
    lhu t5, 0(t5);                                \
    or t6, t6, t5;                                \
    bne reg, t6, test_fail;

/* The same for a 16-bit instruction. */
#define TEST_COMPRESSED_INSTRUCTION_BITS(number, reg, label, code...) \
test_##number:                                    \
    li TESTNUM, number;                           \
    code;                                         \
    la t5, label;                                 \
    lhu t6, 0(t5);                                \
    bne reg, t6, test_fail;

/* Case `number`: U-mode `access` at `label` traps with `cause`, mepc at it and mtval = the
 * address in `address_reg`. */
#define TEST_USER_TRAP(number, cause, address_reg, label, access...)     \
    TEST_CASE(number, TRAP_CAUSE, cause,                                  \
              li TRAP_TVAL, 0; EXPECT_TRAP_AT(1f); ENTER_USER_MODE_AT(label); \
              label: access; j test_fail; 1:)                              \
    bne TRAP_TVAL, address_reg, test_fail;                                \
    la t6, label;                                                         \
    bne TRAP_EPC, t6, test_fail

/* Case `number`: `access` in U-mode completes without a trap (ends with an ecall back to
 * M-mode). */
#define TEST_USER_COMPLETES(number, access...)                            \
    TEST_CASE(number, TRAP_CAUSE, CAUSE_USER_ECALL,                       \
              EXPECT_TRAP_AT(1f); ENTER_USER_MODE_AT(2f); 2: access; ecall; 1:)

#endif
