/* Machine timer and software interrupts through the CLINT: mip reflects mtimecmp and msip, an
 * interrupt is taken only when enabled in mie and (in M-mode) mstatus.MIE, with mcause's
 * interrupt bit set; MSI outranks MTI; U-mode takes M interrupts whatever MIE says; vectored
 * mtvec sends interrupt n to base + 4n and every exception to base.
 *
 * The recording handler clears mie on an interrupt, so the still-pending source cannot re-enter.
 * Waits are bounded by WAIT_LIMIT so that an interrupt that never comes fails the test instead of
 * hanging it. mtime's rate differs between emulators, so deadlines are short and only their
 * ordering matters. */
#include "priv_macros.h"

#define TIMER_DELAY_TICKS 100
#define WAIT_LIMIT 10000000

/* s6 holds the mtvec vector entry that a trap went through, -1 before. */
#define VECTOR_ENTRY s6

#define SET_MTIMECMP(reg)                        \
    li t0, CLINT_MTIMECMP;                       \
    sd reg, 0(t0)

#define SET_MTIMECMP_FAR_AHEAD                   \
    li t1, -1;                                   \
    SET_MTIMECMP(t1)

#define SET_MTIMECMP_SOON                        \
    li t0, CLINT_MTIME;                          \
    ld t1, 0(t0);                                \
    addi t1, t1, TIMER_DELAY_TICKS;              \
    SET_MTIMECMP(t1)

#define SET_MSIP(value)                          \
    li t0, CLINT_MSIP;                           \
    li t1, value;                                \
    sw t1, 0(t0)

/* Spins until (mip & bit) == state; fails after WAIT_LIMIT reads. */
#define WAIT_FOR_MIP(bit, state)                 \
    li a1, WAIT_LIMIT;                           \
81: csrr a2, mip;                                \
    andi a2, a2, bit;                            \
    li t0, state;                                \
    beq a2, t0, 82f;                             \
    addi a1, a1, -1;                             \
    bnez a1, 81b;                                \
    j test_fail;                                 \
82:

/* Checks that `reg` holds an address in [first, last]. */
#define TEST_ADDRESS_IN_RANGE(number, reg, first, last) \
test_##number:                                   \
    li TESTNUM, number;                          \
    la t6, first;                                \
    bltu reg, t6, test_fail;                     \
    la t6, last;                                 \
    bltu t6, reg, test_fail;

