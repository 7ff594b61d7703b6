/* fsgnj, fsgnjn, fsgnjx (and their aliases fmv, fneg, fabs) and fclass, single and double.
 *
 * Sign injection only moves the sign bit: NaN payloads (signaling or not) pass through
 * untouched and no flag is ever raised. fclass sets exactly one of its ten bits.
 */
#include "fp_test_macros.h"

#define CLASS_NEG_INF (1 << 0)
#define CLASS_NEG_NORMAL (1 << 1)
#define CLASS_NEG_SUBNORMAL (1 << 2)
#define CLASS_NEG_ZERO (1 << 3)
#define CLASS_POS_ZERO (1 << 4)
#define CLASS_POS_SUBNORMAL (1 << 5)
#define CLASS_POS_NORMAL (1 << 6)
#define CLASS_POS_INF (1 << 7)
#define CLASS_SIGNALING_NAN (1 << 8)
#define CLASS_QUIET_NAN (1 << 9)

RVTEST_CODE_BEGIN

    /* fsgnj.s / fsgnjn.s / fsgnjx.s */
    TEST_FP_RR_S(1, fsgnj.s, 0, 0xbf800000, 0x3f800000, 0xc0000000)
    TEST_FP_RR_S(2, fsgnj.s, 0, 0x3f800000, 0xbf800000, 0x40000000)
    TEST_FP_RR_S(3, fsgnj.s, 0, 0xbf800000, 0xbf800000, 0x80000000)
    TEST_FP_RR_S(4, fsgnjn.s, 0, 0x3f800000, 0x3f800000, 0xc0000000)
    TEST_FP_RR_S(5, fsgnjn.s, 0, 0xbf800000, 0x3f800000, 0x40000000)
    TEST_FP_RR_S(6, fsgnjn.s, 0, 0x3f800000, 0xbf800000, 0x80000000)
    TEST_FP_RR_S(7, fsgnjx.s, 0, 0x3f800000, 0xbf800000, 0xc0000000)
    TEST_FP_RR_S(8, fsgnjx.s, 0, 0xbf800000, 0xbf800000, 0x40000000)
    TEST_FP_RR_S(9, fsgnjx.s, 0, 0xbf800000, 0x3f800000, 0xc0000000)
    TEST_FP_RR_S(10, fsgnjx.s, 0, 0x3f800000, 0x3f800000, 0x00000000)
    TEST_FP_RR_S(11, fsgnj.s, 0, 0xff800001, 0x7f800001, 0xbf800000)
    TEST_FP_RR_S(12, fsgnjn.s, 0, 0xffc12345, 0x7fc12345, 0x3f800000)
    TEST_FP_RR_S(13, fsgnjx.s, 0, 0x7fc00000, 0xffc00000, 0xff800000)
    TEST_FP_RR_S(14, fsgnj.s, 0, 0x80000001, 0x00000001, 0xffc00000)
    /* Same register twice: fmv.s, fneg.s, fabs.s. */
    TEST_FP_R_S(15, fmv.s, 0, 0x7f800001, 0x7f800001)
    TEST_FP_R_S(16, fneg.s, 0, 0x80000000, 0x00000000)
    TEST_FP_R_S(17, fneg.s, 0, 0x7f800000, 0xff800000)
    TEST_FP_R_S(18, fabs.s, 0, 0x7f800000, 0xff800000)
    TEST_FP_R_S(19, fabs.s, 0, 0x7fa00000, 0xffa00000)
    TEST_FP_R_S(20, fabs.s, 0, 0x3f800000, 0x3f800000)

    /* fsgnj.d / fsgnjn.d / fsgnjx.d */
    TEST_FP_RR_D(21, fsgnj.d, 0, 0xbff0000000000000, 0x3ff0000000000000, 0xc000000000000000)
    TEST_FP_RR_D(22, fsgnj.d, 0, 0x3ff0000000000000, 0xbff0000000000000, 0x4000000000000000)
    TEST_FP_RR_D(23, fsgnjn.d, 0, 0x3ff0000000000000, 0x3ff0000000000000, 0xc000000000000000)
    TEST_FP_RR_D(24, fsgnjn.d, 0, 0xbff0000000000000, 0x3ff0000000000000, 0x4000000000000000)
    TEST_FP_RR_D(25, fsgnjx.d, 0, 0x3ff0000000000000, 0xbff0000000000000, 0xc000000000000000)
    TEST_FP_RR_D(26, fsgnjx.d, 0, 0xbff0000000000000, 0xbff0000000000000, 0x4000000000000000)
    TEST_FP_RR_D(27, fsgnjx.d, 0, 0xbff0000000000000, 0x3ff0000000000000, 0x8000000000000000)
    TEST_FP_RR_D(28, fsgnj.d, 0, 0xfff0000000000001, 0x7ff0000000000001, 0xbff0000000000000)
    TEST_FP_RR_D(29, fsgnjn.d, 0, 0xfff8000000012345, 0x7ff8000000012345, 0x3ff0000000000000)
    TEST_FP_RR_D(30, fsgnjx.d, 0, 0x7ff8000000000000, 0xfff8000000000000, 0xfff0000000000000)
    /* The sign comes from bit 63 of rs2, not from its low word. */
    TEST_FP_RR_D(31, fsgnj.d, 0, 0x3ff0000000000000, 0x3ff0000000000000, 0x0000000080000000)
    TEST_FP_R_D(32, fmv.d, 0, 0x7ff0000000000001, 0x7ff0000000000001)
    TEST_FP_R_D(33, fneg.d, 0, 0x8000000000000000, 0x0000000000000000)
    TEST_FP_R_D(34, fabs.d, 0, 0x7ff0000000000000, 0xfff0000000000000)
    TEST_FP_R_D(35, fabs.d, 0, 0x7ff4000000000000, 0xfff4000000000000)

    /* fclass.s: all ten classes, then the boundaries of each. */
    TEST_FP_TO_INT_S(40, fclass.s, 0, CLASS_NEG_INF, 0xff800000)
    TEST_FP_TO_INT_S(41, fclass.s, 0, CLASS_NEG_NORMAL, 0xbf800000)
    TEST_FP_TO_INT_S(42, fclass.s, 0, CLASS_NEG_SUBNORMAL, 0x80000001)
    TEST_FP_TO_INT_S(43, fclass.s, 0, CLASS_NEG_ZERO, 0x80000000)
    TEST_FP_TO_INT_S(44, fclass.s, 0, CLASS_POS_ZERO, 0x00000000)
    TEST_FP_TO_INT_S(45, fclass.s, 0, CLASS_POS_SUBNORMAL, 0x00000001)
    TEST_FP_TO_INT_S(46, fclass.s, 0, CLASS_POS_NORMAL, 0x3f800000)
    TEST_FP_TO_INT_S(47, fclass.s, 0, CLASS_POS_INF, 0x7f800000)
    TEST_FP_TO_INT_S(48, fclass.s, 0, CLASS_SIGNALING_NAN, 0x7f800001)
    TEST_FP_TO_INT_S(49, fclass.s, 0, CLASS_QUIET_NAN, 0x7fc00000)
    TEST_FP_TO_INT_S(50, fclass.s, 0, CLASS_NEG_NORMAL, 0xff7fffff)
    TEST_FP_TO_INT_S(51, fclass.s, 0, CLASS_NEG_NORMAL, 0x80800000)
    TEST_FP_TO_INT_S(52, fclass.s, 0, CLASS_NEG_SUBNORMAL, 0x807fffff)
    TEST_FP_TO_INT_S(53, fclass.s, 0, CLASS_POS_SUBNORMAL, 0x007fffff)
    TEST_FP_TO_INT_S(54, fclass.s, 0, CLASS_POS_NORMAL, 0x00800000)
    TEST_FP_TO_INT_S(55, fclass.s, 0, CLASS_POS_NORMAL, 0x7f7fffff)
    TEST_FP_TO_INT_S(56, fclass.s, 0, CLASS_SIGNALING_NAN, 0x7fbfffff)
    TEST_FP_TO_INT_S(57, fclass.s, 0, CLASS_SIGNALING_NAN, 0xff800001)
    TEST_FP_TO_INT_S(58, fclass.s, 0, CLASS_QUIET_NAN, 0x7fffffff)
    TEST_FP_TO_INT_S(59, fclass.s, 0, CLASS_QUIET_NAN, 0xffc00000)

    /* fclass.d */
    TEST_FP_TO_INT_D(60, fclass.d, 0, CLASS_NEG_INF, 0xfff0000000000000)
    TEST_FP_TO_INT_D(61, fclass.d, 0, CLASS_NEG_NORMAL, 0xbff0000000000000)
    TEST_FP_TO_INT_D(62, fclass.d, 0, CLASS_NEG_SUBNORMAL, 0x8000000000000001)
    TEST_FP_TO_INT_D(63, fclass.d, 0, CLASS_NEG_ZERO, 0x8000000000000000)
    TEST_FP_TO_INT_D(64, fclass.d, 0, CLASS_POS_ZERO, 0x0000000000000000)
    TEST_FP_TO_INT_D(65, fclass.d, 0, CLASS_POS_SUBNORMAL, 0x0000000000000001)
    TEST_FP_TO_INT_D(66, fclass.d, 0, CLASS_POS_NORMAL, 0x3ff0000000000000)
    TEST_FP_TO_INT_D(67, fclass.d, 0, CLASS_POS_INF, 0x7ff0000000000000)
    TEST_FP_TO_INT_D(68, fclass.d, 0, CLASS_SIGNALING_NAN, 0x7ff0000000000001)
    TEST_FP_TO_INT_D(69, fclass.d, 0, CLASS_QUIET_NAN, 0x7ff8000000000000)
    TEST_FP_TO_INT_D(70, fclass.d, 0, CLASS_NEG_NORMAL, 0xffefffffffffffff)
    TEST_FP_TO_INT_D(71, fclass.d, 0, CLASS_NEG_SUBNORMAL, 0x800fffffffffffff)
    TEST_FP_TO_INT_D(72, fclass.d, 0, CLASS_POS_SUBNORMAL, 0x000fffffffffffff)
    TEST_FP_TO_INT_D(73, fclass.d, 0, CLASS_POS_NORMAL, 0x0010000000000000)
    TEST_FP_TO_INT_D(74, fclass.d, 0, CLASS_SIGNALING_NAN, 0x7ff7ffffffffffff)
    TEST_FP_TO_INT_D(75, fclass.d, 0, CLASS_SIGNALING_NAN, 0xfff0000000000001)
    TEST_FP_TO_INT_D(76, fclass.d, 0, CLASS_QUIET_NAN, 0xffffffffffffffff)
    /* A double that is a boxed single's image is classified as a double (a negative qNaN). */
    TEST_FP_TO_INT_D(77, fclass.d, 0, CLASS_QUIET_NAN, 0xffffffff3f800000)

    RVTEST_PASS

RVTEST_CODE_END
