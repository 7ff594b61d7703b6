/* add, sub, addi and their W forms addw, subw, addiw: 64-bit wrap-around, no truncation of
 * 64-bit results to 32 bits, and for the W forms use of the low 32 bits of the operands only
 * with the 32-bit result sign-extended from bit 31. Immediates at 2047 and -2048.
 * Assembled without RVC. */
#include "integer_macros.h"

#define INT64_MIN 0x8000000000000000
#define INT64_MAX 0x7fffffffffffffff

RVTEST_CODE_BEGIN
    .option norvc

    TEST_RR_OP(1, add, 0, 0, 0)
    TEST_RR_OP(2, add, 2, 1, 1)
    TEST_RR_OP(3, add, 10, 3, 7)
    TEST_RR_OP(4, add, 0, -1, 1)
    TEST_RR_OP(5, add, -2, -1, -1)
    TEST_RR_OP(6, add, INT64_MIN, INT64_MAX, 1)
    TEST_RR_OP(7, add, 0, INT64_MIN, INT64_MIN)
    TEST_RR_OP(8, add, 0x100000000, 0xffffffff, 1)
    TEST_RR_OP(9, add, 0x80000000, 0x7fffffff, 1)
    TEST_RR_OP(10, add, 0x1111111111111110, 0x0123456789abcdef, 0x0fedcba987654321)
    TEST_RR_DEST_IS_SRC1(11, add, 24, 13, 11)
    TEST_RR_DEST_IS_SRC2(12, add, 25, 14, 11)
    TEST_RR_SAME_SRC(13, add, 26, 13)

    TEST_RR_OP(14, sub, 0, 0, 0)
    TEST_RR_OP(15, sub, 0, 1, 1)
    TEST_RR_OP(16, sub, -4, 3, 7)
    TEST_RR_OP(17, sub, -1, 0, 1)
    TEST_RR_OP(18, sub, INT64_MAX, INT64_MIN, 1)
    TEST_RR_OP(19, sub, INT64_MIN, 0, INT64_MIN)
    TEST_RR_OP(20, sub, 0xffffffff, 0x100000000, 1)
    TEST_RR_OP(21, sub, 0xffffffff00000001, 0xffffffff, 0x1fffffffe)
    TEST_RR_DEST_IS_SRC1(22, sub, 2, 13, 11)
    TEST_RR_DEST_IS_SRC2(23, sub, 3, 14, 11)
    TEST_RR_SAME_SRC(24, sub, 0, 13)

    TEST_IMM_OP(25, addi, 0, 0, 0)
    TEST_IMM_OP(26, addi, 2, 1, 1)
    TEST_IMM_OP(27, addi, 0, -1, 1)
    TEST_IMM_OP(28, addi, INT64_MIN, INT64_MAX, 1)
    TEST_IMM_OP(29, addi, INT64_MAX, INT64_MIN, -1)
    TEST_IMM_OP(30, addi, 2047, 0, 2047)
    TEST_IMM_OP(31, addi, -2048, 0, -2048)
    TEST_IMM_OP(32, addi, 0x80000000, 0x7fffffff, 1)
    TEST_IMM_OP(33, addi, 0x100000000, 0xffffffff, 1)
    TEST_IMM_OP(34, addi, 0xfffffffffffff801, 0xffffffffffffffff, -2046)
    TEST_IMM_OP(35, addi, 0x1000007fe, 0xffffffff, 2047)
    TEST_IMM_DEST_IS_SRC(36, addi, 0x12345, 0x12340, 5)

    TEST_RR_OP(37, addw, 0xffffffff80000000, 0x7fffffff, 1)
    TEST_RR_OP(38, addw, 0, 0xffffffff, 1)
    TEST_RR_OP(39, addw, 0, 0x80000000, 0x80000000)
    TEST_RR_OP(40, addw, -2, -1, -1)
    TEST_RR_OP(41, addw, 3, 0x1234567800000001, 0xabcdef0000000002)
    TEST_RR_OP(42, addw, 0x7fffffff, 0x7fffffff, 0)
    TEST_RR_OP(43, addw, 0xffffffff80000000, 0x80000000, 0)
    TEST_RR_OP(44, addw, 0xffffffff9abcdef0, 0x123456789abcdef0, 0xfedcba9800000000)
    TEST_RR_DEST_IS_SRC1(45, addw, 0xfffffffffffffffe, 0x0000000100000001, 0x00000000fffffffd)
    TEST_RR_DEST_IS_SRC2(46, addw, 0x7fffffff, 0xffffffff80000000, 0xffffffff)
    TEST_RR_SAME_SRC(47, addw, 0xffffffff80000000, 0x40000000)

    TEST_RR_OP(48, subw, -1, 0, 1)
    TEST_RR_OP(49, subw, 0x7fffffff, 0x80000000, 1)
    TEST_RR_OP(50, subw, 0xffffffff80000000, 0, 0x80000000)
    TEST_RR_OP(51, subw, 0, 0x100000000, 0)
    TEST_RR_OP(52, subw, 2, 0xffffffff00000005, 0x1234567800000003)
    TEST_RR_OP(53, subw, 0xffffffff80000000, 0x7fffffff, -1)
    TEST_RR_OP(54, subw, 0x7fffffff, 0xffffffff, 0x80000000)
    TEST_RR_DEST_IS_SRC1(55, subw, 0xfffffffffffffffe, 0x1, 0x3)
    TEST_RR_DEST_IS_SRC2(56, subw, 0xffffffffc0000000, 0x40000000, 0x80000000)
    TEST_RR_SAME_SRC(57, subw, 0, 0x123456789abcdef0)

    TEST_IMM_OP(58, addiw, 0xffffffff80000000, 0x7fffffff, 1)
    TEST_IMM_OP(59, addiw, 0, 0xffffffff, 1)
    TEST_IMM_OP(60, addiw, 0xffffffff9abcdef0, 0x123456789abcdef0, 0)
    TEST_IMM_OP(61, addiw, 0x7fffffff, 0x80000000, -1)
    TEST_IMM_OP(62, addiw, -1, 0x100000000, -1)
    TEST_IMM_OP(63, addiw, 2047, 0xffffffff00000000, 2047)
    TEST_IMM_OP(64, addiw, -2048, 0x7fffffff00000000, -2048)
    TEST_IMM_OP(65, addiw, 0xffffffff800007fe, 0x7fffffff, 2047)
    TEST_IMM_OP(66, addiw, 0x7ffff800, 0x80000000, -2048)
    TEST_IMM_DEST_IS_SRC(67, addiw, 0xffffffff80000004, 0x80000005, -1)

    RVTEST_PASS
RVTEST_CODE_END
