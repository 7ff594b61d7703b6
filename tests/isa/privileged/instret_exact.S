/* minstret counts exactly one per retired instruction. Registered for xbemu only: QEMU counts
 * instret exactly only with -icount.
 *
 * A csrr of minstret reads the count before its own retirement, so two reads around k
 * instructions differ by k + 1. */
#include "priv_macros.h"

RVTEST_CODE_BEGIN
    la t0, counting_trap_handler
    csrw mtvec, t0

    TEST_CASE(1, a0, 1, csrr a1, minstret; csrr a2, minstret; sub a0, a2, a1)
    TEST_CASE(2, a0, 11,
              csrr a1, minstret; .option push; .option norvc; nop; nop; nop; nop; nop; nop; nop; nop; nop; nop;
              .option pop; csrr a2, minstret; sub a0, a2, a1)
    /* Compressed instructions count one each, like 32-bit ones. */
    TEST_CASE(3, a0, 6, csrr a1, minstret; c.nop; c.nop; c.nop; c.li a3, 1; c.addi a3, 1; csrr a2, minstret; sub a0, a2, a1)
    /* Taken and not-taken branches, jumps, loads, stores, a multiply and an AMO all count once. */
    TEST_CASE(4, a0, 9,
              la a3, counter_data; csrr a1, minstret;
              beqz zero, 1f; 1: bnez zero, test_fail; j 2f; 2: ld a4, 0(a3); sd a4, 8(a3);
              mul a4, a4, a4; amoadd.d a4, a4, (a3); fence; csrr a2, minstret; sub a0, a2, a1)
    /* A loop body of 2 instructions run 100 times, plus the li before it. */
    TEST_CASE(5, a0, 202, csrr a1, minstret; li a3, 100; 1: addi a3, a3, -1; bnez a3, 1b; csrr a2, minstret; sub a0, a2, a1)

    /* An instruction that traps does not retire; the handler's csrw and mret do. Counted: the
     * first csrr, the two-instruction la, csrw, mret. */
    TEST_CASE(6, a0, 5,
              csrr a1, minstret; la TRAP_RESUME, 1f; .2byte 0; 1: csrr a2, minstret; sub a0, a2, a1)
    /* The same for an ecall. */
    TEST_CASE(7, a0, 5,
              csrr a1, minstret; la TRAP_RESUME, 1f; ecall; 1: csrr a2, minstret; sub a0, a2, a1)

    /* A CSR instruction that writes minstret replaces its own increment: the next instruction
     * reads exactly the written value, and the count goes on from there. */
    TEST_CASE(10, a0, 1000, li t0, 1000; csrw minstret, t0; csrr a0, minstret)
    TEST_CASE(11, a0, 5002, li t0, 5000; csrw minstret, t0; nop; nop; csrr a0, minstret; nop)
    TEST_CASE(12, a0, 0x7fffffffffffffff, li t0, 0x7fffffffffffffff; csrw minstret, t0; csrr a0, minstret)
    /* The user-level alias instret reads the same counter. */
    TEST_CASE(13, a0, 2000, li t0, 2000; csrw minstret, t0; rdinstret a0)
    /* csrrw returns the count before its own retirement, then installs the new value. */
    TEST_CASE(14, a0, 3001, li t0, 3000; csrw minstret, t0; li t0, 7; csrrw a0, minstret, t0)
    /* Case 14 left 7; its check (li t6, 3001 is lui + addiw, then bne) and this case's
     * li gp retire four more before the read. */
    TEST_CASE(15, a0, 11, csrr a0, minstret)

    RVTEST_PASS

    .balign 4
counting_trap_handler:
    csrw mepc, TRAP_RESUME
    mret
RVTEST_CODE_END

RVTEST_DATA_BEGIN
counter_data:
    .dword 3
    .dword 0
RVTEST_DATA_END
