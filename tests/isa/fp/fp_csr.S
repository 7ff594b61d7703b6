/* The floating-point CSRs and the state around them.
 *
 * fflags (0x001, 5 bits), frm (0x002, 3 bits) and fcsr (0x003, frm in bits 7:5 and fflags in
 * bits 4:0) are views of the same state: each masks what it is written and each shows the
 * others' updates. Checked with csrrw/csrrs/csrrc and the immediate forms (returning the old
 * value), accrued-flag stickiness across later exact operations, mstatus.FS becoming Dirty,
 * and the illegal-instruction traps for FS = Off and for reserved rounding modes.
 */
#include "fp_test_macros.h"

#define MCAUSE_ILLEGAL_INSTRUCTION 2
#define NO_TRAP -1
#define MSTATUS_FS_MASK (3 << 13)
#define MSTATUS_FS_OFF 0
#define MSTATUS_FS_INITIAL (1 << 13)
#define MSTATUS_FS_CLEAN (2 << 13)
#define MSTATUS_FS_DIRTY (3 << 13)
#define MSTATUS_SD (1 << 63)

/* Run `instruction` with expected_trap_handler installed: a0 gets the trap cause, or
 * stays NO_TRAP. The instruction must be 4 bytes long (the handler skips 4 bytes). */
#define RUN_CATCHING_TRAP(instruction...) \
    la t0, expected_trap_handler;        \
    csrw mtvec, t0;                      \
    li a0, NO_TRAP;                      \
    .option push;                        \
    .option norvc;                       \
    instruction;                         \
    .option pop;                         \
    la t0, test_unexpected_trap;         \
    csrw mtvec, t0

#define SET_FS(state)              \
    li t0, MSTATUS_FS_MASK;        \
    csrc mstatus, t0;              \
    li t0, state;                  \
    csrs mstatus, t0

