/* Double-precision fadd.d, fsub.d, fmul.d, fdiv.d and fsqrt.d: every rounding mode both static
 * and through frm, signed zeros, infinities, NaNs, overflow, underflow and subnormals.
 *
 * Bit patterns used below: 1.0 = 0x3ff0000000000000, 2^-53 = 0x3ca0000000000000 (half an ulp
 * of 1.0), max = 0x7fefffffffffffff, min normal = 0x0010000000000000, min subnormal = 0x1,
 * canonical NaN = 0x7ff8000000000000, signaling NaN = 0x7ff0000000000001.
 */
#include "fp_test_macros.h"

RVTEST_CODE_BEGIN

    /* fadd.d: 1 + 2^-53 is an exact tie between 1.0 (even) and 1 + 2^-52 (odd). */
    TEST_FP_RR_D(1, fadd.d, 0, 0x4000000000000000, 0x3ff0000000000000, 0x3ff0000000000000, rne)
    TEST_FP_RR_D(2, fadd.d, FLAG_NX, 0x3ff0000000000000,
                 0x3ff0000000000000, 0x3ca0000000000000, rne)
    TEST_FP_RR_D(3, fadd.d, FLAG_NX, 0x3ff0000000000000,
                 0x3ff0000000000000, 0x3ca0000000000000, rtz)
    TEST_FP_RR_D(4, fadd.d, FLAG_NX, 0x3ff0000000000000,
                 0x3ff0000000000000, 0x3ca0000000000000, rdn)
    TEST_FP_RR_D(5, fadd.d, FLAG_NX, 0x3ff0000000000001,
                 0x3ff0000000000000, 0x3ca0000000000000, rup)
    TEST_FP_RR_D(6, fadd.d, FLAG_NX, 0x3ff0000000000001,
                 0x3ff0000000000000, 0x3ca0000000000000, rmm)
    TEST_FP_RR_D(7, fadd.d, FLAG_NX, 0xbff0000000000000,
                 0xbff0000000000000, 0xbca0000000000000, rne)
    TEST_FP_RR_D(8, fadd.d, FLAG_NX, 0xbff0000000000000,
                 0xbff0000000000000, 0xbca0000000000000, rtz)
    TEST_FP_RR_D(9, fadd.d, FLAG_NX, 0xbff0000000000001,
                 0xbff0000000000000, 0xbca0000000000000, rdn)
    TEST_FP_RR_D(10, fadd.d, FLAG_NX, 0xbff0000000000000,
                 0xbff0000000000000, 0xbca0000000000000, rup)
    TEST_FP_RR_D(11, fadd.d, FLAG_NX, 0xbff0000000000001,
                 0xbff0000000000000, 0xbca0000000000000, rmm)
    TEST_FP_RR_D(12, fadd.d, FLAG_NX, 0x3ff0000000000001,
                 0x3ff0000000000000, 0x3ca0000000000001, rne)
    /* Dynamic rounding: the tie, then -1 - 2^-54 (a quarter ulp). */
    TEST_FP_RR_D_DYN(13, FRM_RNE, fadd.d, FLAG_NX, 0x3ff0000000000000,
                     0x3ff0000000000000, 0x3ca0000000000000)
    TEST_FP_RR_D_DYN(14, FRM_RTZ, fadd.d, FLAG_NX, 0x3ff0000000000000,
                     0x3ff0000000000000, 0x3ca0000000000000)
    TEST_FP_RR_D_DYN(15, FRM_RDN, fadd.d, FLAG_NX, 0x3ff0000000000000,
                     0x3ff0000000000000, 0x3ca0000000000000)
    TEST_FP_RR_D_DYN(16, FRM_RUP, fadd.d, FLAG_NX, 0x3ff0000000000001,
                     0x3ff0000000000000, 0x3ca0000000000000)
    TEST_FP_RR_D_DYN(17, FRM_RMM, fadd.d, FLAG_NX, 0x3ff0000000000001,
                     0x3ff0000000000000, 0x3ca0000000000000)
    TEST_FP_RR_D_DYN(18, FRM_RNE, fadd.d, FLAG_NX, 0xbff0000000000000,
                     0xbff0000000000000, 0xbc90000000000000)
    TEST_FP_RR_D_DYN(19, FRM_RTZ, fadd.d, FLAG_NX, 0xbff0000000000000,
                     0xbff0000000000000, 0xbc90000000000000)
    TEST_FP_RR_D_DYN(20, FRM_RDN, fadd.d, FLAG_NX, 0xbff0000000000001,
                     0xbff0000000000000, 0xbc90000000000000)
    TEST_FP_RR_D_DYN(21, FRM_RUP, fadd.d, FLAG_NX, 0xbff0000000000000,
                     0xbff0000000000000, 0xbc90000000000000)
    TEST_FP_RR_D_DYN(22, FRM_RMM, fadd.d, FLAG_NX, 0xbff0000000000000,
                     0xbff0000000000000, 0xbc90000000000000)
    /* A static rm overrides frm (still RMM); an omitted rm means dyn. */
    TEST_FP_RR_D(23, fadd.d, FLAG_NX, 0x3ff0000000000000,
                 0x3ff0000000000000, 0x3ca0000000000000, rne)
    TEST_FP_RR_D(24, fadd.d, FLAG_NX, 0x3ff0000000000001, 0x3ff0000000000000, 0x3ca0000000000000)
    /* Signed zeros. */
    TEST_FP_RR_D(25, fadd.d, 0, 0x0000000000000000, 0x3ff0000000000000, 0xbff0000000000000, rne)
    TEST_FP_RR_D(26, fadd.d, 0, 0x0000000000000000, 0x3ff0000000000000, 0xbff0000000000000, rmm)
    TEST_FP_RR_D(27, fadd.d, 0, 0x8000000000000000, 0x3ff0000000000000, 0xbff0000000000000, rdn)
    TEST_FP_RR_D_DYN(28, FRM_RDN, fadd.d, 0, 0x8000000000000000,
                     0x3ff0000000000000, 0xbff0000000000000)
    TEST_FP_RR_D(29, fadd.d, 0, 0x8000000000000000, 0x8000000000000000, 0x8000000000000000, rne)
    TEST_FP_RR_D(30, fadd.d, 0, 0x0000000000000000, 0x0000000000000000, 0x8000000000000000, rne)
    TEST_FP_RR_D(31, fadd.d, 0, 0x8000000000000000, 0x0000000000000000, 0x8000000000000000, rdn)
    TEST_FP_RR_D(32, fadd.d, 0, 0x0000000000000001, 0x0000000000000001, 0x8000000000000000, rne)
    /* Infinities and NaNs. */
    TEST_FP_RR_D(33, fadd.d, 0, 0x7ff0000000000000, 0x7ff0000000000000, 0xbff0000000000000, rne)
    TEST_FP_RR_D(34, fadd.d, 0, 0xfff0000000000000, 0xfff0000000000000, 0xfff0000000000000, rne)
    TEST_FP_RR_D(35, fadd.d, FLAG_NV, 0x7ff8000000000000,
                 0xfff0000000000000, 0x7ff0000000000000, rne)
    TEST_FP_RR_D(36, fadd.d, 0, 0x7ff8000000000000, 0x7ff8000000012345, 0x3ff0000000000000, rne)
    TEST_FP_RR_D(37, fadd.d, 0, 0x7ff8000000000000, 0x3ff0000000000000, 0xfff8000000000000, rne)
    TEST_FP_RR_D(38, fadd.d, FLAG_NV, 0x7ff8000000000000,
                 0x7ff0000000000001, 0x3ff0000000000000, rne)
    TEST_FP_RR_D(39, fadd.d, FLAG_NV, 0x7ff8000000000000,
                 0x3ff0000000000000, 0xfff4000000000000, rne)
    TEST_FP_RR_D(40, fadd.d, FLAG_NV, 0x7ff8000000000000,
                 0x7ff8000000000000, 0x7ff0000000000001, rne)
    /* Overflow. */
    TEST_FP_RR_D(42, fadd.d, FLAG_OF|FLAG_NX, 0x7ff0000000000000,
                 0x7fefffffffffffff, 0x7fefffffffffffff, rne)
    TEST_FP_RR_D(43, fadd.d, FLAG_OF|FLAG_NX, 0x7fefffffffffffff,
                 0x7fefffffffffffff, 0x7fefffffffffffff, rtz)
    TEST_FP_RR_D(44, fadd.d, FLAG_OF|FLAG_NX, 0x7fefffffffffffff,
                 0x7fefffffffffffff, 0x7fefffffffffffff, rdn)
    TEST_FP_RR_D(45, fadd.d, FLAG_OF|FLAG_NX, 0x7ff0000000000000,
                 0x7fefffffffffffff, 0x7fefffffffffffff, rup)
    TEST_FP_RR_D(46, fadd.d, FLAG_OF|FLAG_NX, 0x7ff0000000000000,
                 0x7fefffffffffffff, 0x7fefffffffffffff, rmm)
    TEST_FP_RR_D(47, fadd.d, FLAG_OF|FLAG_NX, 0xfff0000000000000,
                 0xffefffffffffffff, 0xffefffffffffffff, rdn)
    TEST_FP_RR_D(48, fadd.d, FLAG_OF|FLAG_NX, 0xffefffffffffffff,
                 0xffefffffffffffff, 0xffefffffffffffff, rup)
    TEST_FP_RR_D_DYN(49, FRM_RTZ, fadd.d, FLAG_OF|FLAG_NX, 0xffefffffffffffff,
                     0xffefffffffffffff, 0xffefffffffffffff)
    TEST_FP_RR_D_DYN(50, FRM_RMM, fadd.d, FLAG_OF|FLAG_NX, 0xfff0000000000000,
                     0xffefffffffffffff, 0xffefffffffffffff)
    /* max + 2^970 is a tie between max (odd) and 2^1024. */
    TEST_FP_RR_D(51, fadd.d, FLAG_OF|FLAG_NX, 0x7ff0000000000000,
                 0x7fefffffffffffff, 0x7c90000000000000, rne)
    TEST_FP_RR_D(52, fadd.d, FLAG_NX, 0x7fefffffffffffff,
                 0x7fefffffffffffff, 0x7c90000000000000, rtz)
    TEST_FP_RR_D(53, fadd.d, FLAG_NX, 0x7fefffffffffffff,
                 0x7fefffffffffffff, 0x3ff0000000000000, rne)
    /* Subnormals. */
    TEST_FP_RR_D(54, fadd.d, 0, 0x0000000000000002, 0x0000000000000001, 0x0000000000000001, rne)
    TEST_FP_RR_D(55, fadd.d, 0, 0x0010000000000000, 0x000fffffffffffff, 0x0000000000000001, rne)
    TEST_FP_RR_D(56, fadd.d, 0, 0x8000000000000001, 0x0010000000000000, 0x8010000000000001, rne)

    /* fsub.d: 1 - 2^-54 is a tie between 1 - 2^-53 (odd) and 1.0 (even). */
    TEST_FP_RR_D(60, fsub.d, 0, 0x4000000000000000, 0x4008000000000000, 0x3ff0000000000000, rne)
    TEST_FP_RR_D(61, fsub.d, FLAG_NX, 0x3ff0000000000000,
                 0x3ff0000000000000, 0x3c90000000000000, rne)
    TEST_FP_RR_D(62, fsub.d, FLAG_NX, 0x3fefffffffffffff,
                 0x3ff0000000000000, 0x3c90000000000000, rtz)
    TEST_FP_RR_D(63, fsub.d, FLAG_NX, 0x3fefffffffffffff,
                 0x3ff0000000000000, 0x3c90000000000000, rdn)
    TEST_FP_RR_D(64, fsub.d, FLAG_NX, 0x3ff0000000000000,
                 0x3ff0000000000000, 0x3c90000000000000, rup)
    TEST_FP_RR_D(65, fsub.d, FLAG_NX, 0x3ff0000000000000,
                 0x3ff0000000000000, 0x3c90000000000000, rmm)
    TEST_FP_RR_D_DYN(66, FRM_RTZ, fsub.d, FLAG_NX, 0x3fefffffffffffff,
                     0x3ff0000000000000, 0x3c90000000000000)
    TEST_FP_RR_D_DYN(67, FRM_RUP, fsub.d, FLAG_NX, 0x3ff0000000000000,
                     0x3ff0000000000000, 0x3c90000000000000)
    TEST_FP_RR_D(68, fsub.d, FLAG_NX, 0xbff0000000000000,
                 0xbff0000000000000, 0x3ca0000000000000, rne)
    TEST_FP_RR_D(69, fsub.d, FLAG_NX, 0xbff0000000000001,
                 0xbff0000000000000, 0x3ca0000000000000, rdn)
    TEST_FP_RR_D(70, fsub.d, FLAG_NX, 0xbff0000000000000,
                 0xbff0000000000000, 0x3ca0000000000000, rup)
    TEST_FP_RR_D(71, fsub.d, FLAG_NX, 0xbff0000000000001,
                 0xbff0000000000000, 0x3ca0000000000000, rmm)
    TEST_FP_RR_D(72, fsub.d, 0, 0x0000000000000000, 0x3ff0000000000000, 0x3ff0000000000000, rne)
    TEST_FP_RR_D(73, fsub.d, 0, 0x8000000000000000, 0x3ff0000000000000, 0x3ff0000000000000, rdn)
    TEST_FP_RR_D(74, fsub.d, 0, 0x8000000000000000, 0x8000000000000000, 0x0000000000000000, rne)
    TEST_FP_RR_D(75, fsub.d, 0, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000, rne)
    TEST_FP_RR_D(76, fsub.d, 0, 0x8000000000000000, 0x0000000000000000, 0x0000000000000000, rdn)
    TEST_FP_RR_D(77, fsub.d, 0, 0x0000000000000000, 0x0000000000000000, 0x8000000000000000, rdn)
    TEST_FP_RR_D(78, fsub.d, FLAG_NV, 0x7ff8000000000000,
                 0x7ff0000000000000, 0x7ff0000000000000, rne)
    TEST_FP_RR_D(79, fsub.d, 0, 0xfff0000000000000, 0xfff0000000000000, 0x7ff0000000000000, rne)
    TEST_FP_RR_D(80, fsub.d, 0, 0xfff0000000000000, 0x3ff0000000000000, 0x7ff0000000000000, rne)
    TEST_FP_RR_D(81, fsub.d, 0, 0x7ff8000000000000, 0xfff8000000000000, 0xfff8000000000000, rne)
    TEST_FP_RR_D(82, fsub.d, FLAG_NV, 0x7ff8000000000000,
                 0x3ff0000000000000, 0x7ff0000000000001, rne)
    TEST_FP_RR_D(83, fsub.d, FLAG_OF|FLAG_NX, 0xfff0000000000000,
                 0xffefffffffffffff, 0x7fefffffffffffff, rne)
    TEST_FP_RR_D(84, fsub.d, FLAG_OF|FLAG_NX, 0xffefffffffffffff,
                 0xffefffffffffffff, 0x7fefffffffffffff, rup)
    TEST_FP_RR_D(85, fsub.d, 0, 0x000fffffffffffff, 0x0010000000000000, 0x0000000000000001, rne)
    TEST_FP_RR_D(86, fsub.d, 0, 0x8000000000000001, 0x0010000000000000, 0x0010000000000001, rne)

    /* fmul.d: (1 + 2^-26)(1 + 2^-27) = 1 + 2^-26 + 2^-27 + 2^-53, a tie with an even lower
     * neighbour. */
    TEST_FP_RR_D(90, fmul.d, 0, 0x4018000000000000, 0x4000000000000000, 0x4008000000000000, rne)
    TEST_FP_RR_D(91, fmul.d, FLAG_NX, 0x3ff0000006000000,
                 0x3ff0000004000000, 0x3ff0000002000000, rne)
    TEST_FP_RR_D(92, fmul.d, FLAG_NX, 0x3ff0000006000000,
                 0x3ff0000004000000, 0x3ff0000002000000, rtz)
    TEST_FP_RR_D(93, fmul.d, FLAG_NX, 0x3ff0000006000000,
                 0x3ff0000004000000, 0x3ff0000002000000, rdn)
    TEST_FP_RR_D(94, fmul.d, FLAG_NX, 0x3ff0000006000001,
                 0x3ff0000004000000, 0x3ff0000002000000, rup)
    TEST_FP_RR_D(95, fmul.d, FLAG_NX, 0x3ff0000006000001,
                 0x3ff0000004000000, 0x3ff0000002000000, rmm)
    TEST_FP_RR_D(96, fmul.d, FLAG_NX, 0xbff0000006000000,
                 0xbff0000004000000, 0x3ff0000002000000, rne)
    TEST_FP_RR_D(97, fmul.d, FLAG_NX, 0xbff0000006000000,
                 0xbff0000004000000, 0x3ff0000002000000, rtz)
    TEST_FP_RR_D(98, fmul.d, FLAG_NX, 0xbff0000006000001,
                 0xbff0000004000000, 0x3ff0000002000000, rdn)
    TEST_FP_RR_D(99, fmul.d, FLAG_NX, 0xbff0000006000000,
                 0xbff0000004000000, 0x3ff0000002000000, rup)
    TEST_FP_RR_D(100, fmul.d, FLAG_NX, 0xbff0000006000001,
                 0xbff0000004000000, 0x3ff0000002000000, rmm)
    TEST_FP_RR_D_DYN(101, FRM_RNE, fmul.d, FLAG_NX, 0xbff0000006000000,
                     0xbff0000004000000, 0x3ff0000002000000)
    TEST_FP_RR_D_DYN(102, FRM_RTZ, fmul.d, FLAG_NX, 0xbff0000006000000,
                     0xbff0000004000000, 0x3ff0000002000000)
    TEST_FP_RR_D_DYN(103, FRM_RDN, fmul.d, FLAG_NX, 0xbff0000006000001,
                     0xbff0000004000000, 0x3ff0000002000000)
    TEST_FP_RR_D_DYN(104, FRM_RUP, fmul.d, FLAG_NX, 0xbff0000006000000,
                     0xbff0000004000000, 0x3ff0000002000000)
    TEST_FP_RR_D_DYN(105, FRM_RMM, fmul.d, FLAG_NX, 0xbff0000006000001,
                     0xbff0000004000000, 0x3ff0000002000000)
    TEST_FP_RR_D(106, fmul.d, 0, 0x8000000000000000, 0x0000000000000000, 0xbff0000000000000, rne)
    TEST_FP_RR_D(107, fmul.d, 0, 0x0000000000000000, 0x8000000000000000, 0x8000000000000000, rne)
    TEST_FP_RR_D(108, fmul.d, 0, 0xfff0000000000000, 0x7ff0000000000000, 0xc000000000000000, rne)
    TEST_FP_RR_D(109, fmul.d, FLAG_NV, 0x7ff8000000000000,
                 0x7ff0000000000000, 0x8000000000000000, rne)
    TEST_FP_RR_D(110, fmul.d, FLAG_NV, 0x7ff8000000000000,
                 0x0000000000000000, 0xfff0000000000000, rne)
    TEST_FP_RR_D(111, fmul.d, 0, 0x7ff8000000000000, 0x7ff8000000000001, 0x0000000000000000, rne)
    TEST_FP_RR_D(112, fmul.d, FLAG_NV, 0x7ff8000000000000,
                 0x7ff0000000000001, 0x0000000000000000, rne)
    /* Overflow: 2^512 * 2^512. */
    TEST_FP_RR_D(113, fmul.d, FLAG_OF|FLAG_NX, 0x7ff0000000000000,
                 0x5ff0000000000000, 0x5ff0000000000000, rne)
    TEST_FP_RR_D(114, fmul.d, FLAG_OF|FLAG_NX, 0x7fefffffffffffff,
                 0x5ff0000000000000, 0x5ff0000000000000, rtz)
    TEST_FP_RR_D(115, fmul.d, FLAG_OF|FLAG_NX, 0x7fefffffffffffff,
                 0x5ff0000000000000, 0x5ff0000000000000, rdn)
    TEST_FP_RR_D(116, fmul.d, FLAG_OF|FLAG_NX, 0x7ff0000000000000,
                 0x5ff0000000000000, 0x5ff0000000000000, rup)
    TEST_FP_RR_D(117, fmul.d, FLAG_OF|FLAG_NX, 0xfff0000000000000,
                 0xdff0000000000000, 0x5ff0000000000000, rdn)
    TEST_FP_RR_D(118, fmul.d, FLAG_OF|FLAG_NX, 0xffefffffffffffff,
                 0xdff0000000000000, 0x5ff0000000000000, rup)
    TEST_FP_RR_D_DYN(119, FRM_RTZ, fmul.d, FLAG_OF|FLAG_NX, 0xffefffffffffffff,
                     0xdff0000000000000, 0x5ff0000000000000)
    TEST_FP_RR_D_DYN(120, FRM_RMM, fmul.d, FLAG_OF|FLAG_NX, 0xfff0000000000000,
                     0xdff0000000000000, 0x5ff0000000000000)
    /* Tiny exact products; min subnormal * 0.5 ties to 0. */
    TEST_FP_RR_D(121, fmul.d, 0, 0x0008000000000000, 0x0010000000000000, 0x3fe0000000000000, rne)
    TEST_FP_RR_D(122, fmul.d, 0, 0x3cc0000000000000, 0x0000000000000001, 0x7fe0000000000000, rne)
    TEST_FP_RR_D(123, fmul.d, FLAG_UF|FLAG_NX, 0x0000000000000000,
                 0x0000000000000001, 0x3fe0000000000000, rne)
    TEST_FP_RR_D(124, fmul.d, FLAG_UF|FLAG_NX, 0x0000000000000000,
                 0x0000000000000001, 0x3fe0000000000000, rtz)
    TEST_FP_RR_D(125, fmul.d, FLAG_UF|FLAG_NX, 0x0000000000000000,
                 0x0000000000000001, 0x3fe0000000000000, rdn)
    TEST_FP_RR_D(126, fmul.d, FLAG_UF|FLAG_NX, 0x0000000000000001,
                 0x0000000000000001, 0x3fe0000000000000, rup)
    TEST_FP_RR_D(127, fmul.d, FLAG_UF|FLAG_NX, 0x0000000000000001,
                 0x0000000000000001, 0x3fe0000000000000, rmm)
    TEST_FP_RR_D(128, fmul.d, FLAG_UF|FLAG_NX, 0x8000000000000000,
                 0x8000000000000001, 0x3fe0000000000000, rne)
    TEST_FP_RR_D(129, fmul.d, FLAG_UF|FLAG_NX, 0x8000000000000001,
                 0x8000000000000001, 0x3fe0000000000000, rdn)
    TEST_FP_RR_D(130, fmul.d, FLAG_UF|FLAG_NX, 0x8000000000000000,
                 0x8000000000000001, 0x3fe0000000000000, rup)
    TEST_FP_RR_D(131, fmul.d, FLAG_UF|FLAG_NX, 0x0000000000000002,
                 0x0000000000000003, 0x3fe0000000000000, rne)
    TEST_FP_RR_D(132, fmul.d, FLAG_UF|FLAG_NX, 0x0000000000000001,
                 0x0000000000000003, 0x3fe0000000000000, rtz)
    /* Tininess after rounding: (2 - 2^-17) * ((2^36 + 2^18 + 1) * 2^-1059) = 2^-1022 - 2^-1076,
     * a tie with an unbounded exponent that RNE, RUP and RMM round to 2^-1022 (not tiny). */
    TEST_FP_RR_D(133, fmul.d, FLAG_NX, 0x0010000000000000,
                 0x3ffffff800000000, 0x0008000200008000, rne)
    TEST_FP_RR_D(134, fmul.d, FLAG_NX, 0x0010000000000000,
                 0x3ffffff800000000, 0x0008000200008000, rup)
    TEST_FP_RR_D(135, fmul.d, FLAG_NX, 0x0010000000000000,
                 0x3ffffff800000000, 0x0008000200008000, rmm)
    TEST_FP_RR_D(136, fmul.d, FLAG_UF|FLAG_NX, 0x000fffffffffffff,
                 0x3ffffff800000000, 0x0008000200008000, rtz)
    TEST_FP_RR_D(137, fmul.d, FLAG_UF|FLAG_NX, 0x000fffffffffffff,
                 0x3ffffff800000000, 0x0008000200008000, rdn)
    TEST_FP_RR_D(138, fmul.d, FLAG_UF|FLAG_NX, 0x0010000000000000,
                 0x0010000000000000, 0x3fefffffffffffff, rne)

    /* fdiv.d: 1/3 rounds down to nearest, 1/10 rounds up to nearest. */
    TEST_FP_RR_D(140, fdiv.d, 0, 0x4000000000000000, 0x4018000000000000, 0x4008000000000000, rne)
    TEST_FP_RR_D(141, fdiv.d, FLAG_NX, 0x3fd5555555555555,
                 0x3ff0000000000000, 0x4008000000000000, rne)
    TEST_FP_RR_D(142, fdiv.d, FLAG_NX, 0x3fd5555555555555,
                 0x3ff0000000000000, 0x4008000000000000, rtz)
    TEST_FP_RR_D(143, fdiv.d, FLAG_NX, 0x3fd5555555555555,
                 0x3ff0000000000000, 0x4008000000000000, rdn)
    TEST_FP_RR_D(144, fdiv.d, FLAG_NX, 0x3fd5555555555556,
                 0x3ff0000000000000, 0x4008000000000000, rup)
    TEST_FP_RR_D(145, fdiv.d, FLAG_NX, 0x3fd5555555555555,
                 0x3ff0000000000000, 0x4008000000000000, rmm)
    TEST_FP_RR_D(146, fdiv.d, FLAG_NX, 0xbfd5555555555555,
                 0xbff0000000000000, 0x4008000000000000, rne)
    TEST_FP_RR_D(147, fdiv.d, FLAG_NX, 0xbfd5555555555555,
                 0xbff0000000000000, 0x4008000000000000, rtz)
    TEST_FP_RR_D(148, fdiv.d, FLAG_NX, 0xbfd5555555555556,
                 0xbff0000000000000, 0x4008000000000000, rdn)
    TEST_FP_RR_D(149, fdiv.d, FLAG_NX, 0xbfd5555555555555,
                 0xbff0000000000000, 0x4008000000000000, rup)
    TEST_FP_RR_D(150, fdiv.d, FLAG_NX, 0xbfd5555555555555,
                 0xbff0000000000000, 0x4008000000000000, rmm)
    TEST_FP_RR_D_DYN(151, FRM_RNE, fdiv.d, FLAG_NX, 0x3fb999999999999a,
                     0x3ff0000000000000, 0x4024000000000000)
    TEST_FP_RR_D_DYN(152, FRM_RTZ, fdiv.d, FLAG_NX, 0x3fb9999999999999,
                     0x3ff0000000000000, 0x4024000000000000)
    TEST_FP_RR_D_DYN(153, FRM_RDN, fdiv.d, FLAG_NX, 0x3fb9999999999999,
                     0x3ff0000000000000, 0x4024000000000000)
    TEST_FP_RR_D_DYN(154, FRM_RUP, fdiv.d, FLAG_NX, 0x3fb999999999999a,
                     0x3ff0000000000000, 0x4024000000000000)
    TEST_FP_RR_D_DYN(155, FRM_RMM, fdiv.d, FLAG_NX, 0x3fb999999999999a,
                     0x3ff0000000000000, 0x4024000000000000)
    TEST_FP_RR_D(156, fdiv.d, FLAG_DZ, 0x7ff0000000000000,
                 0x3ff0000000000000, 0x0000000000000000, rne)
    TEST_FP_RR_D(157, fdiv.d, FLAG_DZ, 0xfff0000000000000,
                 0xbff0000000000000, 0x0000000000000000, rne)
    TEST_FP_RR_D(158, fdiv.d, FLAG_DZ, 0xfff0000000000000,
                 0x3ff0000000000000, 0x8000000000000000, rne)
    TEST_FP_RR_D(159, fdiv.d, FLAG_DZ, 0xfff0000000000000,
                 0x0000000000000001, 0x8000000000000000, rne)
    TEST_FP_RR_D(160, fdiv.d, FLAG_NV, 0x7ff8000000000000,
                 0x0000000000000000, 0x8000000000000000, rne)
    TEST_FP_RR_D(161, fdiv.d, FLAG_NV, 0x7ff8000000000000,
                 0xfff0000000000000, 0x7ff0000000000000, rne)
    TEST_FP_RR_D(162, fdiv.d, 0, 0x7ff0000000000000, 0x7ff0000000000000, 0x0000000000000000, rne)
    TEST_FP_RR_D(163, fdiv.d, 0, 0x8000000000000000, 0x3ff0000000000000, 0xfff0000000000000, rne)
    TEST_FP_RR_D(164, fdiv.d, 0, 0x0000000000000000, 0x0000000000000000, 0x3ff0000000000000, rne)
    TEST_FP_RR_D(165, fdiv.d, 0, 0x7ff8000000000000, 0x7ff8000000000000, 0x0000000000000000, rne)
    TEST_FP_RR_D(166, fdiv.d, FLAG_NV, 0x7ff8000000000000,
                 0x3ff0000000000000, 0xfff0000000000001, rne)
    TEST_FP_RR_D(167, fdiv.d, FLAG_OF|FLAG_NX, 0x7ff0000000000000,
                 0x7fefffffffffffff, 0x3fe0000000000000, rne)
    TEST_FP_RR_D(168, fdiv.d, FLAG_OF|FLAG_NX, 0x7fefffffffffffff,
                 0x7fefffffffffffff, 0x3fe0000000000000, rtz)
    TEST_FP_RR_D(169, fdiv.d, FLAG_OF|FLAG_NX, 0x7ff0000000000000,
                 0x3ff0000000000000, 0x0000000000000001, rne)
    TEST_FP_RR_D(170, fdiv.d, FLAG_UF|FLAG_NX, 0x0005555555555555,
                 0x0010000000000000, 0x4008000000000000, rne)
    TEST_FP_RR_D(171, fdiv.d, FLAG_UF|FLAG_NX, 0x0005555555555556,
                 0x0010000000000000, 0x4008000000000000, rup)
    TEST_FP_RR_D(172, fdiv.d, FLAG_UF|FLAG_NX, 0x0000000000000002,
                 0x0000000000000005, 0x4000000000000000, rne)
    TEST_FP_RR_D(173, fdiv.d, FLAG_UF|FLAG_NX, 0x0000000000000002,
                 0x0000000000000005, 0x4000000000000000, rtz)
    TEST_FP_RR_D(174, fdiv.d, FLAG_UF|FLAG_NX, 0x0000000000000002,
                 0x0000000000000005, 0x4000000000000000, rdn)
    TEST_FP_RR_D(175, fdiv.d, FLAG_UF|FLAG_NX, 0x0000000000000003,
                 0x0000000000000005, 0x4000000000000000, rup)
    TEST_FP_RR_D(176, fdiv.d, FLAG_UF|FLAG_NX, 0x0000000000000003,
                 0x0000000000000005, 0x4000000000000000, rmm)
    TEST_FP_RR_D(177, fdiv.d, FLAG_UF|FLAG_NX, 0x8000000000000003,
                 0x8000000000000005, 0x4000000000000000, rdn)
    TEST_FP_RR_D(178, fdiv.d, FLAG_UF|FLAG_NX, 0x8000000000000002,
                 0x8000000000000005, 0x4000000000000000, rup)
    TEST_FP_RR_D(179, fdiv.d, 0, 0x4008000000000000, 0x0000000000000003, 0x0000000000000001, rne)

    /* fsqrt.d: sqrt(3) rounds down to nearest, sqrt(5) rounds up to nearest. */
    TEST_FP_R_D(180, fsqrt.d, 0, 0x4000000000000000, 0x4010000000000000, rne)
    TEST_FP_R_D(181, fsqrt.d, FLAG_NX, 0x3ffbb67ae8584caa, 0x4008000000000000, rne)
    TEST_FP_R_D(182, fsqrt.d, FLAG_NX, 0x3ffbb67ae8584caa, 0x4008000000000000, rtz)
    TEST_FP_R_D(183, fsqrt.d, FLAG_NX, 0x3ffbb67ae8584caa, 0x4008000000000000, rdn)
    TEST_FP_R_D(184, fsqrt.d, FLAG_NX, 0x3ffbb67ae8584cab, 0x4008000000000000, rup)
    TEST_FP_R_D(185, fsqrt.d, FLAG_NX, 0x3ffbb67ae8584caa, 0x4008000000000000, rmm)
    TEST_FP_R_D_DYN(186, FRM_RNE, fsqrt.d, FLAG_NX, 0x4001e3779b97f4a8, 0x4014000000000000)
    TEST_FP_R_D_DYN(187, FRM_RTZ, fsqrt.d, FLAG_NX, 0x4001e3779b97f4a7, 0x4014000000000000)
    TEST_FP_R_D_DYN(188, FRM_RDN, fsqrt.d, FLAG_NX, 0x4001e3779b97f4a7, 0x4014000000000000)
    TEST_FP_R_D_DYN(189, FRM_RUP, fsqrt.d, FLAG_NX, 0x4001e3779b97f4a8, 0x4014000000000000)
    TEST_FP_R_D_DYN(190, FRM_RMM, fsqrt.d, FLAG_NX, 0x4001e3779b97f4a8, 0x4014000000000000)
    TEST_FP_R_D(191, fsqrt.d, 0, 0x0000000000000000, 0x0000000000000000, rne)
    TEST_FP_R_D(192, fsqrt.d, 0, 0x8000000000000000, 0x8000000000000000, rne)
    TEST_FP_R_D(193, fsqrt.d, 0, 0x7ff0000000000000, 0x7ff0000000000000, rne)
    TEST_FP_R_D(194, fsqrt.d, FLAG_NV, 0x7ff8000000000000, 0xfff0000000000000, rne)
    TEST_FP_R_D(195, fsqrt.d, FLAG_NV, 0x7ff8000000000000, 0xbff0000000000000, rne)
    TEST_FP_R_D(196, fsqrt.d, FLAG_NV, 0x7ff8000000000000, 0x8000000000000001, rne)
    TEST_FP_R_D(197, fsqrt.d, 0, 0x7ff8000000000000, 0xfff8000000000000, rne)
    TEST_FP_R_D(198, fsqrt.d, FLAG_NV, 0x7ff8000000000000, 0x7ff0000000000001, rne)
    /* Square roots of subnormals are normal: 2^-1072 exactly, 2^-1073 inexactly. */
    TEST_FP_R_D(199, fsqrt.d, 0, 0x1e70000000000000, 0x0000000000000004, rne)
    TEST_FP_R_D(200, fsqrt.d, FLAG_NX, 0x1e66a09e667f3bcd, 0x0000000000000002, rne)
    TEST_FP_R_D(201, fsqrt.d, FLAG_NX, 0x5fefffffffffffff, 0x7fefffffffffffff, rne)

    RVTEST_PASS

RVTEST_CODE_END
