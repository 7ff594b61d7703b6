/* Conditional branches: beq, bne, blt, bge, bltu, bgeu, taken and not taken, forward and
 * backward, with operand pairs that only a signed or only an unsigned comparison orders
 * correctly, pairs that differ only in the upper 32 bits, x0 operands, and the largest forward
 * and backward offsets (bits 2 to 12 of the scrambled B-type immediate). Each case leaves
 * a0 = 1 when taken, 0 when not. Assembled without RVC. */
#include "integer_macros.h"

#define INT64_MIN 0x8000000000000000
#define INT64_MAX 0x7fffffffffffffff

RVTEST_CODE_BEGIN
    .option norvc

    TEST_BRANCH_FORWARD(1, beq, 1, 0, 0)
    TEST_BRANCH_FORWARD(2, beq, 1, -1, -1)
    TEST_BRANCH_FORWARD(3, beq, 0, 0, 1)
    TEST_BRANCH_FORWARD(4, beq, 0, 1, 0)
    TEST_BRANCH_FORWARD(5, beq, 0, INT64_MIN, 0)
    TEST_BRANCH_FORWARD(6, beq, 0, 0x100000005, 5)
    TEST_BRANCH_BACKWARD(7, beq, 1, 0x123456789, 0x123456789)
    TEST_BRANCH_BACKWARD(8, beq, 0, 5, 6)

    TEST_BRANCH_FORWARD(9, bne, 0, 0, 0)
    TEST_BRANCH_FORWARD(10, bne, 0, -1, -1)
    TEST_BRANCH_FORWARD(11, bne, 1, 0, 1)
    TEST_BRANCH_FORWARD(12, bne, 1, 1, 0)
    TEST_BRANCH_FORWARD(13, bne, 1, INT64_MIN, 0)
    TEST_BRANCH_FORWARD(14, bne, 1, 0x100000005, 5)
    TEST_BRANCH_BACKWARD(15, bne, 1, 5, 6)
    TEST_BRANCH_BACKWARD(16, bne, 0, 0x123456789, 0x123456789)

    TEST_BRANCH_FORWARD(17, blt, 1, 0, 1)
    TEST_BRANCH_FORWARD(18, blt, 0, 1, 0)
    TEST_BRANCH_FORWARD(19, blt, 1, -1, 1)
    TEST_BRANCH_FORWARD(20, blt, 0, 1, -1)
    TEST_BRANCH_FORWARD(21, blt, 1, -2, -1)
    TEST_BRANCH_FORWARD(22, blt, 0, -1, -2)
    TEST_BRANCH_FORWARD(23, blt, 0, 5, 5)
    TEST_BRANCH_FORWARD(24, blt, 1, INT64_MIN, INT64_MAX)
    TEST_BRANCH_FORWARD(25, blt, 0, INT64_MAX, INT64_MIN)
    /* Negative as a 32-bit value, positive as a 64-bit one. */
    TEST_BRANCH_FORWARD(26, blt, 0, 0x80000000, 0)
    TEST_BRANCH_BACKWARD(27, blt, 1, -7, 3)
    TEST_BRANCH_BACKWARD(28, blt, 0, 3, -7)

    TEST_BRANCH_FORWARD(29, bge, 0, 0, 1)
    TEST_BRANCH_FORWARD(30, bge, 1, 1, 0)
    TEST_BRANCH_FORWARD(31, bge, 0, -1, 1)
    TEST_BRANCH_FORWARD(32, bge, 1, 1, -1)
    TEST_BRANCH_FORWARD(33, bge, 0, -2, -1)
    TEST_BRANCH_FORWARD(34, bge, 1, -1, -2)
    TEST_BRANCH_FORWARD(35, bge, 1, 5, 5)
    TEST_BRANCH_FORWARD(36, bge, 1, -5, -5)
    TEST_BRANCH_FORWARD(37, bge, 0, INT64_MIN, INT64_MAX)
    TEST_BRANCH_FORWARD(38, bge, 1, INT64_MAX, INT64_MIN)
    TEST_BRANCH_FORWARD(39, bge, 1, 0x80000000, 0)
    TEST_BRANCH_BACKWARD(40, bge, 1, 3, -7)
    TEST_BRANCH_BACKWARD(41, bge, 0, -7, 3)

    TEST_BRANCH_FORWARD(42, bltu, 1, 0, 1)
    TEST_BRANCH_FORWARD(43, bltu, 0, 1, 0)
    TEST_BRANCH_FORWARD(44, bltu, 0, -1, 1)
    TEST_BRANCH_FORWARD(45, bltu, 1, 1, -1)
    TEST_BRANCH_FORWARD(46, bltu, 1, -2, -1)
    TEST_BRANCH_FORWARD(47, bltu, 0, 5, 5)
    TEST_BRANCH_FORWARD(48, bltu, 1, INT64_MAX, INT64_MIN)
    TEST_BRANCH_FORWARD(49, bltu, 0, INT64_MIN, INT64_MAX)
    TEST_BRANCH_FORWARD(50, bltu, 1, 0xffffffff, 0x100000000)
    TEST_BRANCH_BACKWARD(51, bltu, 1, 3, -7)
    TEST_BRANCH_BACKWARD(52, bltu, 0, -7, 3)

    TEST_BRANCH_FORWARD(53, bgeu, 0, 0, 1)
    TEST_BRANCH_FORWARD(54, bgeu, 1, 1, 0)
    TEST_BRANCH_FORWARD(55, bgeu, 1, -1, 1)
    TEST_BRANCH_FORWARD(56, bgeu, 0, 1, -1)
    TEST_BRANCH_FORWARD(57, bgeu, 1, 5, 5)
    TEST_BRANCH_FORWARD(58, bgeu, 1, -1, 0)
    TEST_BRANCH_FORWARD(59, bgeu, 0, INT64_MAX, INT64_MIN)
    TEST_BRANCH_FORWARD(60, bgeu, 1, INT64_MIN, INT64_MAX)
    TEST_BRANCH_FORWARD(61, bgeu, 0, 0xffffffff, 0x100000000)
    TEST_BRANCH_BACKWARD(62, bgeu, 1, -7, 3)
    TEST_BRANCH_BACKWARD(63, bgeu, 0, 3, -7)

    /* x0 as an operand and both operands in one register. */
    TEST_CASE(64, a0, 1, li a1, 5; bltu x0, a1, 1f; li a0, 0; j 2f; 1: li a0, 1; 2:)
    TEST_CASE(65, a0, 0, li a1, 5; bltu a1, x0, 1f; li a0, 0; j 2f; 1: li a0, 1; 2:)
    TEST_CASE(66, a0, 1, li a1, -5; blt a1, x0, 1f; li a0, 0; j 2f; 1: li a0, 1; 2:)
    TEST_CASE(67, a0, 1, beq x0, x0, 1f; li a0, 0; j 2f; 1: li a0, 1; 2:)
    TEST_CASE(68, a0, 0, li a1, -5; blt a1, a1, 1f; li a0, 0; j 2f; 1: li a0, 1; 2:)
    TEST_CASE(69, a0, 1, li a1, -5; bgeu a1, a1, 1f; li a0, 0; j 2f; 1: li a0, 1; 2:)

    /* Largest forward offset with 4-byte instructions: 12 + 0xff0 = 0xffc. */
    TEST_CASE(70, a0, 1,
              li a1, 3; li a2, 3;
              beq a1, a2, 1f; li a0, 0; j 2f;
              .skip 0xff0;
          1:  li a0, 1;
          2:)

    /* Most negative offset: -(8 + 0xff8) = -0x1000. */
    TEST_CASE(71, a0, 1,
              li a1, 3; li a2, 4;
              j 2f;
          1:  li a0, 1; j 3f;
              .skip 0xff8;
          2:  bne a1, a2, 1b; li a0, 0;
          3:)

    /* The same offsets, not taken: execution continues right after the branch. */
    TEST_CASE(72, a0, 0,
              li a1, 3; li a2, 3;
              bltu a1, a2, 1f; li a0, 0; j 2f;
              .skip 0xff0;
          1:  li a0, 1;
          2:)

    TEST_CASE(73, a0, 0,
              li a1, 3; li a2, 4;
              j 2f;
          1:  li a0, 1; j 3f;
              .skip 0xff8;
          2:  bge a1, a2, 1b; li a0, 0;
          3:)

    RVTEST_PASS
RVTEST_CODE_END
