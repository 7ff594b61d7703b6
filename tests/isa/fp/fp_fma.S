/* Fused multiply-add, single and double: fmadd, fmsub, fnmsub, fnmadd.
 *
 * Checks the single rounding of the fused operation, every rounding mode (static and through
 * frm) on exact ties, the sign conventions of the negated forms (the product is negated, not
 * the result), invalid inf * 0 even with a quiet-NaN addend, canonical NaN results, signed
 * zeros, overflow and subnormal results.
 */
#include "fp_test_macros.h"

RVTEST_CODE_BEGIN

    /* fmadd.s */
    TEST_FP_RRR_S(1, fmadd.s, 0, 0x40e00000, 0x40000000, 0x40400000, 0x3f800000, rne)
    /* Fused: (1 + ulp)(1 - ulp) - 1 is exact; a separate multiply would round to 1 and give 0. */
    TEST_FP_RRR_S(2, fmadd.s, 0, 0xa8800000, 0x3f800001, 0x3f7ffffe, 0xbf800000, rne)
    /* An exact tie with an even lower neighbour, in every mode. */
    TEST_FP_RRR_S(3, fmadd.s, FLAG_NX, 0x3f801002, 0x3f800800, 0x3f800800, 0x34800000, rne)
    TEST_FP_RRR_S(4, fmadd.s, FLAG_NX, 0x3f801002, 0x3f800800, 0x3f800800, 0x34800000, rtz)
    TEST_FP_RRR_S(5, fmadd.s, FLAG_NX, 0x3f801002, 0x3f800800, 0x3f800800, 0x34800000, rdn)
    TEST_FP_RRR_S(6, fmadd.s, FLAG_NX, 0x3f801003, 0x3f800800, 0x3f800800, 0x34800000, rup)
    TEST_FP_RRR_S(7, fmadd.s, FLAG_NX, 0x3f801003, 0x3f800800, 0x3f800800, 0x34800000, rmm)
    TEST_FP_RRR_S_DYN(8, FRM_RNE, fmadd.s, FLAG_NX, 0x3f801002, 0x3f800800, 0x3f800800, 0x34800000)
    TEST_FP_RRR_S_DYN(9, FRM_RTZ, fmadd.s, FLAG_NX, 0x3f801002, 0x3f800800, 0x3f800800, 0x34800000)
    TEST_FP_RRR_S_DYN(10, FRM_RDN, fmadd.s, FLAG_NX, 0x3f801002, 0x3f800800, 0x3f800800, 0x34800000)
    TEST_FP_RRR_S_DYN(11, FRM_RUP, fmadd.s, FLAG_NX, 0x3f801003, 0x3f800800, 0x3f800800, 0x34800000)
    TEST_FP_RRR_S_DYN(12, FRM_RMM, fmadd.s, FLAG_NX, 0x3f801003, 0x3f800800, 0x3f800800, 0x34800000)
    /* The negated tie: RDN and RUP swap. */
    TEST_FP_RRR_S(13, fmadd.s, FLAG_NX, 0xbf801002, 0xbf800800, 0x3f800800, 0xb4800000, rne)
    TEST_FP_RRR_S(14, fmadd.s, FLAG_NX, 0xbf801002, 0xbf800800, 0x3f800800, 0xb4800000, rtz)
    TEST_FP_RRR_S(15, fmadd.s, FLAG_NX, 0xbf801003, 0xbf800800, 0x3f800800, 0xb4800000, rdn)
    TEST_FP_RRR_S(16, fmadd.s, FLAG_NX, 0xbf801002, 0xbf800800, 0x3f800800, 0xb4800000, rup)
    TEST_FP_RRR_S(17, fmadd.s, FLAG_NX, 0xbf801003, 0xbf800800, 0x3f800800, 0xb4800000, rmm)
    /* inf * 0 is invalid even when the addend is a quiet NaN. */
    TEST_FP_RRR_S(18, fmadd.s, FLAG_NV, 0x7fc00000, 0x7f800000, 0x00000000, 0x7fc00000, rne)
    TEST_FP_RRR_S(19, fmadd.s, FLAG_NV, 0x7fc00000, 0x00000000, 0xff800000, 0x7fc00000, rne)
    TEST_FP_RRR_S(20, fmadd.s, FLAG_NV, 0x7fc00000, 0x7f800000, 0x00000000, 0x3f800000, rne)
    /* Infinite product plus the opposite infinity. */
    TEST_FP_RRR_S(21, fmadd.s, FLAG_NV, 0x7fc00000, 0x7f800000, 0x3f800000, 0xff800000, rne)
    TEST_FP_RRR_S(22, fmadd.s, 0, 0x7f800000, 0x7f800000, 0x3f800000, 0x7f800000, rne)
    TEST_FP_RRR_S(23, fmadd.s, 0, 0xff800000, 0x3f800000, 0x3f800000, 0xff800000, rne)
    /* NaN operands give the canonical NaN; signaling ones raise NV. */
    TEST_FP_RRR_S(24, fmadd.s, 0, 0x7fc00000, 0x7fc00000, 0x3f800000, 0x3f800000, rne)
    TEST_FP_RRR_S(25, fmadd.s, 0, 0x7fc00000, 0x3f800000, 0x3f800000, 0xffc00000, rne)
    TEST_FP_RRR_S(26, fmadd.s, FLAG_NV, 0x7fc00000, 0x3f800000, 0x3f800000, 0x7f800001, rne)
    TEST_FP_RRR_S(27, fmadd.s, FLAG_NV, 0x7fc00000, 0x7f800001, 0x3f800000, 0x7fc00000, rne)
    /* Signed zeros: -0 + +0 is +0, or -0 when rounding down; -0 + -0 is -0. */
    TEST_FP_RRR_S(28, fmadd.s, 0, 0x00000000, 0x00000000, 0xbf800000, 0x00000000, rne)
    TEST_FP_RRR_S(29, fmadd.s, 0, 0x80000000, 0x00000000, 0xbf800000, 0x00000000, rdn)
    TEST_FP_RRR_S(30, fmadd.s, 0, 0x80000000, 0x80000000, 0x3f800000, 0x80000000, rne)
    TEST_FP_RRR_S(31, fmadd.s, 0, 0x00000000, 0x3f800000, 0x3f800000, 0xbf800000, rne)
    TEST_FP_RRR_S(32, fmadd.s, 0, 0x80000000, 0x3f800000, 0x3f800000, 0xbf800000, rdn)
    /* Overflow; a fused max * 2 - max does not overflow. */
    TEST_FP_RRR_S(33, fmadd.s, FLAG_OF|FLAG_NX, 0x7f800000, 0x7f7fffff, 0x40000000, 0x00000000, rne)
    TEST_FP_RRR_S(34, fmadd.s, FLAG_OF|FLAG_NX, 0x7f7fffff, 0x7f7fffff, 0x40000000, 0x00000000, rtz)
    TEST_FP_RRR_S(35, fmadd.s, 0, 0x7f7fffff, 0x7f7fffff, 0x40000000, 0xff7fffff, rne)
    /* Subnormal results: exact without UF, inexact with UF, and the sign of a tiny negative sum. */
    TEST_FP_RRR_S(36, fmadd.s, 0, 0x00400000, 0x00800000, 0x3f000000, 0x00000000, rne)
    TEST_FP_RRR_S(37, fmadd.s, FLAG_UF|FLAG_NX, 0x00000000, 0x00000001, 0x3f000000, 0x00000000, rne)
    TEST_FP_RRR_S(38, fmadd.s, FLAG_UF|FLAG_NX, 0x00000002, 0x00000001, 0x3f000000, 0x00000001, rne)
    TEST_FP_RRR_S(39, fmadd.s, FLAG_UF|FLAG_NX, 0x80000000, 0x80000001, 0x3f000000, 0x00000000, rne)
    TEST_FP_RRR_S(40, fmadd.s, FLAG_UF|FLAG_NX, 0x00000001, 0x00000001, 0x3f000000, 0x80000000, rup)
    TEST_FP_RRR_S(41, fmadd.s, 0, 0x00000002, 0x00000001, 0x3f800000, 0x00000001, rne)
    /* fmsub.s: rs1 * rs2 - rs3 */
    TEST_FP_RRR_S(42, fmsub.s, 0, 0x40a00000, 0x40000000, 0x40400000, 0x3f800000, rne)
    TEST_FP_RRR_S(43, fmsub.s, 0, 0xa8800000, 0x3f800001, 0x3f7ffffe, 0x3f800000, rne)
    TEST_FP_RRR_S(44, fmsub.s, FLAG_NX, 0x3f801002, 0x3f800800, 0x3f800800, 0xb4800000, rne)
    TEST_FP_RRR_S(45, fmsub.s, FLAG_NX, 0x3f801002, 0x3f800800, 0x3f800800, 0xb4800000, rtz)
    TEST_FP_RRR_S(46, fmsub.s, FLAG_NX, 0x3f801002, 0x3f800800, 0x3f800800, 0xb4800000, rdn)
    TEST_FP_RRR_S(47, fmsub.s, FLAG_NX, 0x3f801003, 0x3f800800, 0x3f800800, 0xb4800000, rup)
    TEST_FP_RRR_S(48, fmsub.s, FLAG_NX, 0x3f801003, 0x3f800800, 0x3f800800, 0xb4800000, rmm)
    TEST_FP_RRR_S_DYN(49, FRM_RMM, fmsub.s, FLAG_NX, 0x3f801003, 0x3f800800, 0x3f800800, 0xb4800000)
    TEST_FP_RRR_S_DYN(50, FRM_RDN, fmsub.s, FLAG_NX, 0x3f801002, 0x3f800800, 0x3f800800, 0xb4800000)
    TEST_FP_RRR_S(51, fmsub.s, FLAG_NV, 0x7fc00000, 0x7f800000, 0x00000000, 0x7fc00000, rne)
    TEST_FP_RRR_S(52, fmsub.s, FLAG_NV, 0x7fc00000, 0x7f800000, 0x3f800000, 0x7f800000, rne)
    TEST_FP_RRR_S(53, fmsub.s, 0, 0x7f800000, 0x7f800000, 0x3f800000, 0xff800000, rne)
    TEST_FP_RRR_S(54, fmsub.s, 0, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, rne)
    TEST_FP_RRR_S(55, fmsub.s, 0, 0x80000000, 0x00000000, 0x3f800000, 0x00000000, rdn)
    TEST_FP_RRR_S(56, fmsub.s, 0, 0x00000000, 0x00000000, 0x3f800000, 0x80000000, rdn)
    TEST_FP_RRR_S(57, fmsub.s, 0, 0x80000000, 0x80000000, 0x3f800000, 0x00000000, rne)
    TEST_FP_RRR_S(58, fmsub.s, 0, 0x80000000, 0x3f800000, 0x3f800000, 0x3f800000, rdn)
    TEST_FP_RRR_S(59, fmsub.s, FLAG_NV, 0x7fc00000, 0x3f800000, 0x3f800000, 0x7f800001, rne)
    TEST_FP_RRR_S(60, fmsub.s, 0, 0x7f7fffff, 0x7f7fffff, 0x40000000, 0x7f7fffff, rne)
    TEST_FP_RRR_S(61, fmsub.s, FLAG_OF|FLAG_NX, 0xff7fffff, 0x7f7fffff, 0xbf800000, 0x7f7fffff, rtz)
    /* fnmsub.s: -(rs1 * rs2) + rs3, so fnmsub(1, 1, 1) is +0, not -(1 - 1) = -0. */
    TEST_FP_RRR_S(62, fnmsub.s, 0, 0xc0a00000, 0x40000000, 0x40400000, 0x3f800000, rne)
    TEST_FP_RRR_S(63, fnmsub.s, 0, 0x00000000, 0x3f800000, 0x3f800000, 0x3f800000, rne)
    TEST_FP_RRR_S(64, fnmsub.s, 0, 0x80000000, 0x3f800000, 0x3f800000, 0x3f800000, rdn)
    TEST_FP_RRR_S(65, fnmsub.s, 0, 0x28800000, 0x3f800001, 0x3f7ffffe, 0x3f800000, rne)
    TEST_FP_RRR_S(66, fnmsub.s, FLAG_NX, 0xbf800ffe, 0x3f800800, 0x3f800800, 0x34800000, rne)
    TEST_FP_RRR_S(67, fnmsub.s, FLAG_NX, 0xbf800ffe, 0x3f800800, 0x3f800800, 0x34800000, rtz)
    TEST_FP_RRR_S(68, fnmsub.s, FLAG_NX, 0xbf800fff, 0x3f800800, 0x3f800800, 0x34800000, rdn)
    TEST_FP_RRR_S(69, fnmsub.s, FLAG_NX, 0xbf800ffe, 0x3f800800, 0x3f800800, 0x34800000, rup)
    TEST_FP_RRR_S(70, fnmsub.s, FLAG_NX, 0xbf800fff, 0x3f800800, 0x3f800800, 0x34800000, rmm)
    TEST_FP_RRR_S_DYN(71, FRM_RUP, fnmsub.s, FLAG_NX, 0xbf800ffe,
                      0x3f800800, 0x3f800800, 0x34800000)
    TEST_FP_RRR_S_DYN(72, FRM_RDN, fnmsub.s, FLAG_NX, 0xbf800fff,
                      0x3f800800, 0x3f800800, 0x34800000)
    /* The NaN result is the canonical (positive) NaN, never negated. */
    TEST_FP_RRR_S(73, fnmsub.s, 0, 0x7fc00000, 0x7fc00000, 0x3f800000, 0x3f800000, rne)
    TEST_FP_RRR_S(74, fnmsub.s, 0, 0x7fc00000, 0x3f800000, 0x3f800000, 0xffc00000, rne)
    TEST_FP_RRR_S(75, fnmsub.s, FLAG_NV, 0x7fc00000, 0x7f800000, 0x00000000, 0x7fc00000, rne)
    TEST_FP_RRR_S(76, fnmsub.s, FLAG_NV, 0x7fc00000, 0x7f800000, 0x3f800000, 0x7f800000, rne)
    TEST_FP_RRR_S(77, fnmsub.s, 0, 0xff800000, 0x7f800000, 0x3f800000, 0xff800000, rne)
    TEST_FP_RRR_S(78, fnmsub.s, 0, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, rne)
    TEST_FP_RRR_S(79, fnmsub.s, 0, 0x80000000, 0x00000000, 0x3f800000, 0x80000000, rne)
    TEST_FP_RRR_S(80, fnmsub.s, FLAG_OF|FLAG_NX, 0xff800000,
                  0x7f7fffff, 0x40000000, 0x00000000, rne)
    TEST_FP_RRR_S(81, fnmsub.s, FLAG_OF|FLAG_NX, 0xff7fffff,
                  0x7f7fffff, 0x40000000, 0x00000000, rup)
    /* fnmadd.s: -(rs1 * rs2) - rs3 */
    TEST_FP_RRR_S(82, fnmadd.s, 0, 0xc0e00000, 0x40000000, 0x40400000, 0x3f800000, rne)
    TEST_FP_RRR_S(83, fnmadd.s, 0, 0x00000000, 0x3f800000, 0x3f800000, 0xbf800000, rne)
    TEST_FP_RRR_S(84, fnmadd.s, 0, 0x80000000, 0x3f800000, 0x3f800000, 0xbf800000, rdn)
    TEST_FP_RRR_S(85, fnmadd.s, 0, 0x28800000, 0x3f800001, 0x3f7ffffe, 0xbf800000, rne)
    TEST_FP_RRR_S(86, fnmadd.s, FLAG_NX, 0xbf801002, 0x3f800800, 0x3f800800, 0x34800000, rne)
    TEST_FP_RRR_S(87, fnmadd.s, FLAG_NX, 0xbf801002, 0x3f800800, 0x3f800800, 0x34800000, rtz)
    TEST_FP_RRR_S(88, fnmadd.s, FLAG_NX, 0xbf801003, 0x3f800800, 0x3f800800, 0x34800000, rdn)
    TEST_FP_RRR_S(89, fnmadd.s, FLAG_NX, 0xbf801002, 0x3f800800, 0x3f800800, 0x34800000, rup)
    TEST_FP_RRR_S(90, fnmadd.s, FLAG_NX, 0xbf801003, 0x3f800800, 0x3f800800, 0x34800000, rmm)
    TEST_FP_RRR_S_DYN(91, FRM_RTZ, fnmadd.s, FLAG_NX, 0xbf801002,
                      0x3f800800, 0x3f800800, 0x34800000)
    TEST_FP_RRR_S_DYN(92, FRM_RMM, fnmadd.s, FLAG_NX, 0xbf801003,
                      0x3f800800, 0x3f800800, 0x34800000)
    TEST_FP_RRR_S(93, fnmadd.s, FLAG_NV, 0x7fc00000, 0x7f800001, 0x3f800000, 0x3f800000, rne)
    TEST_FP_RRR_S(94, fnmadd.s, 0, 0x7fc00000, 0x3f800000, 0x3f800000, 0xffc00000, rne)
    TEST_FP_RRR_S(95, fnmadd.s, FLAG_NV, 0x7fc00000, 0x7f800000, 0x00000000, 0x7fc00000, rne)
    TEST_FP_RRR_S(96, fnmadd.s, FLAG_NV, 0x7fc00000, 0x00000000, 0x7f800000, 0x3f800000, rne)
    TEST_FP_RRR_S(97, fnmadd.s, FLAG_NV, 0x7fc00000, 0x7f800000, 0x3f800000, 0xff800000, rne)
    TEST_FP_RRR_S(98, fnmadd.s, 0, 0x7f800000, 0xff800000, 0x3f800000, 0xff800000, rne)
    TEST_FP_RRR_S(99, fnmadd.s, 0, 0x80000000, 0x00000000, 0x3f800000, 0x00000000, rne)
    TEST_FP_RRR_S(100, fnmadd.s, 0, 0x00000000, 0x00000000, 0x3f800000, 0x80000000, rne)
    TEST_FP_RRR_S(101, fnmadd.s, 0, 0x80000000, 0x80000000, 0x3f800000, 0x00000000, rdn)
    TEST_FP_RRR_S(102, fnmadd.s, FLAG_OF|FLAG_NX, 0xff800000,
                  0x7f7fffff, 0x40000000, 0x00000000, rne)
    TEST_FP_RRR_S(103, fnmadd.s, FLAG_OF|FLAG_NX, 0xff7fffff,
                  0x7f7fffff, 0x40000000, 0x00000000, rup)
    TEST_FP_RRR_S(104, fnmadd.s, FLAG_UF|FLAG_NX, 0x80000001,
                  0x00000001, 0x3f000000, 0x00000000, rdn)

    /* fmadd.d */
    TEST_FP_RRR_D(111, fmadd.d, 0, 0x401c000000000000,
                  0x4000000000000000, 0x4008000000000000, 0x3ff0000000000000, rne)
    /* Fused: (1 + ulp)(1 - ulp) - 1 is exact; a separate multiply would round to 1 and give 0. */
    TEST_FP_RRR_D(112, fmadd.d, 0, 0xb970000000000000,
                  0x3ff0000000000001, 0x3feffffffffffffe, 0xbff0000000000000, rne)
    /* An exact tie with an even lower neighbour, in every mode. */
    TEST_FP_RRR_D(113, fmadd.d, FLAG_NX, 0x3ff0000006000002,
                  0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000, rne)
    TEST_FP_RRR_D(114, fmadd.d, FLAG_NX, 0x3ff0000006000002,
                  0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000, rtz)
    TEST_FP_RRR_D(115, fmadd.d, FLAG_NX, 0x3ff0000006000002,
                  0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000, rdn)
    TEST_FP_RRR_D(116, fmadd.d, FLAG_NX, 0x3ff0000006000003,
                  0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000, rup)
    TEST_FP_RRR_D(117, fmadd.d, FLAG_NX, 0x3ff0000006000003,
                  0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000, rmm)
    TEST_FP_RRR_D_DYN(118, FRM_RNE, fmadd.d, FLAG_NX, 0x3ff0000006000002,
                      0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000)
    TEST_FP_RRR_D_DYN(119, FRM_RTZ, fmadd.d, FLAG_NX, 0x3ff0000006000002,
                      0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000)
    TEST_FP_RRR_D_DYN(120, FRM_RDN, fmadd.d, FLAG_NX, 0x3ff0000006000002,
                      0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000)
    TEST_FP_RRR_D_DYN(121, FRM_RUP, fmadd.d, FLAG_NX, 0x3ff0000006000003,
                      0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000)
    TEST_FP_RRR_D_DYN(122, FRM_RMM, fmadd.d, FLAG_NX, 0x3ff0000006000003,
                      0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000)
    /* The negated tie: RDN and RUP swap. */
    TEST_FP_RRR_D(123, fmadd.d, FLAG_NX, 0xbff0000006000002,
                  0xbff0000004000000, 0x3ff0000002000000, 0xbcc0000000000000, rne)
    TEST_FP_RRR_D(124, fmadd.d, FLAG_NX, 0xbff0000006000002,
                  0xbff0000004000000, 0x3ff0000002000000, 0xbcc0000000000000, rtz)
    TEST_FP_RRR_D(125, fmadd.d, FLAG_NX, 0xbff0000006000003,
                  0xbff0000004000000, 0x3ff0000002000000, 0xbcc0000000000000, rdn)
    TEST_FP_RRR_D(126, fmadd.d, FLAG_NX, 0xbff0000006000002,
                  0xbff0000004000000, 0x3ff0000002000000, 0xbcc0000000000000, rup)
    TEST_FP_RRR_D(127, fmadd.d, FLAG_NX, 0xbff0000006000003,
                  0xbff0000004000000, 0x3ff0000002000000, 0xbcc0000000000000, rmm)
    /* inf * 0 is invalid even when the addend is a quiet NaN. */
    TEST_FP_RRR_D(128, fmadd.d, FLAG_NV, 0x7ff8000000000000,
                  0x7ff0000000000000, 0x0000000000000000, 0x7ff8000000000000, rne)
    TEST_FP_RRR_D(129, fmadd.d, FLAG_NV, 0x7ff8000000000000,
                  0x0000000000000000, 0xfff0000000000000, 0x7ff8000000000000, rne)
    TEST_FP_RRR_D(130, fmadd.d, FLAG_NV, 0x7ff8000000000000,
                  0x7ff0000000000000, 0x0000000000000000, 0x3ff0000000000000, rne)
    /* Infinite product plus the opposite infinity. */
    TEST_FP_RRR_D(131, fmadd.d, FLAG_NV, 0x7ff8000000000000,
                  0x7ff0000000000000, 0x3ff0000000000000, 0xfff0000000000000, rne)
    TEST_FP_RRR_D(132, fmadd.d, 0, 0x7ff0000000000000,
                  0x7ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000000, rne)
    TEST_FP_RRR_D(133, fmadd.d, 0, 0xfff0000000000000,
                  0x3ff0000000000000, 0x3ff0000000000000, 0xfff0000000000000, rne)
    /* NaN operands give the canonical NaN; signaling ones raise NV. */
    TEST_FP_RRR_D(134, fmadd.d, 0, 0x7ff8000000000000,
                  0x7ff8000000000000, 0x3ff0000000000000, 0x3ff0000000000000, rne)
    TEST_FP_RRR_D(135, fmadd.d, 0, 0x7ff8000000000000,
                  0x3ff0000000000000, 0x3ff0000000000000, 0xfff8000000000000, rne)
    TEST_FP_RRR_D(136, fmadd.d, FLAG_NV, 0x7ff8000000000000,
                  0x3ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000001, rne)
    TEST_FP_RRR_D(137, fmadd.d, FLAG_NV, 0x7ff8000000000000,
                  0x7ff0000000000001, 0x3ff0000000000000, 0x7ff8000000000000, rne)
    /* Signed zeros: -0 + +0 is +0, or -0 when rounding down; -0 + -0 is -0. */
    TEST_FP_RRR_D(138, fmadd.d, 0, 0x0000000000000000,
                  0x0000000000000000, 0xbff0000000000000, 0x0000000000000000, rne)
    TEST_FP_RRR_D(139, fmadd.d, 0, 0x8000000000000000,
                  0x0000000000000000, 0xbff0000000000000, 0x0000000000000000, rdn)
    TEST_FP_RRR_D(140, fmadd.d, 0, 0x8000000000000000,
                  0x8000000000000000, 0x3ff0000000000000, 0x8000000000000000, rne)
    TEST_FP_RRR_D(141, fmadd.d, 0, 0x0000000000000000,
                  0x3ff0000000000000, 0x3ff0000000000000, 0xbff0000000000000, rne)
    TEST_FP_RRR_D(142, fmadd.d, 0, 0x8000000000000000,
                  0x3ff0000000000000, 0x3ff0000000000000, 0xbff0000000000000, rdn)
    /* Overflow; a fused max * 2 - max does not overflow. */
    TEST_FP_RRR_D(143, fmadd.d, FLAG_OF|FLAG_NX, 0x7ff0000000000000,
                  0x7fefffffffffffff, 0x4000000000000000, 0x0000000000000000, rne)
    TEST_FP_RRR_D(144, fmadd.d, FLAG_OF|FLAG_NX, 0x7fefffffffffffff,
                  0x7fefffffffffffff, 0x4000000000000000, 0x0000000000000000, rtz)
    TEST_FP_RRR_D(145, fmadd.d, 0, 0x7fefffffffffffff,
                  0x7fefffffffffffff, 0x4000000000000000, 0xffefffffffffffff, rne)
    /* Subnormal results: exact without UF, inexact with UF, and the sign of a tiny negative sum. */
    TEST_FP_RRR_D(146, fmadd.d, 0, 0x0008000000000000,
                  0x0010000000000000, 0x3fe0000000000000, 0x0000000000000000, rne)
    TEST_FP_RRR_D(147, fmadd.d, FLAG_UF|FLAG_NX, 0x0000000000000000,
                  0x0000000000000001, 0x3fe0000000000000, 0x0000000000000000, rne)
    TEST_FP_RRR_D(148, fmadd.d, FLAG_UF|FLAG_NX, 0x0000000000000002,
                  0x0000000000000001, 0x3fe0000000000000, 0x0000000000000001, rne)
    TEST_FP_RRR_D(149, fmadd.d, FLAG_UF|FLAG_NX, 0x8000000000000000,
                  0x8000000000000001, 0x3fe0000000000000, 0x0000000000000000, rne)
    TEST_FP_RRR_D(150, fmadd.d, FLAG_UF|FLAG_NX, 0x0000000000000001,
                  0x0000000000000001, 0x3fe0000000000000, 0x8000000000000000, rup)
    TEST_FP_RRR_D(151, fmadd.d, 0, 0x0000000000000002,
                  0x0000000000000001, 0x3ff0000000000000, 0x0000000000000001, rne)
    /* fmsub.d: rs1 * rs2 - rs3 */
    TEST_FP_RRR_D(152, fmsub.d, 0, 0x4014000000000000,
                  0x4000000000000000, 0x4008000000000000, 0x3ff0000000000000, rne)
    TEST_FP_RRR_D(153, fmsub.d, 0, 0xb970000000000000,
                  0x3ff0000000000001, 0x3feffffffffffffe, 0x3ff0000000000000, rne)
    TEST_FP_RRR_D(154, fmsub.d, FLAG_NX, 0x3ff0000006000002,
                  0x3ff0000004000000, 0x3ff0000002000000, 0xbcc0000000000000, rne)
    TEST_FP_RRR_D(155, fmsub.d, FLAG_NX, 0x3ff0000006000002,
                  0x3ff0000004000000, 0x3ff0000002000000, 0xbcc0000000000000, rtz)
    TEST_FP_RRR_D(156, fmsub.d, FLAG_NX, 0x3ff0000006000002,
                  0x3ff0000004000000, 0x3ff0000002000000, 0xbcc0000000000000, rdn)
    TEST_FP_RRR_D(157, fmsub.d, FLAG_NX, 0x3ff0000006000003,
                  0x3ff0000004000000, 0x3ff0000002000000, 0xbcc0000000000000, rup)
    TEST_FP_RRR_D(158, fmsub.d, FLAG_NX, 0x3ff0000006000003,
                  0x3ff0000004000000, 0x3ff0000002000000, 0xbcc0000000000000, rmm)
    TEST_FP_RRR_D_DYN(159, FRM_RMM, fmsub.d, FLAG_NX, 0x3ff0000006000003,
                      0x3ff0000004000000, 0x3ff0000002000000, 0xbcc0000000000000)
    TEST_FP_RRR_D_DYN(160, FRM_RDN, fmsub.d, FLAG_NX, 0x3ff0000006000002,
                      0x3ff0000004000000, 0x3ff0000002000000, 0xbcc0000000000000)
    TEST_FP_RRR_D(161, fmsub.d, FLAG_NV, 0x7ff8000000000000,
                  0x7ff0000000000000, 0x0000000000000000, 0x7ff8000000000000, rne)
    TEST_FP_RRR_D(162, fmsub.d, FLAG_NV, 0x7ff8000000000000,
                  0x7ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000000, rne)
    TEST_FP_RRR_D(163, fmsub.d, 0, 0x7ff0000000000000,
                  0x7ff0000000000000, 0x3ff0000000000000, 0xfff0000000000000, rne)
    TEST_FP_RRR_D(164, fmsub.d, 0, 0x0000000000000000,
                  0x0000000000000000, 0x3ff0000000000000, 0x0000000000000000, rne)
    TEST_FP_RRR_D(165, fmsub.d, 0, 0x8000000000000000,
                  0x0000000000000000, 0x3ff0000000000000, 0x0000000000000000, rdn)
    TEST_FP_RRR_D(166, fmsub.d, 0, 0x0000000000000000,
                  0x0000000000000000, 0x3ff0000000000000, 0x8000000000000000, rdn)
    TEST_FP_RRR_D(167, fmsub.d, 0, 0x8000000000000000,
                  0x8000000000000000, 0x3ff0000000000000, 0x0000000000000000, rne)
    TEST_FP_RRR_D(168, fmsub.d, 0, 0x8000000000000000,
                  0x3ff0000000000000, 0x3ff0000000000000, 0x3ff0000000000000, rdn)
    TEST_FP_RRR_D(169, fmsub.d, FLAG_NV, 0x7ff8000000000000,
                  0x3ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000001, rne)
    TEST_FP_RRR_D(170, fmsub.d, 0, 0x7fefffffffffffff,
                  0x7fefffffffffffff, 0x4000000000000000, 0x7fefffffffffffff, rne)
    TEST_FP_RRR_D(171, fmsub.d, FLAG_OF|FLAG_NX, 0xffefffffffffffff,
                  0x7fefffffffffffff, 0xbff0000000000000, 0x7fefffffffffffff, rtz)
    /* fnmsub.d: -(rs1 * rs2) + rs3, so fnmsub(1, 1, 1) is +0, not -(1 - 1) = -0. */
    TEST_FP_RRR_D(172, fnmsub.d, 0, 0xc014000000000000,
                  0x4000000000000000, 0x4008000000000000, 0x3ff0000000000000, rne)
    TEST_FP_RRR_D(173, fnmsub.d, 0, 0x0000000000000000,
                  0x3ff0000000000000, 0x3ff0000000000000, 0x3ff0000000000000, rne)
    TEST_FP_RRR_D(174, fnmsub.d, 0, 0x8000000000000000,
                  0x3ff0000000000000, 0x3ff0000000000000, 0x3ff0000000000000, rdn)
    TEST_FP_RRR_D(175, fnmsub.d, 0, 0x3970000000000000,
                  0x3ff0000000000001, 0x3feffffffffffffe, 0x3ff0000000000000, rne)
    TEST_FP_RRR_D(176, fnmsub.d, FLAG_NX, 0xbff0000005fffffe,
                  0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000, rne)
    TEST_FP_RRR_D(177, fnmsub.d, FLAG_NX, 0xbff0000005fffffe,
                  0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000, rtz)
    TEST_FP_RRR_D(178, fnmsub.d, FLAG_NX, 0xbff0000005ffffff,
                  0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000, rdn)
    TEST_FP_RRR_D(179, fnmsub.d, FLAG_NX, 0xbff0000005fffffe,
                  0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000, rup)
    TEST_FP_RRR_D(180, fnmsub.d, FLAG_NX, 0xbff0000005ffffff,
                  0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000, rmm)
    TEST_FP_RRR_D_DYN(181, FRM_RUP, fnmsub.d, FLAG_NX, 0xbff0000005fffffe,
                      0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000)
    TEST_FP_RRR_D_DYN(182, FRM_RDN, fnmsub.d, FLAG_NX, 0xbff0000005ffffff,
                      0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000)
    /* The NaN result is the canonical (positive) NaN, never negated. */
    TEST_FP_RRR_D(183, fnmsub.d, 0, 0x7ff8000000000000,
                  0x7ff8000000000000, 0x3ff0000000000000, 0x3ff0000000000000, rne)
    TEST_FP_RRR_D(184, fnmsub.d, 0, 0x7ff8000000000000,
                  0x3ff0000000000000, 0x3ff0000000000000, 0xfff8000000000000, rne)
    TEST_FP_RRR_D(185, fnmsub.d, FLAG_NV, 0x7ff8000000000000,
                  0x7ff0000000000000, 0x0000000000000000, 0x7ff8000000000000, rne)
    TEST_FP_RRR_D(186, fnmsub.d, FLAG_NV, 0x7ff8000000000000,
                  0x7ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000000, rne)
    TEST_FP_RRR_D(187, fnmsub.d, 0, 0xfff0000000000000,
                  0x7ff0000000000000, 0x3ff0000000000000, 0xfff0000000000000, rne)
    TEST_FP_RRR_D(188, fnmsub.d, 0, 0x0000000000000000,
                  0x0000000000000000, 0x3ff0000000000000, 0x0000000000000000, rne)
    TEST_FP_RRR_D(189, fnmsub.d, 0, 0x8000000000000000,
                  0x0000000000000000, 0x3ff0000000000000, 0x8000000000000000, rne)
    TEST_FP_RRR_D(190, fnmsub.d, FLAG_OF|FLAG_NX, 0xfff0000000000000,
                  0x7fefffffffffffff, 0x4000000000000000, 0x0000000000000000, rne)
    TEST_FP_RRR_D(191, fnmsub.d, FLAG_OF|FLAG_NX, 0xffefffffffffffff,
                  0x7fefffffffffffff, 0x4000000000000000, 0x0000000000000000, rup)
    /* fnmadd.d: -(rs1 * rs2) - rs3 */
    TEST_FP_RRR_D(192, fnmadd.d, 0, 0xc01c000000000000,
                  0x4000000000000000, 0x4008000000000000, 0x3ff0000000000000, rne)
    TEST_FP_RRR_D(193, fnmadd.d, 0, 0x0000000000000000,
                  0x3ff0000000000000, 0x3ff0000000000000, 0xbff0000000000000, rne)
    TEST_FP_RRR_D(194, fnmadd.d, 0, 0x8000000000000000,
                  0x3ff0000000000000, 0x3ff0000000000000, 0xbff0000000000000, rdn)
    TEST_FP_RRR_D(195, fnmadd.d, 0, 0x3970000000000000,
                  0x3ff0000000000001, 0x3feffffffffffffe, 0xbff0000000000000, rne)
    TEST_FP_RRR_D(196, fnmadd.d, FLAG_NX, 0xbff0000006000002,
                  0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000, rne)
    TEST_FP_RRR_D(197, fnmadd.d, FLAG_NX, 0xbff0000006000002,
                  0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000, rtz)
    TEST_FP_RRR_D(198, fnmadd.d, FLAG_NX, 0xbff0000006000003,
                  0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000, rdn)
    TEST_FP_RRR_D(199, fnmadd.d, FLAG_NX, 0xbff0000006000002,
                  0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000, rup)
    TEST_FP_RRR_D(200, fnmadd.d, FLAG_NX, 0xbff0000006000003,
                  0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000, rmm)
    TEST_FP_RRR_D_DYN(201, FRM_RTZ, fnmadd.d, FLAG_NX, 0xbff0000006000002,
                      0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000)
    TEST_FP_RRR_D_DYN(202, FRM_RMM, fnmadd.d, FLAG_NX, 0xbff0000006000003,
                      0x3ff0000004000000, 0x3ff0000002000000, 0x3cc0000000000000)
    TEST_FP_RRR_D(203, fnmadd.d, FLAG_NV, 0x7ff8000000000000,
                  0x7ff0000000000001, 0x3ff0000000000000, 0x3ff0000000000000, rne)
    TEST_FP_RRR_D(204, fnmadd.d, 0, 0x7ff8000000000000,
                  0x3ff0000000000000, 0x3ff0000000000000, 0xfff8000000000000, rne)
    TEST_FP_RRR_D(205, fnmadd.d, FLAG_NV, 0x7ff8000000000000,
                  0x7ff0000000000000, 0x0000000000000000, 0x7ff8000000000000, rne)
    TEST_FP_RRR_D(206, fnmadd.d, FLAG_NV, 0x7ff8000000000000,
                  0x0000000000000000, 0x7ff0000000000000, 0x3ff0000000000000, rne)
    TEST_FP_RRR_D(207, fnmadd.d, FLAG_NV, 0x7ff8000000000000,
                  0x7ff0000000000000, 0x3ff0000000000000, 0xfff0000000000000, rne)
    TEST_FP_RRR_D(208, fnmadd.d, 0, 0x7ff0000000000000,
                  0xfff0000000000000, 0x3ff0000000000000, 0xfff0000000000000, rne)
    TEST_FP_RRR_D(209, fnmadd.d, 0, 0x8000000000000000,
                  0x0000000000000000, 0x3ff0000000000000, 0x0000000000000000, rne)
    TEST_FP_RRR_D(210, fnmadd.d, 0, 0x0000000000000000,
                  0x0000000000000000, 0x3ff0000000000000, 0x8000000000000000, rne)
    TEST_FP_RRR_D(211, fnmadd.d, 0, 0x8000000000000000,
                  0x8000000000000000, 0x3ff0000000000000, 0x0000000000000000, rdn)
    TEST_FP_RRR_D(212, fnmadd.d, FLAG_OF|FLAG_NX, 0xfff0000000000000,
                  0x7fefffffffffffff, 0x4000000000000000, 0x0000000000000000, rne)
    TEST_FP_RRR_D(213, fnmadd.d, FLAG_OF|FLAG_NX, 0xffefffffffffffff,
                  0x7fefffffffffffff, 0x4000000000000000, 0x0000000000000000, rup)
    TEST_FP_RRR_D(214, fnmadd.d, FLAG_UF|FLAG_NX, 0x8000000000000001,
                  0x0000000000000001, 0x3fe0000000000000, 0x0000000000000000, rdn)

    RVTEST_PASS

RVTEST_CODE_END
