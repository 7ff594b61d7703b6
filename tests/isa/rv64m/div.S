/* div, divu, divw, divuw: quotients rounded toward zero for every sign combination, division
 * by zero (all ones), signed overflow (INT_MIN / -1 = INT_MIN) at 64 and 32 bits, W forms
 * that read only the low 32 bits (a divisor of 1 << 32 is zero) and sign-extend the 32-bit
 * quotient, including divuw results with bit 31 set. */
#include "integer_macros.h"

RVTEST_CODE_BEGIN
    .option norvc

    TEST_RR_OP(1, div, 3, 20, 6)
    TEST_RR_OP(2, div, -3, -20, 6)
    TEST_RR_OP(3, div, -3, 20, -6)
    TEST_RR_OP(4, div, 3, -20, -6)
    TEST_RR_OP(5, div, 0, 0, 5)
    TEST_RR_OP(6, div, 0, 1, 2)
    TEST_RR_OP(7, div, 0, -1, 2)
    TEST_RR_OP(8, div, -1, 5, 0)
    TEST_RR_OP(9, div, -1, -5, 0)
    TEST_RR_OP(10, div, -1, 0, 0)
    TEST_RR_OP(11, div, 0x8000000000000000, 0x8000000000000000, -1)
    TEST_RR_OP(12, div, 0x8000000000000000, 0x8000000000000000, 1)
    TEST_RR_OP(13, div, 0xc000000000000000, 0x8000000000000000, 2)
    TEST_RR_OP(14, div, 0x8000000000000001, 0x7fffffffffffffff, -1)
    TEST_RR_OP(15, div, 1, 0x123456789abcdef0, 0x0f1e2d3c4b5a6978)
    TEST_RR_OP(16, div, 0xffffefffb3fe96fa, 0xfedcba9876543210, 0x1234)
    TEST_RR_DEST_IS_SRC1(17, div, 0, 0xfedcba9876543210, 0x0f1e2d3c4b5a6978)
    TEST_RR_DEST_IS_SRC2(18, div, 0x00299c335ccf6690, 0xfedcba9876543210, -7)
    TEST_RR_SAME_SRC(19, div, 1, 0xa5a5a5a55a5a5a5a)

    TEST_RR_OP(20, divu, 3, 20, 6)
    TEST_RR_OP(21, divu, 0x2aaaaaaaaaaaaaa7, -20, 6)
    TEST_RR_OP(22, divu, 0, 20, -6)
    TEST_RR_OP(23, divu, -1, 5, 0)
    TEST_RR_OP(24, divu, -1, 0, 0)
    TEST_RR_OP(25, divu, 0, 0x8000000000000000, -1)
    TEST_RR_OP(26, divu, -1, -1, 1)
    TEST_RR_OP(27, divu, 1, -1, -1)
    TEST_RR_OP(28, divu, 0x4000000000000000, 0x8000000000000000, 2)
    TEST_RR_OP(29, divu, 14, 0xfedcba9876543210, 0x123456789abcdef0)
    TEST_RR_OP(30, divu, 0x00091994a2e74c61, 0xa5a5a5a55a5a5a5a, 0x1234)
    TEST_RR_DEST_IS_SRC1(31, divu, 16, 0xfedcba9876543210, 0x0f1e2d3c4b5a6978)
    TEST_RR_DEST_IS_SRC2(32, divu, 0x2468acf13579be02, 0xfedcba9876543210, 7)
    TEST_RR_SAME_SRC(33, divu, 1, 0xa5a5a5a55a5a5a5a)

    TEST_RR_OP(34, divw, 3, 20, 6)
    TEST_RR_OP(35, divw, -3, -20, 6)
    TEST_RR_OP(36, divw, -3, 20, -6)
    TEST_RR_OP(37, divw, 3, -20, -6)
    TEST_RR_OP(38, divw, -1, 5, 0)
    TEST_RR_OP(39, divw, -1, 5, 0x0000000100000000)
    TEST_RR_OP(40, divw, 0xffffffff80000000, 0x0000000080000000, -1)
    TEST_RR_OP(41, divw, 0xffffffff80000000, 0x0000000080000000, 1)
    TEST_RR_OP(42, divw, 0xffffffff80000001, 0x000000007fffffff, -1)
    TEST_RR_OP(43, divw, 0, 0x00000000ffffffff, 2)
    TEST_RR_OP(44, divw, 3, 0x1234567800000014, 0xabcd000000000006)
    TEST_RR_OP(45, divw, -4, 0x00000001fffffff0, 4)
    TEST_RR_OP(46, divw, 1, 0xfedcba9876543210, 0x0f1e2d3c4b5a6978)
    TEST_RR_DEST_IS_SRC1(47, divw, 1, 0xfedcba9876543210, 0x0f1e2d3c4b5a6978)
    TEST_RR_DEST_IS_SRC2(48, divw, 0xfffffffff317a9f4, 0xa5a5a5a55a5a5a5a, -7)
    TEST_RR_SAME_SRC(49, divw, 1, 0x0000000080000000)

    TEST_RR_OP(50, divuw, 3, 20, 6)
    TEST_RR_OP(51, divuw, 0x000000002aaaaaa7, -20, 6)
    TEST_RR_OP(52, divuw, -1, 5, 0)
    TEST_RR_OP(53, divuw, -1, 5, 0x0000000100000000)
    TEST_RR_OP(54, divuw, -1, 0x00000000ffffffff, 1)
    TEST_RR_OP(55, divuw, 0xffffffff80000000, 0x0000000080000000, 1)
    TEST_RR_OP(56, divuw, 0x0000000040000000, 0x0000000080000000, 2)
    TEST_RR_OP(57, divuw, 0x000000000fffffff, 0x00000000ffffffff, 16)
    TEST_RR_OP(58, divuw, 3, 0xfffffffe00000014, 6)
    TEST_RR_OP(59, divuw, 0, 0x0000000080000000, -1)
    TEST_RR_OP(60, divuw, 1, 0xfedcba9876543210, 0x0f1e2d3c4b5a6978)
    TEST_RR_DEST_IS_SRC1(61, divuw, 1, 0xfedcba9876543210, 0x0f1e2d3c4b5a6978)
    TEST_RR_DEST_IS_SRC2(62, divuw, 0x000000000ce8560c, 0xa5a5a5a55a5a5a5a, 7)
    TEST_RR_SAME_SRC(63, divuw, 1, 0x0000000080000000)

    RVTEST_PASS
RVTEST_CODE_END
