/* PMP registers as the privileged spec fixes them and Spike has them, where QEMU 7.2 differs
 * (so xbemu only): with no entry active U-mode may fetch nothing (QEMU lets it), the granularity
 * read back from all ones (QEMU keeps every bit), W without R and the reserved bits (QEMU keeps
 * them), pmpaddr16-63 and the odd-numbered pmpcfg present as read-only zero (QEMU traps), and a
 * locked TOR entry locking the address register below it (QEMU lets it change). */
#include "pmp_macros.h"

RVTEST_CODE_BEGIN
    INSTALL_RECORDING_TRAP_HANDLER
    csrw mie, zero
    csrw pmpcfg0, zero
    csrw pmpcfg2, zero

    /* No entry active: U-mode fetches fault, mtval = mepc = the instruction. */
    la a5, user_fetch_nothing
    TEST_USER_TRAP(1, CAUSE_INSTRUCTION_ACCESS_FAULT, a5, user_fetch_nothing, nop)

    /* Granularity, as the privileged spec says to find it: with entry 0 off, all ones written to
     * pmpaddr0 read back with bit G as the lowest one set; here G = 0 (4 bytes), and pmpaddr
     * holds bits 55:2 of an address. */
    TEST_CASE(2, a0, 0x003fffffffffffff, li t0, -1; csrw pmpaddr0, t0; csrr a0, pmpaddr0)
    /* W without R is reserved: the entry keeps neither; bits 6:5 read as zero. */
    TEST_CASE(3, a0, PMP_NA4, li t0, PMP_NA4 | PMP_W; csrw pmpcfg0, t0; csrr a0, pmpcfg0)
    TEST_CASE(4, a0, PMP_TOR | PMP_R, li t0, PMP_TOR | PMP_R | 0x60; csrw pmpcfg0, t0; csrr a0, pmpcfg0)
    csrw pmpcfg0, zero
    /* All 16 entries are there: pmpcfg2 holds entries 8-15, pmpaddr15 keeps its value. */
    TEST_CASE(5, a0, 0x1d1b190f0d0b0901,
              li t0, 0x1d1b190f0d0b0901; csrw pmpcfg2, t0; csrr a0, pmpcfg2; csrw pmpcfg2, zero)
    TEST_CASE(6, a0, 0x12345, li t0, 0x12345; csrw pmpaddr15, t0; csrr a0, pmpaddr15; csrw pmpaddr15, zero)
    /* Entries 16-63 are not implemented: read-only zero. */
    TEST_CASE(7, a0, 0, li t0, 0x12345; csrw pmpaddr16, t0; csrr a0, pmpaddr16)
    TEST_CASE(8, a0, 0, li t0, 0x12345; csrw pmpaddr63, t0; csrr a0, pmpaddr63)
    TEST_CASE(9, a0, 0, li t0, -1; csrw pmpcfg4, t0; csrr a0, pmpcfg4)
    /* RV64 has no odd-numbered pmpcfg. */
    TEST_CASE(10, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION, EXPECT_TRAP_AT(1f); csrr a0, pmpcfg1; 1:)

    /* A locked TOR entry locks the address register below it, its lower bound, as well. */
    li t0, 0x1000
    csrw pmpaddr0, t0
    li t0, 0x2000
    csrw pmpaddr1, t0
    li t0, (PMP_TOR | PMP_L) << 8
    csrw pmpcfg0, t0
    TEST_CASE(11, a0, 0x1000, li t0, 0x5000; csrw pmpaddr0, t0; csrr a0, pmpaddr0)
    TEST_CASE(12, a0, 0x2000, csrw pmpaddr1, zero; csrr a0, pmpaddr1)
    /* The entry above a locked one is not locked by it. */
    TEST_CASE(13, a0, 0x3000, li t0, 0x3000; csrw pmpaddr2, t0; csrr a0, pmpaddr2)

    RVTEST_PASS
    RECORDING_TRAP_HANDLER
RVTEST_CODE_END
