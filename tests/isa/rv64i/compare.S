/* slt, sltu, slti, sltiu: signed against unsigned ordering of the same bit patterns, full
 * 64-bit comparison (values that only differ above bit 31, or look negative in 32 bits), and
 * immediates that are sign-extended before an unsigned comparison (sltiu rd, rs, -1 is
 * "rs != all ones"). Assembled without RVC. */
#include "integer_macros.h"

#define INT64_MIN 0x8000000000000000
#define INT64_MAX 0x7fffffffffffffff

RVTEST_CODE_BEGIN
    .option norvc

    TEST_RR_OP(1, slt, 0, 0, 0)
    TEST_RR_OP(2, slt, 1, 0, 1)
    TEST_RR_OP(3, slt, 0, 1, 0)
    TEST_RR_OP(4, slt, 1, -1, 0)
    TEST_RR_OP(5, slt, 0, 0, -1)
    TEST_RR_OP(6, slt, 1, -2, -1)
    TEST_RR_OP(7, slt, 0, -1, -2)
    TEST_RR_OP(8, slt, 1, INT64_MIN, INT64_MAX)
    TEST_RR_OP(9, slt, 0, INT64_MAX, INT64_MIN)
    TEST_RR_OP(10, slt, 0, 0x80000000, 0)
    TEST_RR_OP(11, slt, 1, 0xffffffff, 0x100000000)
    TEST_RR_DEST_IS_SRC1(12, slt, 1, -5, 3)
    TEST_RR_DEST_IS_SRC2(13, slt, 0, 3, -5)
    TEST_RR_SAME_SRC(14, slt, 0, -5)

    TEST_RR_OP(15, sltu, 0, 0, 0)
    TEST_RR_OP(16, sltu, 1, 0, 1)
    TEST_RR_OP(17, sltu, 0, 1, 0)
    TEST_RR_OP(18, sltu, 0, -1, 0)
    TEST_RR_OP(19, sltu, 1, 0, -1)
    TEST_RR_OP(20, sltu, 1, -2, -1)
    TEST_RR_OP(21, sltu, 1, INT64_MAX, INT64_MIN)
    TEST_RR_OP(22, sltu, 0, INT64_MIN, INT64_MAX)
    TEST_RR_OP(23, sltu, 1, 0xffffffff, 0x100000000)
    TEST_RR_OP(24, sltu, 0, 0x100000000, 0xffffffff)
    TEST_RR_DEST_IS_SRC1(25, sltu, 0, -5, 3)
    TEST_RR_DEST_IS_SRC2(26, sltu, 1, 3, -5)
    TEST_RR_SAME_SRC(27, sltu, 0, -5)
    /* snez */
    TEST_CASE(28, a0, 1, li a1, 0x100000000; sltu a0, x0, a1)
    TEST_CASE(29, a0, 0, sltu a0, x0, x0)

    TEST_IMM_OP(30, slti, 1, -1, 0)
    TEST_IMM_OP(31, slti, 0, 0, -1)
    TEST_IMM_OP(32, slti, 1, 2046, 2047)
    TEST_IMM_OP(33, slti, 0, 2047, 2047)
    TEST_IMM_OP(34, slti, 1, INT64_MIN, -2048)
    TEST_IMM_OP(35, slti, 0, -2048, -2048)
    TEST_IMM_OP(36, slti, 1, -2049, -2048)
    TEST_IMM_OP(37, slti, 0, INT64_MAX, 2047)
    TEST_IMM_OP(38, slti, 0, 0x80000000, 0)
    TEST_IMM_OP(39, slti, 1, 0xffffffff00000000, 5)
    TEST_IMM_DEST_IS_SRC(40, slti, 1, -100, -99)

    TEST_IMM_OP(41, sltiu, 1, 0xfffffffffffffffe, -1)
    TEST_IMM_OP(42, sltiu, 0, -1, -1)
    TEST_IMM_OP(43, sltiu, 1, 0, 1)
    TEST_IMM_OP(44, sltiu, 0, 5, 1)
    TEST_IMM_OP(45, sltiu, 1, 2046, 2047)
    TEST_IMM_OP(46, sltiu, 0, 2047, 2047)
    TEST_IMM_OP(47, sltiu, 1, 2048, -2048)
    TEST_IMM_OP(48, sltiu, 0, 0xfffffffffffff800, -2048)
    TEST_IMM_OP(49, sltiu, 1, INT64_MAX, -2048)
    TEST_IMM_OP(50, sltiu, 0, 0, 0)
    TEST_IMM_OP(51, sltiu, 0, 0x100000000, 2047)
    TEST_IMM_DEST_IS_SRC(52, sltiu, 1, 0xffffffff, -1)

    RVTEST_PASS
RVTEST_CODE_END
