/* U-mode: ecall, and the things U-mode may not do (machine CSRs, mret, counters that mcounteren
 * does not expose, time included). Each case drops to U-mode at a label, runs there until it traps, and the
 * recording handler brings it back to M-mode. */
#include "priv_macros.h"

#define MCOUNTEREN_CY (1 << 0)
#define MCOUNTEREN_TM (1 << 1)
#define MCOUNTEREN_IR (1 << 2)
/* Long enough for mtime to advance on xbemu (once per 100 instructions) and on QEMU (10 MHz). */
#define TIME_LOOP_ITERATIONS 10000

/* QEMU's hart also has S-mode, where U-mode counter access needs scounteren as well. xbemu has
 * no S-mode, so there the scounteren write is an illegal instruction; either way the write is
 * allowed to trap, and the handler is disarmed afterwards. */
#define EXPOSE_COUNTERS_TO_USER_MODE(mask)       \
    li t0, mask;                                 \
    csrw mcounteren, t0;                         \
    EXPECT_TRAP_AT(80f);                         \
    csrw scounteren, t0;                         \
80: li TRAP_RESUME, 0

/* Case `number`: a U-mode `instruction` at `label` raises illegal instruction with mepc at it,
 * mtval = its bits and MPP = U, and leaves its destination `rd` (preset to a marker) unwritten. */
#define TEST_USER_ILLEGAL(number, label, rd, instruction...)          \
    TEST_CASE(number, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,         \
              li rd, 0x5a5a; EXPECT_TRAP_AT(1f); ENTER_USER_MODE_AT(label); \
              label: instruction; j test_fail; 1:)                    \
    la t6, label;                                                    \
    bne TRAP_EPC, t6, test_fail;                                     \
    lhu t6, 2(t6);                                                   \
    slli t6, t6, 16;                                                 \
    la t5, label;                                                    \
    lhu t5, 0(t5);                                                   \
    or t6, t6, t5;                                                   \
    bne TRAP_TVAL, t6, test_fail;                                    \
    li t6, 0x5a5a;                                                   \
    bne rd, t6, test_fail;                                           \
    li t6, MSTATUS_MPP;                                              \
    and t6, TRAP_MSTATUS, t6;                                        \
    bnez t6, test_fail

