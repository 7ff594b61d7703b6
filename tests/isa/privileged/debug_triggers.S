/* Sdtrig debug triggers (4 triggers, mcontrol6 address matches and disabled): tinfo and the WARL
 * fields, execute, load and store matches in U-mode raising breakpoints (mcause 3, mepc at the
 * instruction, mtval the matched address) before the instruction has any effect, the match
 * conditions (equal on any byte, NAPOT, greater or equal), hit0, and M-mode triggers, which fire
 * only while tcontrol.mte is set (trap entry moves mte to mpte, mret brings it back).
 * Registered for xbemu only: QEMU 7.2 implements another set of trigger types (tinfo differs). */
#include "priv_macros.h"

#define TYPE_MCONTROL6 (6 << 60)
#define TYPE_DISABLED (15 << 60)
#define DMODE (1 << 59)
#define HIT0 (1 << 22)
#define SELECT_DATA (1 << 21)
#define ACTION_DEBUG_MODE (1 << 12)
#define CHAIN (1 << 11)
#define MATCH_NAPOT (1 << 7)
#define MATCH_GE (2 << 7)
#define MATCH_MASK_LOW (4 << 7)
#define TRIGGER_M (1 << 6)
#define TRIGGER_U (1 << 3)
#define EXECUTE (1 << 2)
#define STORE (1 << 1)
#define LOAD (1 << 0)
#define TCONTROL_MTE (1 << 3)
#define TCONTROL_MPTE (1 << 7)

/* Trigger 0 := tdata1 value `config`, address in register `address`. */
#define SET_TRIGGER(config, address) \
    csrw tselect, zero;              \
    li t0, TYPE_DISABLED;            \
    csrw tdata1, t0;                 \
    csrw tdata2, address;            \
    li t0, config;                   \
    csrw tdata1, t0