RVTEST_CODE_BEGIN
    INSTALL_RECORDING_TRAP_HANDLER
    csrci mstatus, MSTATUS_MIE
    csrw mie, zero
    SET_MTIMECMP_FAR_AHEAD
    SET_MSIP(0)
    ALLOW_USER_ACCESS_TO_ALL_MEMORY

    /* mtimecmp far ahead: MTIP clear. msip = 0: MSIP clear. */
    TEST_CASE(1, a0, 0, WAIT_FOR_MIP(MIP_MTIP | MIP_MSIP, 0); csrr a0, mip; andi a0, a0, MIP_MTIP | MIP_MSIP)
    /* Both bits are read-only in mip: csrs cannot set them. */
    TEST_CASE(2, a0, 0, li t0, MIP_MTIP | MIP_MSIP; csrs mip, t0; csrr a0, mip; andi a0, a0, MIP_MTIP | MIP_MSIP)

    /* Timer: with MTIE and MIE set, waiting (wfi) ends in a trap with mcause = interrupt 7 and
     * mepc inside the wait loop. */
    TEST_CASE(3, TRAP_CAUSE, CAUSE_MACHINE_TIMER_INTERRUPT,
              li t0, MIE_MTIE; csrw mie, t0; SET_MTIMECMP_SOON; EXPECT_TRAP_AT(timer_taken);
              li a1, WAIT_LIMIT; csrsi mstatus, MSTATUS_MIE;
              timer_wait: wfi; addi a1, a1, -1; bnez a1, timer_wait; timer_wait_end: j test_fail;
              timer_taken:)
    TEST_ADDRESS_IN_RANGE(4, TRAP_EPC, timer_wait, timer_wait_end)
    /* The trap pushed MIE = 1 into MPIE, cleared MIE, and recorded MPP = M. */
    TEST_CASE(5, a0, MSTATUS_MPIE | MSTATUS_MPP_M,
              li t0, MSTATUS_MIE | MSTATUS_MPIE | MSTATUS_MPP; and a0, TRAP_MSTATUS, t0)
    /* mtime has passed mtimecmp, so MTIP is still pending; moving mtimecmp far ahead clears it. */
    TEST_CASE(6, a0, MIP_MTIP, csrci mstatus, MSTATUS_MIE; csrr a0, mip; andi a0, a0, MIP_MTIP)
    TEST_CASE(7, a0, 0, SET_MTIMECMP_FAR_AHEAD; WAIT_FOR_MIP(MIP_MTIP, 0); csrr a0, mip; andi a0, a0, MIP_MTIP)

    /* Timer with MIE = 0: wfi still wakes up once MTIP is pending and enabled in mie, but no trap
     * is taken. Setting MIE then takes it before the next instruction. */
    TEST_CASE(10, TRAP_CAUSE, NO_TRAP,
              li t0, MIE_MTIE; csrw mie, t0; SET_MTIMECMP_SOON; EXPECT_TRAP_AT(timer_late);
              li a1, WAIT_LIMIT;
              1: wfi; csrr a2, mip; andi a2, a2, MIP_MTIP; bnez a2, 2f; addi a1, a1, -1; bnez a1, 1b;
              j test_fail; 2:)
    TEST_CASE(11, TRAP_CAUSE, CAUSE_MACHINE_TIMER_INTERRUPT,
              csrsi mstatus, MSTATUS_MIE; timer_enabled: j test_fail; timer_late:)
    TEST_ADDRESS(12, TRAP_EPC, timer_enabled)
    TEST_CASE(13, a0, MIP_MTIP, csrci mstatus, MSTATUS_MIE; csrr a0, mip; andi a0, a0, MIP_MTIP)
    /* Pending timer, MIE set, but MTIE clear: nothing is taken. */
    TEST_CASE(14, TRAP_CAUSE, NO_TRAP,
              EXPECT_TRAP_AT(test_fail); csrsi mstatus, MSTATUS_MIE; nop; nop; csrci mstatus, MSTATUS_MIE;
              li TRAP_RESUME, 0)
    TEST_CASE(15, a0, 0, SET_MTIMECMP_FAR_AHEAD; WAIT_FOR_MIP(MIP_MTIP, 0); csrr a0, mip; andi a0, a0, MIP_MTIP)

    /* Software interrupt: msip reads back, sets MIP.MSIP, and with MSIE is taken as soon as MIE
     * is set, with mcause = interrupt 3. */
    TEST_CASE(20, a0, 1, SET_MSIP(1); li t0, CLINT_MSIP; lw a0, 0(t0))
    TEST_CASE(21, TRAP_CAUSE, NO_TRAP,
              li t0, MIE_MSIE; csrw mie, t0; EXPECT_TRAP_AT(software_taken); WAIT_FOR_MIP(MIP_MSIP, MIP_MSIP))
    TEST_CASE(22, TRAP_CAUSE, CAUSE_MACHINE_SOFTWARE_INTERRUPT,
              csrsi mstatus, MSTATUS_MIE; software_enabled: j test_fail; software_taken:)
    TEST_ADDRESS(23, TRAP_EPC, software_enabled)
    TEST_CASE(24, TRAP_TVAL, 0)
    /* The handler masked it in mie; the source itself stays pending until msip is cleared. */
    TEST_CASE(25, a0, MIP_MSIP, csrci mstatus, MSTATUS_MIE; csrr a0, mip; andi a0, a0, MIP_MSIP)
    TEST_CASE(26, a0, 0, SET_MSIP(0); WAIT_FOR_MIP(MIP_MSIP, 0); li t0, CLINT_MSIP; lw a0, 0(t0))

    /* MSI outranks MTI when both are pending and enabled; the MTI follows as soon as mie allows
     * it again. */
    TEST_CASE(30, TRAP_CAUSE, CAUSE_MACHINE_SOFTWARE_INTERRUPT,
              SET_MSIP(1); SET_MTIMECMP(zero); WAIT_FOR_MIP(MIP_MSIP | MIP_MTIP, MIP_MSIP | MIP_MTIP);
              li t0, MIE_MSIE | MIE_MTIE; csrw mie, t0; EXPECT_TRAP_AT(1f); csrsi mstatus, MSTATUS_MIE;
              j test_fail; 1:)
    TEST_CASE(31, TRAP_CAUSE, CAUSE_MACHINE_TIMER_INTERRUPT,
              EXPECT_TRAP_AT(1f); li t0, MIE_MTIE; csrw mie, t0; timer_unmasked: j test_fail; 1:)
    TEST_ADDRESS(32, TRAP_EPC, timer_unmasked)
    csrci mstatus, MSTATUS_MIE
    SET_MSIP(0)
    SET_MTIMECMP_FAR_AHEAD

    /* In U-mode, M interrupts are enabled regardless of mstatus.MIE: mret to U with a pending
     * MSI (and MPIE = 0) traps before the first U-mode instruction. */
    TEST_CASE(40, TRAP_CAUSE, CAUSE_MACHINE_SOFTWARE_INTERRUPT,
              SET_MSIP(1); li t0, MIE_MSIE; csrw mie, t0; WAIT_FOR_MIP(MIP_MSIP, MIP_MSIP);
              li t0, MSTATUS_MPIE; csrc mstatus, t0; EXPECT_TRAP_AT(1f); ENTER_USER_MODE_AT(user_first);
              user_first: nop; ecall; j test_fail; 1:)
    TEST_ADDRESS(41, TRAP_EPC, user_first)
    TEST_CASE(42, a0, 0, li t0, MSTATUS_MPP | MSTATUS_MPIE; and a0, TRAP_MSTATUS, t0)
    SET_MSIP(0)

    /* Vectored mtvec: exceptions enter at the base, interrupt n at base + 4n. */
    la t0, vector_table + 1
    csrw mtvec, t0
    TEST_CASE(50, VECTOR_ENTRY, 0, li VECTOR_ENTRY, -1; EXPECT_TRAP_AT(1f); ecall; 1:)
    TEST_CASE(51, TRAP_CAUSE, CAUSE_MACHINE_ECALL)
    TEST_CASE(52, VECTOR_ENTRY, 0, li VECTOR_ENTRY, -1; EXPECT_TRAP_AT(1f); .2byte 0; 1:)
    TEST_CASE(53, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION)
    TEST_CASE(54, VECTOR_ENTRY, 3,
              li VECTOR_ENTRY, -1; SET_MSIP(1); li t0, MIE_MSIE; csrw mie, t0; WAIT_FOR_MIP(MIP_MSIP, MIP_MSIP);
              EXPECT_TRAP_AT(1f); csrsi mstatus, MSTATUS_MIE; j test_fail; 1:)
    TEST_CASE(55, TRAP_CAUSE, CAUSE_MACHINE_SOFTWARE_INTERRUPT, csrci mstatus, MSTATUS_MIE; SET_MSIP(0))
    TEST_CASE(56, VECTOR_ENTRY, 7,
              li VECTOR_ENTRY, -1; li t0, MIE_MTIE; csrw mie, t0; SET_MTIMECMP_SOON;
              EXPECT_TRAP_AT(1f); li a1, WAIT_LIMIT; csrsi mstatus, MSTATUS_MIE;
              2: wfi; addi a1, a1, -1; bnez a1, 2b; j test_fail; 1:)
    TEST_CASE(57, TRAP_CAUSE, CAUSE_MACHINE_TIMER_INTERRUPT, csrci mstatus, MSTATUS_MIE; SET_MTIMECMP_FAR_AHEAD)
    INSTALL_RECORDING_TRAP_HANDLER

    RVTEST_PASS
    RECORDING_TRAP_HANDLER

/* Each entry must be exactly one 4-byte jump. */
    .balign 256
vector_table:
    .option push
    .option norvc
    j vector_exception
    j test_unexpected_trap
    j test_unexpected_trap
    j vector_software
    j test_unexpected_trap
    j test_unexpected_trap
    j test_unexpected_trap
    j vector_timer
    j test_unexpected_trap
    j test_unexpected_trap
    j test_unexpected_trap
    j test_unexpected_trap
    .option pop
vector_exception:
    li VECTOR_ENTRY, 0
    j recording_trap_handler
vector_software:
    li VECTOR_ENTRY, 3
    j recording_trap_handler
vector_timer:
    li VECTOR_ENTRY, 7
    j recording_trap_handler
RVTEST_CODE_END
