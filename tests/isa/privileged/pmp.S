/* Physical memory protection, the behaviour QEMU 7.2 shares: U-mode faults for each matching
 * mode (TOR, NA4, NAPOT) with their causes, mepc and mtval, accesses that straddle an entry,
 * entry priority, AMOs, instruction fetch, MPRV, and locked entries, which also bind M-mode and
 * ignore writes (they stay locked until reset, so they come last). pmp_registers.S has the rest. */
#include "pmp_macros.h"

RVTEST_CODE_BEGIN
    INSTALL_RECORDING_TRAP_HANDLER
    csrw mie, zero

    csrw pmpcfg0, zero

    la a6, protected
    ALLOW_USER_ACCESS_TO_ALL_MEMORY
    TEST_USER_COMPLETES(11, ld a0, 0(a6); sd a0, 8(a6))

    /* NAPOT: the 4 KiB page `protected` read-only for U-mode, everything else RWX. */
    NAPOT_ADDRESS(a7, protected, 4096)
    PROTECT_WITH_FALLBACK(PMP_NAPOT | PMP_R, PMP_NAPOT | PMP_RWX)
    TEST_USER_COMPLETES(12, ld a0, 0(a6); ld a0, 2040(a6))
    addi a5, a6, 16
    TEST_USER_TRAP(13, CAUSE_STORE_ACCESS_FAULT, a5, user_store_napot, sd zero, 16(a6))
    /* An AMO needs write permission: store/AMO access fault. */
    TEST_USER_TRAP(14, CAUSE_STORE_ACCESS_FAULT, a6, user_amo_napot, amoadd.d a0, zero, (a6))
    /* Outside the page U-mode stores freely (the fallback entry). */
    li a4, 4096
    add a4, a4, a6
    TEST_USER_COMPLETES(15, sd zero, 0(a4); sd zero, -8(a6))
    /* M-mode ignores unlocked entries. */
    TEST_CASE(16, a0, 0x77, li t0, 0x77; sd t0, 24(a6); ld a0, 24(a6))

    /* NA4: the word at protected + 8 inaccessible to U-mode. */
    addi a7, a6, 8
    srli a7, a7, 2
    PROTECT_WITH_FALLBACK(PMP_NA4, PMP_NAPOT | PMP_RWX)
    addi a5, a6, 8
    TEST_USER_TRAP(20, CAUSE_LOAD_ACCESS_FAULT, a5, user_load_na4, lw a0, 8(a6))
    TEST_USER_COMPLETES(21, lw a0, 4(a6); lw a0, 12(a6))
    /* A doubleword at protected + 4 covers bytes of both entries: it fails as a whole. */
    addi a5, a6, 4
    TEST_USER_TRAP(22, CAUSE_LOAD_ACCESS_FAULT, a5, user_load_straddle, ld a0, 4(a6))
    /* The fallback entry alone: all of it is allowed again. */
    TEST_USER_COMPLETES(23, ld a0, 0(a6))

    /* TOR: entry 1 covers [pmpaddr0, pmpaddr1) = [protected, protected + 16) read-only, entry 2
     * is the RWX fallback; entry 0 is off but still gives the lower bound. */
    srli t0, a6, 2
    csrw pmpaddr0, t0
    addi t0, a6, 16
    srli t0, t0, 2
    csrw pmpaddr1, t0
    li t0, -1
    csrw pmpaddr2, t0
    li t0, ((PMP_TOR | PMP_R) << 8) | ((PMP_NAPOT | PMP_RWX) << 16)
    csrw pmpcfg0, t0
    addi a5, a6, 8
    TEST_USER_TRAP(30, CAUSE_STORE_ACCESS_FAULT, a5, user_store_tor, sw zero, 8(a6))
    TEST_USER_COMPLETES(31, lw a0, 12(a6); sw zero, 16(a6); sw zero, -4(a6))

    /* Fetch: the page holding user_code is readable but not executable for U-mode. */
    NAPOT_ADDRESS(a7, user_code, 4096)
    PROTECT_WITH_FALLBACK(PMP_NAPOT | PMP_R, PMP_NAPOT | PMP_RWX)
    la a5, user_code
    TEST_CASE(40, TRAP_CAUSE, CAUSE_INSTRUCTION_ACCESS_FAULT,
              EXPECT_TRAP_AT(1f); ENTER_USER_MODE_AT(2f); 2: jalr a5; j test_fail; 1:)
    bne TRAP_TVAL, a5, test_fail
    bne TRAP_EPC, a5, test_fail
    TEST_USER_COMPLETES(41, lw a0, 0(a5))

    /* MPRV: M-mode loads and stores obey MPP's permissions; fetches do not. */
    NAPOT_ADDRESS(a7, protected, 4096)
    PROTECT_WITH_FALLBACK(PMP_NAPOT, PMP_NAPOT | PMP_RWX)
    li t0, MSTATUS_MPP
    csrc mstatus, t0
    li t0, MSTATUS_MPRV
    TEST_CASE(50, TRAP_CAUSE, CAUSE_LOAD_ACCESS_FAULT,
              EXPECT_TRAP_AT(1f); csrs mstatus, t0; ld a0, 0(a6); j test_fail; 1:)
    TEST_CASE(51, TRAP_TVAL, 0, sub TRAP_TVAL, TRAP_TVAL, a6)
    /* The trap and the handler's mret to M-mode leave MPRV set; with MPP = M, M-mode's own
     * rights apply again. */
    TEST_CASE(52, a0, MSTATUS_MPRV, csrr a0, mstatus; li t0, MSTATUS_MPRV; and a0, a0, t0)
    TEST_CASE(53, a0, 0x77, li t0, MSTATUS_MPP; csrs mstatus, t0; ld a0, 24(a6))
    li t0, MSTATUS_MPRV
    csrc mstatus, t0

    /* Lock: a locked entry binds M-mode too, and ignores writes to itself. */
    NAPOT_ADDRESS(a7, protected, 4096)
    PROTECT_WITH_FALLBACK(PMP_NAPOT | PMP_R | PMP_L, PMP_NAPOT | PMP_RWX)
    TEST_CASE(60, a0, 0x77, ld a0, 24(a6))
    addi a5, a6, 16
    TEST_CASE(61, TRAP_CAUSE, CAUSE_STORE_ACCESS_FAULT,
              EXPECT_TRAP_AT(1f); sd zero, 16(a6); j test_fail; 1:)
    TEST_CASE(62, TRAP_TVAL, 0, sub TRAP_TVAL, TRAP_TVAL, a5)
    TEST_CASE(63, a0, PMP_NAPOT | PMP_R | PMP_L, csrw pmpcfg0, zero; csrr a0, pmpcfg0; andi a0, a0, 0xff)
    TEST_CASE(64, a0, 0, csrr a1, pmpaddr0; csrw pmpaddr0, zero; csrr a0, pmpaddr0; sub a0, a0, a1)
    /* Entry 1 stays writable; turned on again, U-mode reads the locked page and may not
     * write it. */
    li t0, (PMP_NAPOT | PMP_RWX) << 8
    csrw pmpcfg0, t0
    TEST_USER_COMPLETES(65, ld a0, 0(a6))
    TEST_USER_TRAP(66, CAUSE_STORE_ACCESS_FAULT, a6, user_store_locked, sd zero, 0(a6))
    RVTEST_PASS
    RECORDING_TRAP_HANDLER

    .balign 4096
user_code:
    ret
    .balign 4096
RVTEST_CODE_END

RVTEST_DATA_BEGIN
    .balign 4096
protected:
    .space 4096
RVTEST_DATA_END