RVTEST_CODE_BEGIN

    /* The harness starts with fcsr = 0. */
    TEST_CASE(1, a0, 0, frcsr a0)

    /* Each view masks its writes. */
    TEST_CASE(2, a0, 0x1f, li t0, 0xff; csrw fflags, t0; csrr a0, fflags)
    TEST_CASE(3, a0, 0x1f, csrr a0, fcsr)
    TEST_CASE(4, a0, 0x0, csrr a0, frm)
    TEST_CASE(5, a0, 0x7, li t0, 0xff; csrw frm, t0; csrr a0, frm)
    TEST_CASE(6, a0, 0xff, csrr a0, fcsr)
    TEST_CASE(7, a0, 0xff, csrwi fcsr, 0; li t0, -1; csrw fcsr, t0; csrr a0, fcsr)
    TEST_CASE(8, a0, 0x7, csrr a0, frm)
    TEST_CASE(9, a0, 0x1f, csrr a0, fflags)
    /* fcsr splits into its fields. */
    TEST_CASE(10, a0, 0x3, li t0, 0x65; csrw fcsr, t0; csrr a0, frm)
    TEST_CASE(11, a0, 0x5, csrr a0, fflags)
    /* Writing one field leaves the other alone. */
    TEST_CASE(12, a0, 0x3, csrwi fflags, 0x1a; csrr a0, frm)
    TEST_CASE(13, a0, 0x1a, csrwi frm, 4; csrr a0, fflags)
    TEST_CASE(14, a0, 0x9a, csrr a0, fcsr)

    /* fflags: register forms return the old value and write, set or clear bits. */
    TEST_CASE(15, a0, 0x05, csrwi fflags, 0x05; li t0, 0x0a; csrrw a0, fflags, t0)
    TEST_CASE(16, a0, 0x0a, csrr a0, fflags)
    TEST_CASE(17, a0, 0x0a, li t0, 0x11; csrrs a0, fflags, t0)
    TEST_CASE(18, a0, 0x1b, csrr a0, fflags)
    TEST_CASE(19, a0, 0x1b, li t0, 0x03; csrrc a0, fflags, t0)
    TEST_CASE(20, a0, 0x18, csrr a0, fflags)
    /* Bits beyond the field are ignored by set and clear too. */
    TEST_CASE(21, a0, 0x18, li t0, 0xe0; csrrs a0, fflags, t0)
    TEST_CASE(22, a0, 0x18, csrr a0, fflags)
    /* fflags: immediate forms. */
    TEST_CASE(23, a0, 0x18, csrrwi a0, fflags, 0x01)
    TEST_CASE(24, a0, 0x01, csrrsi a0, fflags, 0x14)
    TEST_CASE(25, a0, 0x15, csrrci a0, fflags, 0x05)
    TEST_CASE(26, a0, 0x10, csrr a0, fflags)

    /* frm: register and immediate forms. */
    TEST_CASE(27, a0, 4, li t0, 2; csrrw a0, frm, t0)
    TEST_CASE(28, a0, 2, li t0, 1; csrrs a0, frm, t0)
    TEST_CASE(29, a0, 3, li t0, 2; csrrc a0, frm, t0)
    TEST_CASE(30, a0, 1, csrrwi a0, frm, 3)
    TEST_CASE(31, a0, 3, csrrsi a0, frm, 4)
    TEST_CASE(32, a0, 7, csrrci a0, frm, 3)
    TEST_CASE(33, a0, 4, csrr a0, frm)
    TEST_CASE(34, a0, 0x90, csrr a0, fcsr)

    /* fcsr: register and immediate forms (an immediate reaches the flags only). */
    TEST_CASE(35, a0, 0x90, li t0, 0x4a; csrrw a0, fcsr, t0)
    TEST_CASE(36, a0, 0x4a, li t0, 0xa1; csrrs a0, fcsr, t0)
    TEST_CASE(37, a0, 0xeb, li t0, 0x0f; csrrc a0, fcsr, t0)
    TEST_CASE(38, a0, 0xe0, csrrwi a0, fcsr, 0x1f)
    TEST_CASE(39, a0, 0x1f, csrr a0, fcsr)
    TEST_CASE(40, a0, 0x1f, csrrsi a0, fcsr, 0x0)
    TEST_CASE(41, a0, 0x1f, csrrci a0, fcsr, 0x11)
    TEST_CASE(42, a0, 0x0e, csrr a0, fcsr)
    TEST_CASE(43, a0, 0x0e, csrrsi a0, fcsr, 0x10)
    TEST_CASE(44, a0, 0x1e, csrr a0, fcsr)

    /* The assembler aliases: fsflags/fsrm/fscsr swap and return the old value. */
    TEST_CASE(45, a0, 0x1e, li t0, 0x03; fsflags a0, t0)
    TEST_CASE(46, a0, 0x03, frflags a0)
    TEST_CASE(47, a0, 0x00, li t0, 0x2; fsrm a0, t0)
    TEST_CASE(48, a0, 0x02, frrm a0)
    TEST_CASE(49, a0, 0x43, li t0, 0x84; fscsr a0, t0)
    TEST_CASE(50, a0, 0x84, frcsr a0)
    TEST_CASE(51, a0, 0x04, fsrmi a0, 1)
    TEST_CASE(52, a0, 0x04, fsflagsi a0, 0x08)
    TEST_CASE(53, a0, 0x28, frcsr a0)

    /* Accrued flags are sticky: operations only ever add flags, exact ones add none. */
    TEST_CASE(54, a0, FLAG_NX,
        fscsr zero; li t0, 0x3f800000; fmv.w.x fa0, t0; li t0, 0x40400000; fmv.w.x fa1, t0;
        fdiv.s fa2, fa0, fa1; frflags a0)
    TEST_CASE(55, a0, FLAG_NX, fadd.s fa2, fa0, fa0; frflags a0)
    TEST_CASE(56, a0, FLAG_NX, fmv.w.x fa3, zero; feq.s t1, fa0, fa1; frflags a0)
    TEST_CASE(57, a0, FLAG_DZ|FLAG_NX, fdiv.s fa2, fa0, fa3; frflags a0)
    TEST_CASE(58, a0, FLAG_OF|FLAG_DZ|FLAG_NX,
        li t0, 0x7f7fffff; fmv.w.x fa4, t0; fmul.s fa2, fa4, fa1; frflags a0)
    TEST_CASE(59, a0, FLAG_NV|FLAG_OF|FLAG_DZ|FLAG_NX, fdiv.s fa2, fa3, fa3; frflags a0)
    TEST_CASE(60, a0, FLAG_NV|FLAG_OF|FLAG_DZ|FLAG_UF|FLAG_NX,
        li t0, 0x00000001; fmv.w.x fa5, t0; fdiv.s fa2, fa5, fa1; frflags a0)
    TEST_CASE(61, a0, 0x1f, fmul.d fa2, fa0, fa0; fsqrt.s fa2, fa0; fcvt.w.s t1, fa0; frflags a0)
    /* An exact tiny result adds no UF; an exact conversion adds no NX. */
    TEST_CASE(62, a0, 0, fsflagsi 0; fadd.s fa2, fa5, fa5; frflags a0)
    TEST_CASE(63, a0, 0, fcvt.l.s t1, fa0, rtz; frflags a0)
    /* Raising flags leaves frm alone. */
    TEST_CASE(64, a0, 0x41, fsrmi 2; fdiv.s fa2, fa0, fa1; fsqrt.s fa2, fa3; frcsr a0)
    /* A boxed single (fa1 = 3.0f) read as a double is a quiet NaN: fcvt.w.d raises NV. */
    TEST_CASE(65, a0, FLAG_NV, fscsr zero; fcvt.w.d t1, fa1, rtz; frflags a0)

    /* mstatus.FS: Initial and Clean become Dirty (and SD is set) when the FP state changes,
     * through an arithmetic result, a move, a load or a CSR write. */
    TEST_CASE(66, a0, MSTATUS_FS_DIRTY,
        SET_FS(MSTATUS_FS_INITIAL); fadd.d fa2, fa0, fa1; csrr a0, mstatus;
        li t0, MSTATUS_FS_MASK; and a0, a0, t0)
    TEST_CASE(67, a0, MSTATUS_SD, csrr a0, mstatus; li t0, MSTATUS_SD; and a0, a0, t0)
    TEST_CASE(68, a0, MSTATUS_FS_DIRTY,
        SET_FS(MSTATUS_FS_CLEAN); fmv.d.x fa2, zero; csrr a0, mstatus;
        li t0, MSTATUS_FS_MASK; and a0, a0, t0)
    TEST_CASE(69, a0, MSTATUS_FS_DIRTY,
        SET_FS(MSTATUS_FS_CLEAN); la t1, fp_csr_scratch; fld fa2, 0(t1); csrr a0, mstatus;
        li t0, MSTATUS_FS_MASK; and a0, a0, t0)
    TEST_CASE(70, a0, MSTATUS_FS_DIRTY,
        SET_FS(MSTATUS_FS_CLEAN); csrwi fflags, 0; csrr a0, mstatus;
        li t0, MSTATUS_FS_MASK; and a0, a0, t0)
    TEST_CASE(71, a0, MSTATUS_FS_DIRTY,
        SET_FS(MSTATUS_FS_INITIAL); csrwi frm, 0; csrr a0, mstatus;
        li t0, MSTATUS_FS_MASK; and a0, a0, t0)

    /* FS = Off: FP instructions and the FP CSRs are illegal. */
    TEST_CASE(72, a0, MCAUSE_ILLEGAL_INSTRUCTION,
        SET_FS(MSTATUS_FS_OFF); RUN_CATCHING_TRAP(fadd.s fa2, fa0, fa1))
    TEST_CASE(73, a0, MCAUSE_ILLEGAL_INSTRUCTION, RUN_CATCHING_TRAP(csrr t1, fflags))
    TEST_CASE(74, a0, MCAUSE_ILLEGAL_INSTRUCTION, RUN_CATCHING_TRAP(fsd fa0, 0(sp)))
    TEST_CASE(75, a0, MCAUSE_ILLEGAL_INSTRUCTION, RUN_CATCHING_TRAP(fmv.x.d t1, fa0))
    TEST_CASE(76, a0, NO_TRAP, SET_FS(MSTATUS_FS_DIRTY); RUN_CATCHING_TRAP(csrr t1, fflags))

    /* Reserved rounding modes: static rm 5 and 6, and dyn with frm = 5, 6 or 7, are illegal for
     * instructions that round; instructions without rounding ignore an invalid frm. */
    TEST_CASE(77, a0, MCAUSE_ILLEGAL_INSTRUCTION,
        fscsr zero; RUN_CATCHING_TRAP(.insn r 0x53, 5, 0x00, fa2, fa0, fa1))
    TEST_CASE(78, a0, MCAUSE_ILLEGAL_INSTRUCTION,
        RUN_CATCHING_TRAP(.insn r 0x53, 6, 0x01, fa2, fa0, fa1))
    TEST_CASE(79, a0, MCAUSE_ILLEGAL_INSTRUCTION,
        RUN_CATCHING_TRAP(.insn r4 0x43, 5, 0, fa2, fa0, fa1, fa3))
    TEST_CASE(80, a0, MCAUSE_ILLEGAL_INSTRUCTION,
        RUN_CATCHING_TRAP(.insn r 0x53, 6, 0x60, a1, fa0, x0))
    TEST_CASE(81, a0, NO_TRAP, RUN_CATCHING_TRAP(.insn r 0x53, 4, 0x00, fa2, fa0, fa1))
    TEST_CASE(82, a0, MCAUSE_ILLEGAL_INSTRUCTION,
        fsrmi 5; RUN_CATCHING_TRAP(fadd.s fa2, fa0, fa1, dyn))
    TEST_CASE(83, a0, MCAUSE_ILLEGAL_INSTRUCTION,
        fsrmi 6; RUN_CATCHING_TRAP(fmul.d fa2, fa0, fa1, dyn))
    TEST_CASE(84, a0, MCAUSE_ILLEGAL_INSTRUCTION,
        fsrmi 7; RUN_CATCHING_TRAP(fsqrt.d fa2, fa0, dyn))
    TEST_CASE(85, a0, MCAUSE_ILLEGAL_INSTRUCTION, RUN_CATCHING_TRAP(fcvt.s.w fa2, a1, dyn))
    TEST_CASE(86, a0, MCAUSE_ILLEGAL_INSTRUCTION,
        RUN_CATCHING_TRAP(fnmsub.d fa2, fa0, fa1, fa3, dyn))
    /* A static rm overrides an invalid frm. */
    TEST_CASE(87, a0, NO_TRAP, RUN_CATCHING_TRAP(fadd.s fa2, fa0, fa1, rtz))
    TEST_CASE(88, a0, NO_TRAP, RUN_CATCHING_TRAP(fsgnj.s fa2, fa0, fa1))
    TEST_CASE(89, a0, NO_TRAP, RUN_CATCHING_TRAP(fmin.d fa2, fa0, fa1))
    TEST_CASE(90, a0, NO_TRAP, RUN_CATCHING_TRAP(feq.s t1, fa0, fa1))
    TEST_CASE(91, a0, NO_TRAP, RUN_CATCHING_TRAP(fclass.d t1, fa0))
    TEST_CASE(92, a0, NO_TRAP, RUN_CATCHING_TRAP(fmv.x.w t1, fa0))
    /* The trapping instructions changed nothing: no flags, frm still 7. */
    TEST_CASE(93, a0, 0xe0, frcsr a0)

    RVTEST_PASS

    /* mcause to a0, resume after the (4-byte) trapping instruction. */
    .balign 4
expected_trap_handler:
    csrr a0, mcause
    csrr t0, mepc
    addi t0, t0, 4
    csrw mepc, t0
    mret

RVTEST_CODE_END

RVTEST_DATA_BEGIN
    .balign 8
fp_csr_scratch:
    .dword 0x3ff0000000000000
RVTEST_DATA_END
