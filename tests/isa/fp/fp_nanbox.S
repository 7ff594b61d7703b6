/* NaN boxing of single-precision values in the 64-bit f registers.
 *
 * Every single-precision operation except the transfers (flw, fsw, fmv.w.x, fmv.x.w) reads an
 * operand whose upper 32 bits are not all ones as the canonical NaN 0x7fc00000, a quiet NaN:
 * no NV for it, not even when its low word looks like a signaling NaN. Results are checked
 * through fmv.x.d, so each one must also be written boxed.
 *
 * Register images used below:
 *   0xffffffff3f800000  boxed 1.0            0x000000003f800000  1.0 without its box
 *   0xffffffff40000000  boxed 2.0            0xfffffffe3f800000  one upper bit missing
 *   0xffffffffbf800000  boxed -1.0           0x3ff0000000000000  the double 1.0
 *   0xffffffff7f800001  boxed signaling NaN  0x000000007f800001  unboxed, signaling low word
 */
#include "fp_test_macros.h"

RVTEST_CODE_BEGIN

    /* Properly boxed operands work as singles. */
    TEST_FP_RR_S_RAW(1, fadd.s, 0, 0x40400000, 0xffffffff3f800000, 0xffffffff40000000, rne)
    TEST_FP_RR_S_RAW(2, fadd.s, FLAG_NV, 0x7fc00000, 0xffffffff7f800001, 0xffffffff3f800000, rne)
    /* Arithmetic on an unboxed operand gives the canonical NaN without flags. */
    TEST_FP_RR_S_RAW(3, fadd.s, 0, 0x7fc00000, 0x000000003f800000, 0xffffffff3f800000, rne)
    TEST_FP_RR_S_RAW(4, fadd.s, 0, 0x7fc00000, 0xffffffff3f800000, 0xfffffffe3f800000, rne)
    TEST_FP_RR_S_RAW(5, fsub.s, 0, 0x7fc00000, 0x3ff0000000000000, 0xffffffff3f800000, rne)
    TEST_FP_RR_S_RAW(6, fmul.s, 0, 0x7fc00000, 0xffffffff00000000, 0x7f80000000000000, rne)
    TEST_FP_RR_S_RAW(7, fdiv.s, 0, 0x7fc00000, 0x000000003f800000, 0xffffffff00000000, rne)
    TEST_FP_RR_S_RAW(8, fadd.s, 0, 0x7fc00000, 0x000000007f800001, 0xffffffff3f800000, rne)
    TEST_FP_R_S_RAW(9, fsqrt.s, 0, 0x7fc00000, 0x0000000040800000, rne)
    TEST_FP_R_S_RAW(10, fsqrt.s, 0, 0x40000000, 0xffffffff40800000, rne)
    TEST_FP_RRR_S_RAW(11, fmadd.s, 0, 0x7fc00000,
        0x000000003f800000, 0xffffffff3f800000, 0xffffffff3f800000, rne)
    TEST_FP_RRR_S_RAW(12, fnmsub.s, 0, 0x7fc00000,
        0xffffffff3f800000, 0xffffffff3f800000, 0x3ff0000000000000, rne)
    /* inf * 0 is invalid even though the addend is an unboxed (quiet) NaN. */
    TEST_FP_RRR_S_RAW(13, fmadd.s, FLAG_NV, 0x7fc00000,
        0xffffffff7f800000, 0xffffffff00000000, 0x000000003f800000, rne)
    TEST_FP_RRR_S_RAW(14, fnmadd.s, 0, 0x7fc00000,
        0xffffffff3f800000, 0x00000000ffffffff, 0xffffffff3f800000, rne)
    /* fmin/fmax return the other operand when one is an unboxed NaN. */
    TEST_FP_RR_S_RAW(15, fmin.s, 0, 0x3f800000, 0x0000000000000000, 0xffffffff3f800000)
    TEST_FP_RR_S_RAW(16, fmax.s, 0, 0xbf800000, 0xffffffffbf800000, 0x000000007f800000)
    TEST_FP_RR_S_RAW(17, fmax.s, 0, 0x7fc00000, 0x000000003f800000, 0xfffffffe3f800000)
    /* Sign injection works on the canonical NaN (sign 0) for an unboxed operand. */
    TEST_FP_RR_S_RAW(18, fsgnj.s, 0, 0xffc00000, 0x000000003f800000, 0xffffffffbf800000)
    TEST_FP_RR_S_RAW(19, fsgnj.s, 0, 0x3f800000, 0xffffffffbf800000, 0x00000000bf800000)
    TEST_FP_RR_S_RAW(20, fsgnjn.s, 0, 0xbf800000, 0xffffffff3f800000, 0x8000000000000000)
    TEST_FP_RR_S_RAW(21, fsgnjx.s, 0, 0xbf800000, 0xffffffffbf800000, 0xbff0000000000000)
    TEST_FP_RR_S_RAW(22, fsgnjx.s, 0, 0xbf800000, 0xffffffffbf800000, 0xffffffff3f800000)
    TEST_FP_R_S_RAW(23, fmv.s, 0, 0x7fc00000, 0x00000000bf800000)
    TEST_FP_R_S_RAW(24, fneg.s, 0, 0xffc00000, 0x000000003f800000)
    TEST_FP_R_S_RAW(25, fabs.s, 0, 0x7fc00000, 0x80000000bf800000)
    /* Comparisons: an unboxed operand is a quiet NaN. */
    TEST_FP_CMP_S_RAW(26, feq.s, 0, 0, 0x000000003f800000, 0x000000003f800000)
    TEST_FP_CMP_S_RAW(27, feq.s, 0, 1, 0xffffffff3f800000, 0xffffffff3f800000)
    TEST_FP_CMP_S_RAW(28, feq.s, 0, 0, 0xffffffff3f800000, 0x000000003f800000)
    TEST_FP_CMP_S_RAW(29, flt.s, FLAG_NV, 0, 0x000000003f800000, 0xffffffff40000000)
    TEST_FP_CMP_S_RAW(30, fle.s, FLAG_NV, 0, 0xffffffff3f800000, 0xfffffffe3f800000)
    /* fclass: quiet NaN, whatever the low word holds. */
    TEST_FP_TO_INT_S_RAW(31, fclass.s, 0, 1 << 9, 0x000000003f800000)
    TEST_FP_TO_INT_S_RAW(32, fclass.s, 0, 1 << 9, 0x00000000ff800000)
    TEST_FP_TO_INT_S_RAW(33, fclass.s, 0, 1 << 9, 0x000000007f800001)
    TEST_FP_TO_INT_S_RAW(34, fclass.s, 0, 1 << 8, 0xffffffff7f800001)
    TEST_FP_TO_INT_S_RAW(35, fclass.s, 0, 1 << 6, 0xffffffff3f800000)
    /* Conversions from single: NaN rules apply to the unboxed operand. */
    TEST_FP_TO_INT_S_RAW(36, fcvt.w.s, FLAG_NV, 0x7fffffff, 0x000000003f800000, rtz)
    TEST_FP_TO_INT_S_RAW(37, fcvt.lu.s, FLAG_NV, 0xffffffffffffffff, 0x3ff0000000000000, rtz)
    TEST_FP_TO_INT_S_RAW(38, fcvt.l.s, 0, 1, 0xffffffff3f800000, rtz)
    TEST_FP_CVT_D_S_RAW(39, 0, 0x7ff8000000000000, 0x000000003f800000)
    TEST_FP_CVT_D_S_RAW(40, 0, 0x7ff8000000000000, 0x000000007f800001)
    TEST_FP_CVT_D_S_RAW(41, 0, 0xbff0000000000000, 0xffffffffbf800000)
    /* fcvt.s.d reads a double: a boxed single's image is a negative quiet NaN there. */
    TEST_FP_CVT_S_D(42, 0, 0x7fc00000, 0xffffffff3f800000, rne)

    /* Every kind of single result is boxed: conversion, fmv.w.x, flw, sign injection of a
     * double-looking register, and a single computation into a register that held a double. */
    TEST_FP_FROM_INT_S(43, fcvt.s.l, 0, 0x40400000, 3, rne)
    TEST_FP_CVT_S_D(44, 0, 0x3f800000, 0x3ff0000000000000, rne)
    TEST_FP_RR_S_RAW(45, fsgnj.s, 0, 0x3f800000, 0xffffffff3f800000, 0x0000000000000000)
    TEST_CASE(46, a0, 0xffffffff40400000,
        li t0, 0x400921fb54442d18; fmv.d.x fa3, t0; li t0, 0x3f800000; fmv.w.x fa0, t0;
        li t0, 0x40000000; fmv.w.x fa1, t0; fadd.s fa3, fa0, fa1; fmv.x.d a0, fa3)

    RVTEST_PASS

RVTEST_CODE_END
