/* Harness of the PIMP assembly tests, on top of the ISA harness (../isa/common/test_macros.h):
 * the instructions as raw encodings (.insn), in this project's default layout or, built with
 * -DPIMP_RCMC_LAYOUT, in rcmc's (branches on custom-3), the CSRs and the exception causes. Every
 * PE runs the same program and exits 0 when all its cases pass, with the number of its first
 * failing case otherwise (255 on an unexpected trap).
 *
 * Registers, besides the harness's gp (case number), t5/t6 (comparisons) and sp:
 *     s0 = this PE's id (CSR 0xc71), s1 = the number of PEs (CSR 0xc70).
 */
/* Macros for assembly files, laid out by hand. */
/* clang-format off */
#ifndef PIMP_TEST_H
#define PIMP_TEST_H

#include "priv_macros.h"

#define PIMP_CSR_CORES 0xc70
#define PIMP_CSR_ID 0xc71
#define PIMP_CSR_GRID 0xc72

#define PIMP_CAUSE_SEND_FIFO_FULL 24
#define PIMP_CAUSE_RECEIVE_FIFO_EMPTY 25
#define PIMP_CAUSE_NO_SUCH_NODE 26

#define PIMP_OPCODE 0x5b
#ifdef PIMP_RCMC_LAYOUT
#define PIMP_BRANCH_OPCODE 0x7b
#define PIMP_BRANCH_FUNCT3 0
#else
#define PIMP_BRANCH_OPCODE 0x5b
#define PIMP_BRANCH_FUNCT3 4
#endif

#define PIMP_SEND(node, payload) .insn r PIMP_OPCODE, 0, 0, x0, node, payload
#define PIMP_SRC(rd) .insn r PIMP_OPCODE, 2, 0, rd, x0, x0
#define PIMP_RECV(rd) .insn r PIMP_OPCODE, 3, 0, rd, x0, x0
#define PIMP_BNS(label) .insn b PIMP_BRANCH_OPCODE, PIMP_BRANCH_FUNCT3 + 0, x0, x0, label
#define PIMP_BRS(label) .insn b PIMP_BRANCH_OPCODE, PIMP_BRANCH_FUNCT3 + 1, x0, x0, label
#define PIMP_BNR(label) .insn b PIMP_BRANCH_OPCODE, PIMP_BRANCH_FUNCT3 + 2, x0, x0, label
#define PIMP_BAR(label) .insn b PIMP_BRANCH_OPCODE, PIMP_BRANCH_FUNCT3 + 3, x0, x0, label

/* The idioms of the paper: wait in a self-referential branch, then send or receive. */
#define PIMP_BLOCKING_SEND(node, payload) \
70: PIMP_BNS(70b);                        \
    PIMP_SEND(node, payload)
#define PIMP_BLOCKING_RECEIVE(sender, payload) \
71: PIMP_BNR(71b);                             \
    PIMP_SRC(sender);                          \
    PIMP_RECV(payload)

#define PE_ID s0
#define PE_COUNT s1

#define PIMP_TEST_BEGIN             \
    RVTEST_CODE_BEGIN               \
    csrr PE_ID, PIMP_CSR_ID;        \
    csrr PE_COUNT, PIMP_CSR_CORES

/* reg = 1 if `branch` (PIMP_BNR...) is taken, else 0. */
#define TAKEN(reg, branch) \
    li reg, 1;             \
    branch(73f);           \
    li reg, 0;             \
73:

/* Case `number`: the instruction at `label` traps with `cause`, mtval equal to `tval_reg` and
 * mepc at it (the recording handler must be installed). */
#define TEST_TRAP(number, cause, tval_reg, label, instruction...)                         \
    TEST_CASE(number, TRAP_CAUSE, cause, li TRAP_TVAL, -1; EXPECT_TRAP_AT(74f); label:     \
              instruction; j test_fail; 74:)                                              \
    bne TRAP_TVAL, tval_reg, test_fail;                                                   \
    la t6, label;                                                                         \
    bne TRAP_EPC, t6, test_fail

/* Spins for about `iterations` times two instructions (clobbers t0). */
#define DELAY(iterations)     \
    li t0, iterations;        \
72: addi t0, t0, -1;          \
    bnez t0, 72b

#endif
