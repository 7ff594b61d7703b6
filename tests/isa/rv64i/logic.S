/* xor, or, and, xori, ori, andi on all 64 bits, with the 12-bit immediates sign-extended
 * (so -2048 reaches the upper 52 bits and 2047 does not). Assembled without RVC. */
#include "integer_macros.h"

#define PATTERN_A 0xff00ff00ff00ff00
#define PATTERN_B 0x0f0f0f0f0f0f0f0f

RVTEST_CODE_BEGIN
    .option norvc

    TEST_RR_OP(1, xor, 0xf00ff00ff00ff00f, PATTERN_A, PATTERN_B)
    TEST_RR_OP(2, xor, 0x00ff00ff00ff00ff, PATTERN_A, -1)
    TEST_RR_OP(3, xor, PATTERN_B, 0, PATTERN_B)
    TEST_RR_DEST_IS_SRC1(4, xor, 0xf00ff00ff00ff00f, PATTERN_A, PATTERN_B)
    TEST_RR_DEST_IS_SRC2(5, xor, 0xf00ff00ff00ff00f, PATTERN_A, PATTERN_B)
    TEST_RR_SAME_SRC(6, xor, 0, PATTERN_A)

    TEST_RR_OP(7, or, 0xff0fff0fff0fff0f, PATTERN_A, PATTERN_B)
    TEST_RR_OP(8, or, -1, PATTERN_A, 0x00ff00ff00ff00ff)
    TEST_RR_OP(9, or, PATTERN_A, PATTERN_A, 0)
    TEST_RR_DEST_IS_SRC1(10, or, 0xff0fff0fff0fff0f, PATTERN_A, PATTERN_B)
    TEST_RR_DEST_IS_SRC2(11, or, 0xff0fff0fff0fff0f, PATTERN_A, PATTERN_B)
    TEST_RR_SAME_SRC(12, or, PATTERN_B, PATTERN_B)

    TEST_RR_OP(13, and, 0x0f000f000f000f00, PATTERN_A, PATTERN_B)
    TEST_RR_OP(14, and, PATTERN_A, PATTERN_A, -1)
    TEST_RR_OP(15, and, 0, PATTERN_A, 0x00ff00ff00ff00ff)
    TEST_RR_DEST_IS_SRC1(16, and, 0x0f000f000f000f00, PATTERN_A, PATTERN_B)
    TEST_RR_DEST_IS_SRC2(17, and, 0x0f000f000f000f00, PATTERN_A, PATTERN_B)
    TEST_RR_SAME_SRC(18, and, PATTERN_A, PATTERN_A)

    TEST_IMM_OP(19, xori, 0x00ff00ff00ff00ff, PATTERN_A, -1)
    TEST_IMM_OP(20, xori, 0x00ff00ff00ff07f0, 0x00ff00ff00ff00ff, 0x70f)
    TEST_IMM_OP(21, xori, 0xff00ff00ff00f8ff, 0x00ff00ff00ff00ff, -2048)
    TEST_IMM_OP(22, xori, 0x0f0f0f0f0f0f08f0, PATTERN_B, 2047)
    TEST_IMM_OP(23, xori, PATTERN_B, PATTERN_B, 0)
    TEST_IMM_DEST_IS_SRC(24, xori, 0xfffffffffffffff0, 0xf, -1)

    TEST_IMM_OP(25, ori, 0xfffffffffffff800, 0, -2048)
    TEST_IMM_OP(26, ori, 0xff00ff00ff00fff0, PATTERN_A, 0x0f0)
    TEST_IMM_OP(27, ori, 0x0f0f0f0f0f0f0fff, PATTERN_B, 2047)
    TEST_IMM_OP(28, ori, -1, PATTERN_B, -1)
    TEST_IMM_OP(29, ori, PATTERN_A, PATTERN_A, 0)
    TEST_IMM_DEST_IS_SRC(30, ori, 0xfffffffffffff80f, 0xf, -2048)

    TEST_IMM_OP(31, andi, 0x7ff, -1, 2047)
    TEST_IMM_OP(32, andi, 0x123456000, 0x123456789, -2048)
    TEST_IMM_OP(33, andi, PATTERN_A, PATTERN_A, -1)
    TEST_IMM_OP(34, andi, 0, PATTERN_A, 0)
    TEST_IMM_OP(35, andi, 0x70f, PATTERN_B, 0x70f)
    TEST_IMM_OP(36, andi, 0xff00ff00ff00f800, PATTERN_A, -2048)
    TEST_IMM_DEST_IS_SRC(37, andi, 0x00000000000000f0, 0xfffffffffffffff0, 0xff)

    RVTEST_PASS
RVTEST_CODE_END
