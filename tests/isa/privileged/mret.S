/* mret and the mstatus stack: MIE <- MPIE, MPIE <- 1, privilege <- MPP, MPP <- U; a trap pushes
 * the other way (MPIE <- MIE, MIE <- 0, MPP <- trapping privilege). mie stays 0 throughout, so
 * setting MIE never lets an interrupt in. */
#include "priv_macros.h"

#define INTERRUPT_STACK_BITS (MSTATUS_MIE | MSTATUS_MPIE | MSTATUS_MPP)

/* mret to `target` with the mstatus interrupt stack set to `stack` beforehand. */
#define MRET_WITH_STACK(stack, target)           \
    li t0, INTERRUPT_STACK_BITS;                 \
    csrc mstatus, t0;                            \
    li t0, stack;                                \
    csrs mstatus, t0;                            \
    la t0, target;                               \
    csrw mepc, t0;                               \
    mret

RVTEST_CODE_BEGIN
    INSTALL_RECORDING_TRAP_HANDLER
    csrw mie, zero
    ALLOW_USER_ACCESS_TO_ALL_MEMORY

    /* Back to M with MPIE set: MIE and MPIE both end up set, MPP becomes U, and execution goes to
     * mepc (the jump to test_fail in between is skipped). */
    TEST_CASE(1, a0, MSTATUS_MIE | MSTATUS_MPIE,
              MRET_WITH_STACK(MSTATUS_MPP_M | MSTATUS_MPIE, 1f); j test_fail;
              1: csrr a0, mstatus; li t0, INTERRUPT_STACK_BITS; and a0, a0, t0)
    /* MPIE clear: MIE is cleared even though it was set before the mret. */
    TEST_CASE(2, a0, MSTATUS_MPIE,
              MRET_WITH_STACK(MSTATUS_MPP_M | MSTATUS_MIE, 1f); j test_fail;
              1: csrr a0, mstatus; li t0, INTERRUPT_STACK_BITS; and a0, a0, t0)
    /* mret leaves mepc alone. */
    TEST_ADDRESS(3, a0, mret_target_3,
                 MRET_WITH_STACK(MSTATUS_MPP_M, mret_target_3); j test_fail;
                 mret_target_3: csrr a0, mepc)

    /* A trap from M with MIE set: MPP = M, MPIE = 1, MIE = 0 (read back in the handler). */
    TEST_CASE(4, a0, MSTATUS_MPP_M | MSTATUS_MPIE,
              li t0, MSTATUS_MIE; csrs mstatus, t0; EXPECT_TRAP_AT(1f); ecall;
              1: li t0, INTERRUPT_STACK_BITS; and a0, TRAP_MSTATUS, t0)
    /* The same with MIE clear: MPIE = 0. */
    TEST_CASE(5, a0, MSTATUS_MPP_M,
              li t0, MSTATUS_MIE; csrc mstatus, t0; EXPECT_TRAP_AT(1f); ecall;
              1: li t0, INTERRUPT_STACK_BITS; and a0, TRAP_MSTATUS, t0)
    /* After the handler's mret the hart is back in M-mode with MIE restored from MPIE = 0. */
    TEST_CASE(6, a0, 0, csrr a0, mstatus; andi a0, a0, MSTATUS_MIE)

    /* mret to U-mode with MPIE set: the ecall there is a U-mode ecall, and the trap records
     * MPP = U and MPIE = the MIE that mret set. */
    TEST_CASE(7, TRAP_CAUSE, CAUSE_USER_ECALL,
              EXPECT_TRAP_AT(1f); MRET_WITH_STACK(MSTATUS_MPIE, user_ecall_7); j test_fail;
              user_ecall_7: ecall; j test_fail; 1:)
    TEST_ADDRESS(8, TRAP_EPC, user_ecall_7)
    TEST_CASE(9, a0, MSTATUS_MPIE, li t0, INTERRUPT_STACK_BITS; and a0, TRAP_MSTATUS, t0)
    /* And with MPIE clear, MIE is 0 in U-mode. */
    TEST_CASE(10, a0, 0,
              EXPECT_TRAP_AT(1f); MRET_WITH_STACK(0, user_ecall_10); j test_fail;
              user_ecall_10: ecall; j test_fail; 1: li t0, INTERRUPT_STACK_BITS; and a0, TRAP_MSTATUS, t0)

    /* mret to M keeps MPRV (mret_mprv.S checks that a return below M clears it). */
    TEST_CASE(12, a0, MSTATUS_MPRV,
              li t0, MSTATUS_MPRV; csrs mstatus, t0;
              MRET_WITH_STACK(MSTATUS_MPP_M, 1f); j test_fail;
              1: csrr a0, mstatus; li t0, MSTATUS_MPRV; and a0, a0, t0; csrc mstatus, t0)

    /* mret to a halfword-aligned target (legal with C). */
    TEST_CASE(13, a0, 13,
              li a0, 0; MRET_WITH_STACK(MSTATUS_MPP_M, halfword_target); j test_fail;
              .balign 4; c.nop; halfword_target: li a0, 13)

    RVTEST_PASS
    RECORDING_TRAP_HANDLER
RVTEST_CODE_END