RVTEST_CODE_BEGIN
    INSTALL_RECORDING_TRAP_HANDLER
    csrw mie, zero
    ALLOW_USER_ACCESS_TO_ALL_MEMORY
    la a6, watched

    /* tinfo: mcontrol6 and disabled triggers, Sdtrig version 1. */
    TEST_CASE(1, a0, (1 << 6) | (1 << 15) | (1 << 24), csrr a0, tinfo)
    /* tselect keeps only indexes of existing triggers: there are four. */
    TEST_CASE(2, a0, 3, li t0, 3; csrw tselect, t0; li t0, 4; csrw tselect, t0; csrr a0, tselect)
    TEST_CASE(3, a0, TYPE_DISABLED, csrr a0, tdata1)
    /* An unsupported type disables the trigger; mcontrol6 keeps only what is implemented:
     * no dmode from M-mode, address (not data) matches, breakpoint action, no chain, and match
     * conditions 0-3 (4, mask low, becomes equal). */
    TEST_CASE(4, a0, TYPE_DISABLED, li t0, (2 << 60) | LOAD | TRIGGER_M; csrw tdata1, t0; csrr a0, tdata1)
    TEST_CASE(5, a0, TYPE_MCONTROL6 | MATCH_GE | TRIGGER_U | LOAD,
              li t0, TYPE_MCONTROL6 | DMODE | SELECT_DATA | ACTION_DEBUG_MODE | CHAIN | MATCH_GE | TRIGGER_U | LOAD;
              csrw tdata1, t0; csrr a0, tdata1)
    TEST_CASE(6, a0, TYPE_MCONTROL6 | TRIGGER_U | STORE,
              li t0, TYPE_MCONTROL6 | MATCH_MASK_LOW | TRIGGER_U | STORE; csrw tdata1, t0; csrr a0, tdata1)
    TEST_CASE(7, a0, 0x1234, li t0, 0x1234; csrw tdata2, t0; csrr a0, tdata2)
    li t0, TYPE_DISABLED
    csrw tdata1, t0
    csrw tselect, zero

    /* Execute: the breakpoint comes before the instruction (a2 keeps its marker). */
    la a5, user_execute
    SET_TRIGGER(TYPE_MCONTROL6 | TRIGGER_U | EXECUTE, a5)
    li a2, 0x5a
    TEST_USER_TRAP(10, CAUSE_BREAKPOINT, a5, user_execute, li a2, 1)
    TEST_CASE(11, a2, 0x5a)
    TEST_CASE(12, a0, HIT0, csrr a0, tdata1; li t0, HIT0; and a0, a0, t0)
    /* Software clears hit0; an instruction elsewhere runs freely. */
    TEST_CASE(13, a0, 0, li t0, HIT0; csrc tdata1, t0; csrr a0, tdata1; li t0, HIT0; and a0, a0, t0)
    TEST_USER_COMPLETES(14, nop)

    /* Load: before the load (a2 unchanged). */
    SET_TRIGGER(TYPE_MCONTROL6 | TRIGGER_U | LOAD, a6)
    li a2, 0x5a
    TEST_USER_TRAP(20, CAUSE_BREAKPOINT, a6, user_load, ld a2, 0(a6))
    TEST_CASE(21, a2, 0x5a)
    /* Stores do not match a load trigger. */
    TEST_USER_COMPLETES(22, sd zero, 0(a6))

    /* Store: before the store (memory unchanged); any byte of the access matches. */
    addi a5, a6, 2
    SET_TRIGGER(TYPE_MCONTROL6 | TRIGGER_U | STORE, a5)
    li t0, 0x77
    sw t0, 0(a6)
    TEST_USER_TRAP(30, CAUSE_BREAKPOINT, a6, user_store, sw zero, 0(a6))
    TEST_CASE(31, a0, 0x77, lw a0, 0(a6))
    TEST_USER_COMPLETES(32, sb zero, 1(a6); sh zero, 4(a6); lw a0, 0(a6))

    /* Greater or equal. */
    addi a5, a6, 8
    SET_TRIGGER(TYPE_MCONTROL6 | MATCH_GE | TRIGGER_U | LOAD, a5)
    addi a4, a6, 16
    TEST_USER_TRAP(40, CAUSE_BREAKPOINT, a4, user_load_above, ld a0, 16(a6))
    TEST_USER_COMPLETES(41, ld a0, 0(a6))

    /* NAPOT: tdata2 = watched | 0b0111 covers the 16 bytes at watched. */
    ori a5, a6, 7
    SET_TRIGGER(TYPE_MCONTROL6 | MATCH_NAPOT | TRIGGER_U | LOAD | STORE, a5)
    addi a4, a6, 12
    TEST_USER_TRAP(50, CAUSE_BREAKPOINT, a4, user_load_napot, lw a0, 12(a6))
    TEST_USER_COMPLETES(51, lw a0, 16(a6); sw zero, -4(a6))

    /* A disabled trigger never fires. */
    SET_TRIGGER(TYPE_DISABLED | TRIGGER_U | LOAD, a6)
    TEST_USER_COMPLETES(60, ld a0, 0(a6))

    /* M-mode: only while tcontrol.mte is set. */
    SET_TRIGGER(TYPE_MCONTROL6 | TRIGGER_M | LOAD, a6)
    TEST_CASE(70, a0, 0, csrw tcontrol, zero; ld a0, 0(a6); csrr a0, tcontrol)
    TEST_CASE(71, TRAP_CAUSE, CAUSE_BREAKPOINT,
              li t0, TCONTROL_MTE; csrw tcontrol, t0; EXPECT_TRAP_AT(1f); ld a0, 0(a6); j test_fail; 1:)
    TEST_CASE(72, TRAP_TVAL, 0, sub TRAP_TVAL, TRAP_TVAL, a6)
    /* The handler ran with mte moved to mpte, and mret brought it back. */
    TEST_CASE(73, a0, TCONTROL_MTE | TCONTROL_MPTE, csrr a0, tcontrol)
    /* The trigger set for M-mode does not fire in U-mode. */
    TEST_USER_COMPLETES(74, ld a0, 0(a6))
    csrw tcontrol, zero
    li t0, TYPE_DISABLED
    csrw tdata1, t0

    RVTEST_PASS
    RECORDING_TRAP_HANDLER
RVTEST_CODE_END

RVTEST_DATA_BEGIN
    .balign 64
    .dword 0, 0
watched:
    .dword 0, 0, 0, 0
RVTEST_DATA_END