RVTEST_CODE_BEGIN
    INSTALL_RECORDING_TRAP_HANDLER
    csrw mie, zero
    ALLOW_USER_ACCESS_TO_ALL_MEMORY
    li t0, 0x77
    csrw mscratch, t0

    /* ecall from U: cause 8, mepc at the ecall, mtval 0, MPP = U. */
    TEST_CASE(1, TRAP_CAUSE, CAUSE_USER_ECALL,
              li TRAP_TVAL, -1; EXPECT_TRAP_AT(1f); ENTER_USER_MODE_AT(user_ecall);
              user_ecall: ecall; j test_fail; 1:)
    TEST_ADDRESS(2, TRAP_EPC, user_ecall)
    TEST_CASE(3, TRAP_TVAL, 0)
    TEST_CASE(4, a0, 0, li t0, MSTATUS_MPP; and a0, TRAP_MSTATUS, t0)
    /* Back in M-mode, machine CSRs are accessible again. */
    TEST_CASE(5, a0, 0x77, csrr a0, mscratch)

    /* U-mode can use memory (PMP entry 0 allows it on QEMU) and ebreak is a breakpoint there. */
    TEST_CASE(6, a0, 0x3344,
              la a1, user_data; li a0, 0x3344; EXPECT_TRAP_AT(1f); ENTER_USER_MODE_AT(2f);
              2: sd a0, 0(a1); ld a2, 0(a1); ecall; 1: mv a0, a2)
    TEST_CASE(7, TRAP_CAUSE, CAUSE_BREAKPOINT,
              EXPECT_TRAP_AT(1f); ENTER_USER_MODE_AT(user_ebreak); user_ebreak: c.ebreak; j test_fail; 1:)
    TEST_ADDRESS(8, TRAP_EPC, user_ebreak)

    /* Machine CSRs and mret are illegal in U-mode, for reads and for writes. */
    TEST_USER_ILLEGAL(10, user_read_mstatus, a2, csrr a2, mstatus)
    TEST_USER_ILLEGAL(11, user_read_mscratch, a2, csrr a2, mscratch)
    TEST_USER_ILLEGAL(12, user_write_mscratch, a2, csrrw a2, mscratch, zero)
    TEST_USER_ILLEGAL(13, user_read_mhartid, a2, csrr a2, mhartid)
    TEST_USER_ILLEGAL(14, user_read_misa, a2, csrr a2, misa)
    TEST_USER_ILLEGAL(15, user_set_mie, a2, csrrsi a2, mstatus, MSTATUS_MIE)
    TEST_USER_ILLEGAL(16, user_write_mtvec, a2, csrrw a2, mtvec, zero)
    TEST_USER_ILLEGAL(17, user_read_mcycle, a2, csrr a2, mcycle)
    TEST_USER_ILLEGAL(18, user_read_mcounteren, a2, csrr a2, mcounteren)
    TEST_USER_ILLEGAL(19, user_mret, a2, mret)
    /* The failed writes left mscratch and mtvec alone. */
    TEST_CASE(20, a0, 0x77, csrr a0, mscratch)
    TEST_ADDRESS(21, a0, recording_trap_handler, csrr a0, mtvec)
    /* U-mode entered with MIE = 0 (MPIE = 0 at the mret) still has MIE = 0 when its attempt to
     * set it traps; the trap saves that MIE in MPIE. */
    TEST_CASE(22, a0, 0,
              li t0, MSTATUS_MPIE; csrc mstatus, t0; EXPECT_TRAP_AT(1f); ENTER_USER_MODE_AT(2f);
              2: csrsi mstatus, MSTATUS_MIE; j test_fail; 1: andi a0, TRAP_MSTATUS, MSTATUS_MPIE)
    TEST_CASE(23, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION)

    /* Counters: with mcounteren = 0, cycle and instret are illegal in U-mode. */
    EXPOSE_COUNTERS_TO_USER_MODE(0)
    TEST_USER_ILLEGAL(30, user_cycle_hidden, a2, rdcycle a2)
    TEST_USER_ILLEGAL(31, user_instret_hidden, a2, rdinstret a2)
    /* Each mcounteren bit exposes only its own counter. */
    EXPOSE_COUNTERS_TO_USER_MODE(MCOUNTEREN_IR)
    TEST_USER_ILLEGAL(32, user_cycle_still_hidden, a2, rdcycle a2)
    TEST_CASE(33, TRAP_CAUSE, CAUSE_USER_ECALL,
              EXPECT_TRAP_AT(1f); ENTER_USER_MODE_AT(2f); 2: rdinstret a2; rdinstret a3; ecall; 1:)
    TEST_CASE(34, a0, 1, sltu a0, a2, a3)
    EXPOSE_COUNTERS_TO_USER_MODE(MCOUNTEREN_CY)
    TEST_USER_ILLEGAL(35, user_instret_now_hidden, a2, rdinstret a2)
    /* Both exposed: both readable, and instret counts forward. */
    EXPOSE_COUNTERS_TO_USER_MODE(MCOUNTEREN_CY | MCOUNTEREN_IR)
    TEST_CASE(36, TRAP_CAUSE, CAUSE_USER_ECALL,
              EXPECT_TRAP_AT(1f); ENTER_USER_MODE_AT(2f);
              2: rdcycle a2; rdinstret a3; nop; nop; rdinstret a4; ecall; 1:)
    TEST_CASE(37, a0, 1, sltu a0, a3, a4)
    /* U-mode sees the same count as M-mode: the M-mode read after returning is not behind. */
    TEST_CASE(38, a0, 0, csrr a5, minstret; sltu a0, a5, a4)

    /* time: illegal in U-mode while mcounteren.TM is clear, even with CY and IR set. */
    TEST_USER_ILLEGAL(40, user_time_hidden, a2, rdtime a2)
    /* TM alone: U-mode reads time, and it advances across a loop; cycle and instret stay hidden. */
    EXPOSE_COUNTERS_TO_USER_MODE(MCOUNTEREN_TM)
    TEST_CASE(41, TRAP_CAUSE, CAUSE_USER_ECALL,
              li a2, 0; li a3, 0; EXPECT_TRAP_AT(1f); ENTER_USER_MODE_AT(2f);
              2: rdtime a2; li a4, TIME_LOOP_ITERATIONS; 3: addi a4, a4, -1; bnez a4, 3b;
              rdtime a3; ecall; 1:)
    TEST_CASE(42, a0, 1, sltu a0, a2, a3)
    TEST_USER_ILLEGAL(43, user_cycle_hidden_by_time_only, a2, rdcycle a2)
    TEST_USER_ILLEGAL(44, user_instret_hidden_by_time_only, a2, rdinstret a2)
    /* M-mode reads time whatever mcounteren says. */
    EXPOSE_COUNTERS_TO_USER_MODE(0)
    TEST_CASE(45, a0, 1, rdtime a2; li a4, TIME_LOOP_ITERATIONS; 3: addi a4, a4, -1; bnez a4, 3b;
              rdtime a3; sltu a0, a2, a3)

    RVTEST_PASS
    RECORDING_TRAP_HANDLER
RVTEST_CODE_END

RVTEST_DATA_BEGIN
user_data:
    .dword 0
RVTEST_DATA_END
