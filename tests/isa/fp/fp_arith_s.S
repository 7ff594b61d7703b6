/* Single-precision fadd.s, fsub.s, fmul.s, fdiv.s and fsqrt.s: every rounding mode both static
 * and through frm, signed zeros, infinities, NaNs, overflow, underflow and subnormals.
 *
 * Bit patterns used below: 1.0 = 0x3f800000, 2^-24 = 0x33800000 (half an ulp of 1.0),
 * max = 0x7f7fffff, min normal = 0x00800000, min subnormal = 0x00000001,
 * canonical NaN = 0x7fc00000, signaling NaN = 0x7f800001.
 */
#include "fp_test_macros.h"

RVTEST_CODE_BEGIN

    /* fadd.s: 1 + 2^-24 is an exact tie between 1.0 (even) and 1 + 2^-23 (odd). */
    TEST_FP_RR_S(1, fadd.s, 0, 0x40000000, 0x3f800000, 0x3f800000, rne)
    TEST_FP_RR_S(2, fadd.s, FLAG_NX, 0x3f800000, 0x3f800000, 0x33800000, rne)
    TEST_FP_RR_S(3, fadd.s, FLAG_NX, 0x3f800000, 0x3f800000, 0x33800000, rtz)
    TEST_FP_RR_S(4, fadd.s, FLAG_NX, 0x3f800000, 0x3f800000, 0x33800000, rdn)
    TEST_FP_RR_S(5, fadd.s, FLAG_NX, 0x3f800001, 0x3f800000, 0x33800000, rup)
    TEST_FP_RR_S(6, fadd.s, FLAG_NX, 0x3f800001, 0x3f800000, 0x33800000, rmm)
    /* The same tie, negative: RDN and RUP swap roles. */
    TEST_FP_RR_S(7, fadd.s, FLAG_NX, 0xbf800000, 0xbf800000, 0xb3800000, rne)
    TEST_FP_RR_S(8, fadd.s, FLAG_NX, 0xbf800000, 0xbf800000, 0xb3800000, rtz)
    TEST_FP_RR_S(9, fadd.s, FLAG_NX, 0xbf800001, 0xbf800000, 0xb3800000, rdn)
    TEST_FP_RR_S(10, fadd.s, FLAG_NX, 0xbf800000, 0xbf800000, 0xb3800000, rup)
    TEST_FP_RR_S(11, fadd.s, FLAG_NX, 0xbf800001, 0xbf800000, 0xb3800000, rmm)
    /* Just above the tie: every round-to-nearest mode goes up. */
    TEST_FP_RR_S(12, fadd.s, FLAG_NX, 0x3f800001, 0x3f800000, 0x33800001, rne)
    /* Dynamic rounding from frm: the tie, then -1 - 2^-25 (a quarter ulp, not a tie). */
    TEST_FP_RR_S_DYN(13, FRM_RNE, fadd.s, FLAG_NX, 0x3f800000, 0x3f800000, 0x33800000)
    TEST_FP_RR_S_DYN(14, FRM_RTZ, fadd.s, FLAG_NX, 0x3f800000, 0x3f800000, 0x33800000)
    TEST_FP_RR_S_DYN(15, FRM_RDN, fadd.s, FLAG_NX, 0x3f800000, 0x3f800000, 0x33800000)
    TEST_FP_RR_S_DYN(16, FRM_RUP, fadd.s, FLAG_NX, 0x3f800001, 0x3f800000, 0x33800000)
    TEST_FP_RR_S_DYN(17, FRM_RMM, fadd.s, FLAG_NX, 0x3f800001, 0x3f800000, 0x33800000)
    TEST_FP_RR_S_DYN(18, FRM_RNE, fadd.s, FLAG_NX, 0xbf800000, 0xbf800000, 0xb3000000)
    TEST_FP_RR_S_DYN(19, FRM_RTZ, fadd.s, FLAG_NX, 0xbf800000, 0xbf800000, 0xb3000000)
    TEST_FP_RR_S_DYN(20, FRM_RDN, fadd.s, FLAG_NX, 0xbf800001, 0xbf800000, 0xb3000000)
    TEST_FP_RR_S_DYN(21, FRM_RUP, fadd.s, FLAG_NX, 0xbf800000, 0xbf800000, 0xb3000000)
    TEST_FP_RR_S_DYN(22, FRM_RMM, fadd.s, FLAG_NX, 0xbf800000, 0xbf800000, 0xb3000000)
    /* A static rm overrides frm (frm is still RMM here). */
    TEST_FP_RR_S(23, fadd.s, FLAG_NX, 0x3f800000, 0x3f800000, 0x33800000, rne)
    /* rm omitted in the source means dyn: frm = RMM. */
    TEST_FP_RR_S(24, fadd.s, FLAG_NX, 0x3f800001, 0x3f800000, 0x33800000)
    /* Exact cancellation gives +0, except -0 when rounding down. */
    TEST_FP_RR_S(25, fadd.s, 0, 0x00000000, 0x3f800000, 0xbf800000, rne)
    TEST_FP_RR_S(26, fadd.s, 0, 0x00000000, 0x3f800000, 0xbf800000, rup)
    TEST_FP_RR_S(27, fadd.s, 0, 0x80000000, 0x3f800000, 0xbf800000, rdn)
    TEST_FP_RR_S_DYN(28, FRM_RDN, fadd.s, 0, 0x80000000, 0x3f800000, 0xbf800000)
    TEST_FP_RR_S(29, fadd.s, 0, 0x80000000, 0x80000000, 0x80000000, rne)
    TEST_FP_RR_S(30, fadd.s, 0, 0x00000000, 0x00000000, 0x80000000, rne)
    TEST_FP_RR_S(31, fadd.s, 0, 0x80000000, 0x00000000, 0x80000000, rdn)
    /* x + 0 keeps x exactly, including subnormals. */
    TEST_FP_RR_S(32, fadd.s, 0, 0x00000001, 0x00000001, 0x80000000, rne)
    /* Infinities. */
    TEST_FP_RR_S(33, fadd.s, 0, 0x7f800000, 0x7f800000, 0x3f800000, rne)
    TEST_FP_RR_S(34, fadd.s, 0, 0xff800000, 0xff800000, 0xff800000, rne)
    TEST_FP_RR_S(35, fadd.s, FLAG_NV, 0x7fc00000, 0x7f800000, 0xff800000, rne)
    /* NaN inputs give the canonical NaN; only a signaling NaN raises NV. */
    TEST_FP_RR_S(36, fadd.s, 0, 0x7fc00000, 0x7fc12345, 0x3f800000, rne)
    TEST_FP_RR_S(37, fadd.s, 0, 0x7fc00000, 0x3f800000, 0xffc00000, rne)
    TEST_FP_RR_S(38, fadd.s, FLAG_NV, 0x7fc00000, 0x7f800001, 0x3f800000, rne)
    TEST_FP_RR_S(39, fadd.s, FLAG_NV, 0x7fc00000, 0x3f800000, 0xffa00000, rne)
    TEST_FP_RR_S(40, fadd.s, FLAG_NV, 0x7fc00000, 0x7fc00000, 0x7f800001, rne)
    TEST_FP_RR_S(41, fadd.s, 0, 0x7fc00000, 0x7fc00000, 0x7f800000, rne)
    /* Overflow: max + max, by mode and sign. */
    TEST_FP_RR_S(42, fadd.s, FLAG_OF|FLAG_NX, 0x7f800000, 0x7f7fffff, 0x7f7fffff, rne)
    TEST_FP_RR_S(43, fadd.s, FLAG_OF|FLAG_NX, 0x7f7fffff, 0x7f7fffff, 0x7f7fffff, rtz)
    TEST_FP_RR_S(44, fadd.s, FLAG_OF|FLAG_NX, 0x7f7fffff, 0x7f7fffff, 0x7f7fffff, rdn)
    TEST_FP_RR_S(45, fadd.s, FLAG_OF|FLAG_NX, 0x7f800000, 0x7f7fffff, 0x7f7fffff, rup)
    TEST_FP_RR_S(46, fadd.s, FLAG_OF|FLAG_NX, 0x7f800000, 0x7f7fffff, 0x7f7fffff, rmm)
    TEST_FP_RR_S(47, fadd.s, FLAG_OF|FLAG_NX, 0xff800000, 0xff7fffff, 0xff7fffff, rdn)
    TEST_FP_RR_S(48, fadd.s, FLAG_OF|FLAG_NX, 0xff7fffff, 0xff7fffff, 0xff7fffff, rup)
    TEST_FP_RR_S(49, fadd.s, FLAG_OF|FLAG_NX, 0xff7fffff, 0xff7fffff, 0xff7fffff, rtz)
    TEST_FP_RR_S(50, fadd.s, FLAG_OF|FLAG_NX, 0xff800000, 0xff7fffff, 0xff7fffff, rmm)
    /* max + 2^103 is a tie between max (odd) and 2^128: overflow only if it rounds up. */
    TEST_FP_RR_S(51, fadd.s, FLAG_OF|FLAG_NX, 0x7f800000, 0x7f7fffff, 0x73000000, rne)
    TEST_FP_RR_S(52, fadd.s, FLAG_NX, 0x7f7fffff, 0x7f7fffff, 0x73000000, rtz)
    /* max + 1 is absorbed: inexact but no overflow. */
    TEST_FP_RR_S(53, fadd.s, FLAG_NX, 0x7f7fffff, 0x7f7fffff, 0x3f800000, rne)
    /* Subnormal sums are exact: no UF without inexactness, no flush to zero. */
    TEST_FP_RR_S(54, fadd.s, 0, 0x00000002, 0x00000001, 0x00000001, rne)
    TEST_FP_RR_S(55, fadd.s, 0, 0x00800000, 0x007fffff, 0x00000001, rne)
    TEST_FP_RR_S(56, fadd.s, 0, 0x80000001, 0x00800000, 0x80800001, rne)

    /* fsub.s: 1 - 2^-25 is a tie between 1 - 2^-24 (odd) and 1.0 (even). */
    TEST_FP_RR_S(60, fsub.s, 0, 0x40000000, 0x40400000, 0x3f800000, rne)
    TEST_FP_RR_S(61, fsub.s, FLAG_NX, 0x3f800000, 0x3f800000, 0x33000000, rne)
    TEST_FP_RR_S(62, fsub.s, FLAG_NX, 0x3f7fffff, 0x3f800000, 0x33000000, rtz)
    TEST_FP_RR_S(63, fsub.s, FLAG_NX, 0x3f7fffff, 0x3f800000, 0x33000000, rdn)
    TEST_FP_RR_S(64, fsub.s, FLAG_NX, 0x3f800000, 0x3f800000, 0x33000000, rup)
    TEST_FP_RR_S(65, fsub.s, FLAG_NX, 0x3f800000, 0x3f800000, 0x33000000, rmm)
    TEST_FP_RR_S_DYN(66, FRM_RTZ, fsub.s, FLAG_NX, 0x3f7fffff, 0x3f800000, 0x33000000)
    TEST_FP_RR_S_DYN(67, FRM_RUP, fsub.s, FLAG_NX, 0x3f800000, 0x3f800000, 0x33000000)
    /* -1 - 2^-24: negative tie. */
    TEST_FP_RR_S(68, fsub.s, FLAG_NX, 0xbf800000, 0xbf800000, 0x33800000, rne)
    TEST_FP_RR_S(69, fsub.s, FLAG_NX, 0xbf800001, 0xbf800000, 0x33800000, rdn)
    TEST_FP_RR_S(70, fsub.s, FLAG_NX, 0xbf800000, 0xbf800000, 0x33800000, rup)
    TEST_FP_RR_S(71, fsub.s, FLAG_NX, 0xbf800001, 0xbf800000, 0x33800000, rmm)
    /* Signed zeros. */
    TEST_FP_RR_S(72, fsub.s, 0, 0x00000000, 0x3f800000, 0x3f800000, rne)
    TEST_FP_RR_S(73, fsub.s, 0, 0x80000000, 0x3f800000, 0x3f800000, rdn)
    TEST_FP_RR_S(74, fsub.s, 0, 0x80000000, 0x80000000, 0x00000000, rne)
    TEST_FP_RR_S(75, fsub.s, 0, 0x00000000, 0x00000000, 0x00000000, rne)
    TEST_FP_RR_S(76, fsub.s, 0, 0x80000000, 0x00000000, 0x00000000, rdn)
    TEST_FP_RR_S(77, fsub.s, 0, 0x00000000, 0x00000000, 0x80000000, rdn)
    /* Infinities and NaNs. */
    TEST_FP_RR_S(78, fsub.s, FLAG_NV, 0x7fc00000, 0x7f800000, 0x7f800000, rne)
    TEST_FP_RR_S(79, fsub.s, 0, 0xff800000, 0xff800000, 0x7f800000, rne)
    TEST_FP_RR_S(80, fsub.s, 0, 0xff800000, 0x3f800000, 0x7f800000, rne)
    TEST_FP_RR_S(81, fsub.s, 0, 0x7fc00000, 0xffc00000, 0xffc00000, rne)
    TEST_FP_RR_S(82, fsub.s, FLAG_NV, 0x7fc00000, 0x3f800000, 0x7f800001, rne)
    /* Overflow and subnormal differences. */
    TEST_FP_RR_S(83, fsub.s, FLAG_OF|FLAG_NX, 0xff800000, 0xff7fffff, 0x7f7fffff, rne)
    TEST_FP_RR_S(84, fsub.s, FLAG_OF|FLAG_NX, 0xff7fffff, 0xff7fffff, 0x7f7fffff, rup)
    TEST_FP_RR_S(85, fsub.s, 0, 0x007fffff, 0x00800000, 0x00000001, rne)
    TEST_FP_RR_S(86, fsub.s, 0, 0x80000001, 0x00800000, 0x00800001, rne)

    /* fmul.s: (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24, a tie between 1 + 2^-11 (even) and the next. */
    TEST_FP_RR_S(90, fmul.s, 0, 0x40c00000, 0x40000000, 0x40400000, rne)
    TEST_FP_RR_S(91, fmul.s, FLAG_NX, 0x3f801000, 0x3f800800, 0x3f800800, rne)
    TEST_FP_RR_S(92, fmul.s, FLAG_NX, 0x3f801000, 0x3f800800, 0x3f800800, rtz)
    TEST_FP_RR_S(93, fmul.s, FLAG_NX, 0x3f801000, 0x3f800800, 0x3f800800, rdn)
    TEST_FP_RR_S(94, fmul.s, FLAG_NX, 0x3f801001, 0x3f800800, 0x3f800800, rup)
    TEST_FP_RR_S(95, fmul.s, FLAG_NX, 0x3f801001, 0x3f800800, 0x3f800800, rmm)
    TEST_FP_RR_S(96, fmul.s, FLAG_NX, 0xbf801000, 0xbf800800, 0x3f800800, rne)
    TEST_FP_RR_S(97, fmul.s, FLAG_NX, 0xbf801000, 0xbf800800, 0x3f800800, rtz)
    TEST_FP_RR_S(98, fmul.s, FLAG_NX, 0xbf801001, 0xbf800800, 0x3f800800, rdn)
    TEST_FP_RR_S(99, fmul.s, FLAG_NX, 0xbf801000, 0xbf800800, 0x3f800800, rup)
    TEST_FP_RR_S(100, fmul.s, FLAG_NX, 0xbf801001, 0xbf800800, 0x3f800800, rmm)
    TEST_FP_RR_S_DYN(101, FRM_RNE, fmul.s, FLAG_NX, 0xbf801000, 0xbf800800, 0x3f800800)
    TEST_FP_RR_S_DYN(102, FRM_RTZ, fmul.s, FLAG_NX, 0xbf801000, 0xbf800800, 0x3f800800)
    TEST_FP_RR_S_DYN(103, FRM_RDN, fmul.s, FLAG_NX, 0xbf801001, 0xbf800800, 0x3f800800)
    TEST_FP_RR_S_DYN(104, FRM_RUP, fmul.s, FLAG_NX, 0xbf801000, 0xbf800800, 0x3f800800)
    TEST_FP_RR_S_DYN(105, FRM_RMM, fmul.s, FLAG_NX, 0xbf801001, 0xbf800800, 0x3f800800)
    /* Signs, zeros, infinities, NaNs. */
    TEST_FP_RR_S(106, fmul.s, 0, 0x80000000, 0x00000000, 0xbf800000, rne)
    TEST_FP_RR_S(107, fmul.s, 0, 0x00000000, 0x80000000, 0x80000000, rne)
    TEST_FP_RR_S(108, fmul.s, 0, 0xff800000, 0x7f800000, 0xc0000000, rne)
    TEST_FP_RR_S(109, fmul.s, FLAG_NV, 0x7fc00000, 0x7f800000, 0x80000000, rne)
    TEST_FP_RR_S(110, fmul.s, FLAG_NV, 0x7fc00000, 0x00000000, 0xff800000, rne)
    TEST_FP_RR_S(111, fmul.s, 0, 0x7fc00000, 0x7fc00001, 0x00000000, rne)
    TEST_FP_RR_S(112, fmul.s, FLAG_NV, 0x7fc00000, 0x7f800001, 0x00000000, rne)
    /* Overflow: 2^64 * 2^64. */
    TEST_FP_RR_S(113, fmul.s, FLAG_OF|FLAG_NX, 0x7f800000, 0x5f800000, 0x5f800000, rne)
    TEST_FP_RR_S(114, fmul.s, FLAG_OF|FLAG_NX, 0x7f7fffff, 0x5f800000, 0x5f800000, rtz)
    TEST_FP_RR_S(115, fmul.s, FLAG_OF|FLAG_NX, 0x7f7fffff, 0x5f800000, 0x5f800000, rdn)
    TEST_FP_RR_S(116, fmul.s, FLAG_OF|FLAG_NX, 0x7f800000, 0x5f800000, 0x5f800000, rup)
    TEST_FP_RR_S(117, fmul.s, FLAG_OF|FLAG_NX, 0xff800000, 0xdf800000, 0x5f800000, rdn)
    TEST_FP_RR_S(118, fmul.s, FLAG_OF|FLAG_NX, 0xff7fffff, 0xdf800000, 0x5f800000, rup)
    TEST_FP_RR_S_DYN(119, FRM_RTZ, fmul.s, FLAG_OF|FLAG_NX, 0xff7fffff, 0xdf800000, 0x5f800000)
    TEST_FP_RR_S_DYN(120, FRM_RMM, fmul.s, FLAG_OF|FLAG_NX, 0xff800000, 0xdf800000, 0x5f800000)
    /* A tiny but exact product is subnormal without UF. */
    TEST_FP_RR_S(121, fmul.s, 0, 0x00400000, 0x00800000, 0x3f000000, rne)
    TEST_FP_RR_S(122, fmul.s, 0, 0x34800000, 0x00000001, 0x7f000000, rne)
    /* min subnormal * 0.5 = 2^-150, a tie between 0 (even) and min subnormal. */
    TEST_FP_RR_S(123, fmul.s, FLAG_UF|FLAG_NX, 0x00000000, 0x00000001, 0x3f000000, rne)
    TEST_FP_RR_S(124, fmul.s, FLAG_UF|FLAG_NX, 0x00000000, 0x00000001, 0x3f000000, rtz)
    TEST_FP_RR_S(125, fmul.s, FLAG_UF|FLAG_NX, 0x00000000, 0x00000001, 0x3f000000, rdn)
    TEST_FP_RR_S(126, fmul.s, FLAG_UF|FLAG_NX, 0x00000001, 0x00000001, 0x3f000000, rup)
    TEST_FP_RR_S(127, fmul.s, FLAG_UF|FLAG_NX, 0x00000001, 0x00000001, 0x3f000000, rmm)
    TEST_FP_RR_S(128, fmul.s, FLAG_UF|FLAG_NX, 0x80000000, 0x80000001, 0x3f000000, rne)
    TEST_FP_RR_S(129, fmul.s, FLAG_UF|FLAG_NX, 0x80000001, 0x80000001, 0x3f000000, rdn)
    TEST_FP_RR_S(130, fmul.s, FLAG_UF|FLAG_NX, 0x80000000, 0x80000001, 0x3f000000, rup)
    /* 3 * 2^-149 * 0.5: a tie between 1 (odd) and 2 (even) subnormal ulps. */
    TEST_FP_RR_S(131, fmul.s, FLAG_UF|FLAG_NX, 0x00000002, 0x00000003, 0x3f000000, rne)
    TEST_FP_RR_S(132, fmul.s, FLAG_UF|FLAG_NX, 0x00000001, 0x00000003, 0x3f000000, rtz)
    /* Tininess is detected after rounding: 2^-126 - 2^-151 rounds (with an unbounded exponent)
     * to 2^-126 under RNE, RUP, RMM, so the result is not tiny and only NX is raised; under
     * RTZ and RDN it stays below 2^-126 and raises UF. */
    TEST_FP_RR_S(133, fmul.s, FLAG_NX, 0x00800000, 0x3f918e00, 0x00709000, rne)
    TEST_FP_RR_S(134, fmul.s, FLAG_NX, 0x00800000, 0x3f918e00, 0x00709000, rup)
    TEST_FP_RR_S(135, fmul.s, FLAG_NX, 0x00800000, 0x3f918e00, 0x00709000, rmm)
    TEST_FP_RR_S(136, fmul.s, FLAG_UF|FLAG_NX, 0x007fffff, 0x3f918e00, 0x00709000, rtz)
    TEST_FP_RR_S(137, fmul.s, FLAG_UF|FLAG_NX, 0x007fffff, 0x3f918e00, 0x00709000, rdn)
    /* 2^-126 * (1 - 2^-24) = 2^-126 - 2^-150 is exact with an unbounded exponent, so it is tiny;
     * the subnormal result rounds up to 2^-126 yet UF is raised. */
    TEST_FP_RR_S(138, fmul.s, FLAG_UF|FLAG_NX, 0x00800000, 0x00800000, 0x3f7fffff, rne)

    /* fdiv.s: 1/3 and -1/3 in every mode. */
    TEST_FP_RR_S(140, fdiv.s, 0, 0x40000000, 0x40c00000, 0x40400000, rne)
    TEST_FP_RR_S(141, fdiv.s, FLAG_NX, 0x3eaaaaab, 0x3f800000, 0x40400000, rne)
    TEST_FP_RR_S(142, fdiv.s, FLAG_NX, 0x3eaaaaaa, 0x3f800000, 0x40400000, rtz)
    TEST_FP_RR_S(143, fdiv.s, FLAG_NX, 0x3eaaaaaa, 0x3f800000, 0x40400000, rdn)
    TEST_FP_RR_S(144, fdiv.s, FLAG_NX, 0x3eaaaaab, 0x3f800000, 0x40400000, rup)
    TEST_FP_RR_S(145, fdiv.s, FLAG_NX, 0x3eaaaaab, 0x3f800000, 0x40400000, rmm)
    TEST_FP_RR_S(146, fdiv.s, FLAG_NX, 0xbeaaaaab, 0xbf800000, 0x40400000, rne)
    TEST_FP_RR_S(147, fdiv.s, FLAG_NX, 0xbeaaaaaa, 0xbf800000, 0x40400000, rtz)
    TEST_FP_RR_S(148, fdiv.s, FLAG_NX, 0xbeaaaaab, 0xbf800000, 0x40400000, rdn)
    TEST_FP_RR_S(149, fdiv.s, FLAG_NX, 0xbeaaaaaa, 0xbf800000, 0x40400000, rup)
    TEST_FP_RR_S(150, fdiv.s, FLAG_NX, 0xbeaaaaab, 0xbf800000, 0x40400000, rmm)
    /* 2/3 = 0x3f2aaaaa + 2/3 ulp through frm. */
    TEST_FP_RR_S_DYN(151, FRM_RNE, fdiv.s, FLAG_NX, 0x3f2aaaab, 0x40000000, 0x40400000)
    TEST_FP_RR_S_DYN(152, FRM_RTZ, fdiv.s, FLAG_NX, 0x3f2aaaaa, 0x40000000, 0x40400000)
    TEST_FP_RR_S_DYN(153, FRM_RDN, fdiv.s, FLAG_NX, 0x3f2aaaaa, 0x40000000, 0x40400000)
    TEST_FP_RR_S_DYN(154, FRM_RUP, fdiv.s, FLAG_NX, 0x3f2aaaab, 0x40000000, 0x40400000)
    TEST_FP_RR_S_DYN(155, FRM_RMM, fdiv.s, FLAG_NX, 0x3f2aaaab, 0x40000000, 0x40400000)
    /* Division by zero, invalid divisions, infinities. */
    TEST_FP_RR_S(156, fdiv.s, FLAG_DZ, 0x7f800000, 0x3f800000, 0x00000000, rne)
    TEST_FP_RR_S(157, fdiv.s, FLAG_DZ, 0xff800000, 0xbf800000, 0x00000000, rne)
    TEST_FP_RR_S(158, fdiv.s, FLAG_DZ, 0xff800000, 0x3f800000, 0x80000000, rne)
    TEST_FP_RR_S(159, fdiv.s, FLAG_DZ, 0xff800000, 0x00000001, 0x80000000, rne)
    TEST_FP_RR_S(160, fdiv.s, FLAG_NV, 0x7fc00000, 0x00000000, 0x80000000, rne)
    TEST_FP_RR_S(161, fdiv.s, FLAG_NV, 0x7fc00000, 0xff800000, 0x7f800000, rne)
    TEST_FP_RR_S(162, fdiv.s, 0, 0x7f800000, 0x7f800000, 0x00000000, rne)
    TEST_FP_RR_S(163, fdiv.s, 0, 0x80000000, 0x3f800000, 0xff800000, rne)
    TEST_FP_RR_S(164, fdiv.s, 0, 0x00000000, 0x00000000, 0x3f800000, rne)
    TEST_FP_RR_S(165, fdiv.s, 0, 0x7fc00000, 0x7fc00000, 0x00000000, rne)
    TEST_FP_RR_S(166, fdiv.s, FLAG_NV, 0x7fc00000, 0x3f800000, 0xff800001, rne)
    /* Overflow and underflow. */
    TEST_FP_RR_S(167, fdiv.s, FLAG_OF|FLAG_NX, 0x7f800000, 0x7f7fffff, 0x3f000000, rne)
    TEST_FP_RR_S(168, fdiv.s, FLAG_OF|FLAG_NX, 0x7f7fffff, 0x7f7fffff, 0x3f000000, rtz)
    TEST_FP_RR_S(169, fdiv.s, FLAG_OF|FLAG_NX, 0x7f800000, 0x3f800000, 0x00000001, rne)
    TEST_FP_RR_S(170, fdiv.s, FLAG_UF|FLAG_NX, 0x002aaaab, 0x00800000, 0x40400000, rne)
    TEST_FP_RR_S(171, fdiv.s, FLAG_UF|FLAG_NX, 0x002aaaaa, 0x00800000, 0x40400000, rdn)
    /* 5 * 2^-149 / 2 = 2.5 subnormal ulps: a tie between 2 (even) and 3. */
    TEST_FP_RR_S(172, fdiv.s, FLAG_UF|FLAG_NX, 0x00000002, 0x00000005, 0x40000000, rne)
    TEST_FP_RR_S(173, fdiv.s, FLAG_UF|FLAG_NX, 0x00000002, 0x00000005, 0x40000000, rtz)
    TEST_FP_RR_S(174, fdiv.s, FLAG_UF|FLAG_NX, 0x00000002, 0x00000005, 0x40000000, rdn)
    TEST_FP_RR_S(175, fdiv.s, FLAG_UF|FLAG_NX, 0x00000003, 0x00000005, 0x40000000, rup)
    TEST_FP_RR_S(176, fdiv.s, FLAG_UF|FLAG_NX, 0x00000003, 0x00000005, 0x40000000, rmm)
    TEST_FP_RR_S(177, fdiv.s, FLAG_UF|FLAG_NX, 0x80000003, 0x80000005, 0x40000000, rdn)
    TEST_FP_RR_S(178, fdiv.s, FLAG_UF|FLAG_NX, 0x80000002, 0x80000005, 0x40000000, rup)
    /* Subnormal operands are used as they are. */
    TEST_FP_RR_S(179, fdiv.s, 0, 0x40400000, 0x00000003, 0x00000001, rne)

    /* fsqrt.s: sqrt(2) rounds down to nearest, sqrt(5) rounds up to nearest (no ties exist). */
    TEST_FP_R_S(180, fsqrt.s, 0, 0x40000000, 0x40800000, rne)
    TEST_FP_R_S(181, fsqrt.s, FLAG_NX, 0x3fb504f3, 0x40000000, rne)
    TEST_FP_R_S(182, fsqrt.s, FLAG_NX, 0x3fb504f3, 0x40000000, rtz)
    TEST_FP_R_S(183, fsqrt.s, FLAG_NX, 0x3fb504f3, 0x40000000, rdn)
    TEST_FP_R_S(184, fsqrt.s, FLAG_NX, 0x3fb504f4, 0x40000000, rup)
    TEST_FP_R_S(185, fsqrt.s, FLAG_NX, 0x3fb504f3, 0x40000000, rmm)
    TEST_FP_R_S_DYN(186, FRM_RNE, fsqrt.s, FLAG_NX, 0x400f1bbd, 0x40a00000)
    TEST_FP_R_S_DYN(187, FRM_RTZ, fsqrt.s, FLAG_NX, 0x400f1bbc, 0x40a00000)
    TEST_FP_R_S_DYN(188, FRM_RDN, fsqrt.s, FLAG_NX, 0x400f1bbc, 0x40a00000)
    TEST_FP_R_S_DYN(189, FRM_RUP, fsqrt.s, FLAG_NX, 0x400f1bbd, 0x40a00000)
    TEST_FP_R_S_DYN(190, FRM_RMM, fsqrt.s, FLAG_NX, 0x400f1bbd, 0x40a00000)
    TEST_FP_R_S(191, fsqrt.s, 0, 0x00000000, 0x00000000, rne)
    TEST_FP_R_S(192, fsqrt.s, 0, 0x80000000, 0x80000000, rne)
    TEST_FP_R_S(193, fsqrt.s, 0, 0x7f800000, 0x7f800000, rne)
    TEST_FP_R_S(194, fsqrt.s, FLAG_NV, 0x7fc00000, 0xff800000, rne)
    TEST_FP_R_S(195, fsqrt.s, FLAG_NV, 0x7fc00000, 0xbf800000, rne)
    TEST_FP_R_S(196, fsqrt.s, FLAG_NV, 0x7fc00000, 0x80000001, rne)
    TEST_FP_R_S(197, fsqrt.s, 0, 0x7fc00000, 0xffc00000, rne)
    TEST_FP_R_S(198, fsqrt.s, FLAG_NV, 0x7fc00000, 0x7f800001, rne)
    /* Square roots of subnormals are normal: 2^-148 exactly, 2^-149 inexactly. */
    TEST_FP_R_S(199, fsqrt.s, 0, 0x1a800000, 0x00000002, rne)
    TEST_FP_R_S(200, fsqrt.s, FLAG_NX, 0x1a3504f3, 0x00000001, rne)
    TEST_FP_R_S(201, fsqrt.s, FLAG_NX, 0x5f7fffff, 0x7f7fffff, rne)

    RVTEST_PASS

RVTEST_CODE_END
