/* Conversions between the floating-point formats: fcvt.s.d (rounds, may overflow, underflow or
 * be inexact) and fcvt.d.s (always exact). NaN inputs give the canonical NaN of the destination
 * format, never a converted payload; signaling NaNs raise NV.
 */
#include "fp_test_macros.h"

RVTEST_CODE_BEGIN

    /* fcvt.s.d: exact values. */
    TEST_FP_CVT_S_D(1, 0, 0x3f800000, 0x3ff0000000000000, rne)
    TEST_FP_CVT_S_D(2, 0, 0x80000000, 0x8000000000000000, rne)
    TEST_FP_CVT_S_D(3, 0, 0x7f7fffff, 0x47efffffe0000000, rne)
    TEST_FP_CVT_S_D(4, 0, 0x00800000, 0x3810000000000000, rne)
    TEST_FP_CVT_S_D(5, 0, 0x00600000, 0x3808000000000000, rne)
    TEST_FP_CVT_S_D(6, 0, 0x00000001, 0x36a0000000000000, rne)
    TEST_FP_CVT_S_D(7, 0, 0xff800000, 0xfff0000000000000, rne)
    /* 1 + 2^-24 is a tie between 1.0 (even) and 1 + 2^-23. */
    TEST_FP_CVT_S_D(8, FLAG_NX, 0x3f800000, 0x3ff0000010000000, rne)
    TEST_FP_CVT_S_D(9, FLAG_NX, 0x3f800000, 0x3ff0000010000000, rtz)
    TEST_FP_CVT_S_D(10, FLAG_NX, 0x3f800000, 0x3ff0000010000000, rdn)
    TEST_FP_CVT_S_D(11, FLAG_NX, 0x3f800001, 0x3ff0000010000000, rup)
    TEST_FP_CVT_S_D(12, FLAG_NX, 0x3f800001, 0x3ff0000010000000, rmm)
    TEST_FP_CVT_S_D_DYN(13, FRM_RNE, FLAG_NX, 0xbf800000, 0xbff0000010000000)
    TEST_FP_CVT_S_D_DYN(14, FRM_RTZ, FLAG_NX, 0xbf800000, 0xbff0000010000000)
    TEST_FP_CVT_S_D_DYN(15, FRM_RDN, FLAG_NX, 0xbf800001, 0xbff0000010000000)
    TEST_FP_CVT_S_D_DYN(16, FRM_RUP, FLAG_NX, 0xbf800000, 0xbff0000010000000)
    TEST_FP_CVT_S_D_DYN(17, FRM_RMM, FLAG_NX, 0xbf800001, 0xbff0000010000000)
    /* 0.1 is not a tie: to nearest rounds up. */
    TEST_FP_CVT_S_D(18, FLAG_NX, 0x3dcccccd, 0x3fb999999999999a, rne)
    TEST_FP_CVT_S_D(19, FLAG_NX, 0x3dcccccc, 0x3fb999999999999a, rtz)
    TEST_FP_CVT_S_D(20, FLAG_NX, 0xbdcccccd, 0xbfb999999999999a, rdn)
    TEST_FP_CVT_S_D(21, FLAG_NX, 0xbdcccccc, 0xbfb999999999999a, rup)
    /* Overflow: 2^128 by mode and sign; max + half an ulp ties to 2^128; just below stays max. */
    TEST_FP_CVT_S_D(22, FLAG_OF|FLAG_NX, 0x7f800000, 0x47f0000000000000, rne)
    TEST_FP_CVT_S_D(23, FLAG_OF|FLAG_NX, 0x7f7fffff, 0x47f0000000000000, rtz)
    TEST_FP_CVT_S_D(24, FLAG_OF|FLAG_NX, 0x7f7fffff, 0x47f0000000000000, rdn)
    TEST_FP_CVT_S_D(25, FLAG_OF|FLAG_NX, 0x7f800000, 0x47f0000000000000, rup)
    TEST_FP_CVT_S_D(26, FLAG_OF|FLAG_NX, 0x7f800000, 0x47f0000000000000, rmm)
    TEST_FP_CVT_S_D(27, FLAG_OF|FLAG_NX, 0xff800000, 0xc7f0000000000000, rdn)
    TEST_FP_CVT_S_D(28, FLAG_OF|FLAG_NX, 0xff7fffff, 0xc7f0000000000000, rup)
    TEST_FP_CVT_S_D(29, FLAG_OF|FLAG_NX, 0x7f800000, 0x47effffff0000000, rne)
    TEST_FP_CVT_S_D(30, FLAG_NX, 0x7f7fffff, 0x47effffff0000000, rtz)
    TEST_FP_CVT_S_D(31, FLAG_NX, 0x7f7fffff, 0x47efffffefffffff, rne)
    TEST_FP_CVT_S_D(32, FLAG_OF|FLAG_NX, 0x7f800000, 0x7fefffffffffffff, rne)
    /* Underflow: 2^-150 ties to 0; a double subnormal is far below the single range. */
    TEST_FP_CVT_S_D(33, FLAG_UF|FLAG_NX, 0x00000000, 0x3690000000000000, rne)
    TEST_FP_CVT_S_D(34, FLAG_UF|FLAG_NX, 0x00000001, 0x3690000000000000, rup)
    TEST_FP_CVT_S_D(35, FLAG_UF|FLAG_NX, 0x00000001, 0x3690000000000000, rmm)
    TEST_FP_CVT_S_D(36, FLAG_UF|FLAG_NX, 0x00000000, 0x0000000000000001, rne)
    TEST_FP_CVT_S_D(37, FLAG_UF|FLAG_NX, 0x00000001, 0x0000000000000001, rup)
    TEST_FP_CVT_S_D(38, FLAG_UF|FLAG_NX, 0x80000001, 0x8000000000000001, rdn)
    TEST_FP_CVT_S_D(39, FLAG_UF|FLAG_NX, 0x80000000, 0x8000000000000001, rup)
    /* Tininess after rounding: 2^-126 - 2^-151 rounds to 2^-126 with an unbounded exponent
     * (not tiny: NX only), 2^-126 - 2^-150 does not (tiny: UF, though the result is 2^-126). */
    TEST_FP_CVT_S_D(40, FLAG_NX, 0x00800000, 0x380ffffff0000000, rne)
    TEST_FP_CVT_S_D(41, FLAG_UF|FLAG_NX, 0x007fffff, 0x380ffffff0000000, rtz)
    TEST_FP_CVT_S_D(42, FLAG_UF|FLAG_NX, 0x00800000, 0x380fffffe0000000, rne)
    /* NaNs and infinities. */
    TEST_FP_CVT_S_D(43, 0, 0x7fc00000, 0x7ff8000000000000, rne)
    TEST_FP_CVT_S_D(44, 0, 0x7fc00000, 0x7ff8000020000000, rne)
    TEST_FP_CVT_S_D(45, 0, 0x7fc00000, 0xfff8000000000000, rne)
    TEST_FP_CVT_S_D(46, FLAG_NV, 0x7fc00000, 0x7ff0000000000001, rne)
    TEST_FP_CVT_S_D(47, FLAG_NV, 0x7fc00000, 0xfff4000000000000, rne)
    TEST_FP_CVT_S_D(48, 0, 0x7f800000, 0x7ff0000000000000, rtz)

    /* fcvt.d.s: exact, subnormal singles become normal doubles. */
    TEST_FP_CVT_D_S(60, 0, 0x3ff0000000000000, 0x3f800000)
    TEST_FP_CVT_D_S(61, 0, 0x8000000000000000, 0x80000000)
    TEST_FP_CVT_D_S(62, 0, 0x0000000000000000, 0x00000000)
    TEST_FP_CVT_D_S(63, 0, 0x3fb99999a0000000, 0x3dcccccd)
    TEST_FP_CVT_D_S(64, 0, 0x47efffffe0000000, 0x7f7fffff)
    TEST_FP_CVT_D_S(65, 0, 0x36a0000000000000, 0x00000001)
    TEST_FP_CVT_D_S(66, 0, 0xb6a0000000000000, 0x80000001)
    TEST_FP_CVT_D_S(67, 0, 0x380fffffc0000000, 0x007fffff)
    TEST_FP_CVT_D_S(68, 0, 0x7ff0000000000000, 0x7f800000)
    TEST_FP_CVT_D_S(69, 0, 0xfff0000000000000, 0xff800000)
    TEST_FP_CVT_D_S(70, 0, 0x7ff8000000000000, 0x7fc00000)
    TEST_FP_CVT_D_S(71, 0, 0x7ff8000000000000, 0x7fc12345)
    TEST_FP_CVT_D_S(72, 0, 0x7ff8000000000000, 0xffc00000)
    TEST_FP_CVT_D_S(73, FLAG_NV, 0x7ff8000000000000, 0x7f800001)
    TEST_FP_CVT_D_S(74, FLAG_NV, 0x7ff8000000000000, 0xffbfffff)

    RVTEST_PASS

RVTEST_CODE_END
