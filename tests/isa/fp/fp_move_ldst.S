/* Bit-exact transfers: fmv.w.x, fmv.x.w, fmv.d.x, fmv.x.d, flw, fld, fsw, fsd (including the
 * compressed c.fld, c.fsd, c.fldsp, c.fsdsp), and all 32 f registers.
 *
 * Transfers never canonicalize NaNs (signaling payloads survive) and never raise flags. Single
 * values moved in (fmv.w.x, flw) are NaN-boxed; moved out (fmv.x.w, fsw) they take the low 32
 * bits whatever the upper half holds, and fmv.x.w sign-extends.
 */
#include "fp_test_macros.h"

/* Check that fflags is still clear after the transfers of a case. */
#define CHECK_NO_FLAGS frflags a1; bnez a1, test_fail

RVTEST_CODE_BEGIN

    /* fmv.w.x: boxes the low word of rs1, upper bits of rs1 ignored. */
    TEST_FP_FROM_INT_S(1, fmv.w.x, 0, 0x3f800000, 0x3f800000)
    TEST_FP_FROM_INT_S(2, fmv.w.x, 0, 0x7f800001, 0x123456787f800001)
    TEST_FP_FROM_INT_S(3, fmv.w.x, 0, 0xffc00000, 0xffffffffffc00000)
    TEST_FP_FROM_INT_S(4, fmv.w.x, 0, 0x00000000, 0xffffffff00000000)
    /* fmv.x.w: sign-extends bit 31. */
    TEST_FP_TO_INT_S(5, fmv.x.w, 0, 0x3f800000, 0x3f800000)
    TEST_FP_TO_INT_S(6, fmv.x.w, 0, 0xffffffffbf800000, 0xbf800000)
    TEST_FP_TO_INT_S(7, fmv.x.w, 0, 0x000000007f800001, 0x7f800001)
    TEST_FP_TO_INT_S(8, fmv.x.w, 0, 0xffffffffffc12345, 0xffc12345)
    TEST_FP_TO_INT_S(9, fmv.x.w, 0, 0xffffffff80000000, 0x80000000)
    /* fmv.x.w of a register that does not hold a boxed single: the low word, not a NaN. */
    TEST_FP_TO_INT_D(10, fmv.x.w, 0, 0x000000003f800000, 0x000000003f800000)
    TEST_FP_TO_INT_D(11, fmv.x.w, 0, 0xffffffff9abcdef0, 0x123456789abcdef0)
    /* fmv.d.x / fmv.x.d: all 64 bits, NaN payloads included. */
    TEST_FP_FROM_INT_D(12, fmv.d.x, 0, 0x7ff0000000000001, 0x7ff0000000000001)
    TEST_FP_FROM_INT_D(13, fmv.d.x, 0, 0x123456789abcdef0, 0x123456789abcdef0)
    TEST_FP_FROM_INT_D(14, fmv.d.x, 0, 0xfff8000000000001, 0xfff8000000000001)
    TEST_FP_TO_INT_D(15, fmv.x.d, 0, 0x7ff4000000000000, 0x7ff4000000000000)
    TEST_FP_TO_INT_D(16, fmv.x.d, 0, 0x8000000000000000, 0x8000000000000000)
    /* fmv.x.d of a single shows its box. */
    TEST_FP_TO_INT_S(17, fmv.x.d, 0, 0xffffffff7f800001, 0x7f800001)

    /* flw boxes the loaded word and keeps a signaling NaN as it is. */
    TEST_CASE(20, a0, 0xffffffff7f800001,
        la a3, load_source; fsflagsi 0; flw fa0, 4(a3); fmv.x.d a0, fa0; CHECK_NO_FLAGS)
    TEST_CASE(21, a0, 0xffffffffbf800000,
        la a3, load_source; flw fa0, 0(a3); fmv.x.d a0, fa0)
    TEST_CASE(22, a0, 0xffffffff3f800000,
        la a3, load_source + 20; flw fa0, -4(a3); fmv.x.d a0, fa0)
    /* fld reads all 64 bits, through the compressed and the full encodings. */
    TEST_CASE(23, a0, 0x7ff0000000000001,
        la a3, load_source; fsflagsi 0; c.fld fa0, 8(a3); fmv.x.d a0, fa0; CHECK_NO_FLAGS)
    TEST_CASE(24, a0, 0x0123456789abcdef,
        la a3, load_source + 40; .option push; .option norvc; fld ft11, -16(a3); .option pop;
        fmv.x.d a0, ft11)
    /* fsw stores the low word only: the neighbouring word is untouched. */
    TEST_CASE(25, a0, 0x7f800001,
        la a3, store_target; li t0, -1; sd t0, 0(a3);
        li t0, 0x7f800001; fmv.w.x fa0, t0; fsflagsi 0; fsw fa0, 0(a3); CHECK_NO_FLAGS;
        lwu a0, 0(a3))
    TEST_CASE(26, a0, 0xffffffff, lwu a0, 4(a3))
    /* fsw of an unboxed register stores its low word unchanged (no canonical NaN). */
    TEST_CASE(27, a0, 0x9abcdef0,
        la a3, store_target; li t0, 0x123456789abcdef0; fmv.d.x fa0, t0;
        fsw fa0, 8(a3); lwu a0, 8(a3))
    /* fsd stores all 64 bits; compressed and full encodings, negative offset. */
    TEST_CASE(28, a0, 0xfff4000000000001,
        la a3, store_target + 64; li t0, 0xfff4000000000001; fmv.d.x fa1, t0;
        fsflagsi 0; c.fsd fa1, 16(a3); CHECK_NO_FLAGS; ld a0, 16(a3))
    TEST_CASE(29, a0, 0x8000000000000000,
        la a3, store_target + 64; li t0, 0x8000000000000000; fmv.d.x fs11, t0;
        .option push; .option norvc; fsd fs11, -32(a3); .option pop; ld a0, -32(a3))
    /* fsd of a boxed single stores the box too. */
    TEST_CASE(30, a0, 0xffffffff3f800000,
        la a3, store_target; li t0, 0x3f800000; fmv.w.x fa2, t0; fsd fa2, 24(a3); ld a0, 24(a3))
    /* Stack-relative compressed forms. */
    TEST_CASE(31, a0, 0x400921fb54442d18,
        addi sp, sp, -32; li t0, 0x400921fb54442d18; fmv.d.x ft0, t0; c.fsdsp ft0, 8(sp);
        c.fldsp fs0, 8(sp); fmv.x.d a0, fs0; addi sp, sp, 32)
    /* A single round trip through memory: flw then fsw writes back the same word. */
    TEST_CASE(32, a0, 0xffc12345,
        la a3, load_source; flw ft3, 20(a3); la a4, store_target; fsw ft3, 32(a4); lwu a0, 32(a4))

    /* Every register holds its own 64 bits: write all 32, then read each back. */
    .irp reg, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    li t0, 0x5a5a000000000000 + \reg * 0x0001000100010001
    fmv.d.x f\reg, t0
    .endr
    .irp reg, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    li TESTNUM, 100 + \reg
    fmv.x.d a0, f\reg
    li t6, 0x5a5a000000000000 + \reg * 0x0001000100010001
    bne a0, t6, test_fail
    .endr

    RVTEST_PASS

RVTEST_CODE_END

RVTEST_DATA_BEGIN
    .balign 8
load_source:
    .word 0xbf800000, 0x7f800001
    .dword 0x7ff0000000000001
    .word 0x3f800000, 0xffc12345
    .dword 0x0123456789abcdef
    .dword 0
store_target:
    .fill 16, 8, 0
RVTEST_DATA_END
