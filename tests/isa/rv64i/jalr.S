/* JALR: target = (rs1 + sign-extended offset) with bit 0 cleared, rd = address of the next
 * instruction, and rs1 is read before rd is written. Each case leaves a0 = 0 only when the
 * jump reached label 3 with the right link value; falling through gives 98. An uncleared bit 0
 * would be a misaligned target and trap (exit 255). Assembled without RVC. */
#include "integer_macros.h"

RVTEST_CODE_BEGIN
    .option norvc

    TEST_CASE(1, a0, 0,
              li a0, 99; la t0, 3f;
              jalr ra, 0(t0);
          2:  li a0, 98; j 4f;
          3:  la a1, 2b; sub a0, ra, a1;
          4:)

    /* Largest positive offset. */
    TEST_CASE(2, a0, 0,
              li a0, 99; la t0, 3f - 2047;
              jalr ra, 2047(t0);
          2:  li a0, 98; j 4f;
          3:  la a1, 2b; sub a0, ra, a1;
          4:)

    /* Most negative offset. */
    TEST_CASE(3, a0, 0,
              li a0, 99; la t0, 3f + 2048;
              jalr ra, -2048(t0);
          2:  li a0, 98; j 4f;
          3:  la a1, 2b; sub a0, ra, a1;
          4:)

    /* Bit 0 of rs1 is cleared. */
    TEST_CASE(4, a0, 0,
              li a0, 99; la t0, 3f + 1;
              jalr ra, 0(t0);
          2:  li a0, 98; j 4f;
          3:  la a1, 2b; sub a0, ra, a1;
          4:)

    /* Bit 0 comes from the offset. */
    TEST_CASE(5, a0, 0,
              li a0, 99; la t0, 3f;
              jalr ra, 1(t0);
          2:  li a0, 98; j 4f;
          3:  la a1, 2b; sub a0, ra, a1;
          4:)

    /* Bit 0 is cleared after the addition: (target + 2) - 1 = target + 1 -> target. */
    TEST_CASE(6, a0, 0,
              li a0, 99; la t0, 3f + 2;
              jalr ra, -1(t0);
          2:  li a0, 98; j 4f;
          3:  la a1, 2b; sub a0, ra, a1;
          4:)

    /* rd = rs1: the target uses the old value, the link overwrites it. */
    TEST_CASE(7, a0, 0,
              li a0, 99; la ra, 3f;
              jalr ra, 0(ra);
          2:  li a0, 98; j 4f;
          3:  la a1, 2b; sub a0, ra, a1;
          4:)

    TEST_CASE(8, a0, 0,
              li a0, 99; la t4, 3f - 8;
              jalr t4, 8(t4);
          2:  li a0, 98; j 4f;
          3:  la a1, 2b; sub a0, t4, a1;
          4:)

    /* Link into a register other than ra. */
    TEST_CASE(9, a0, 0,
              li a0, 99; la t1, 3f;
              jalr t0, 0(t1);
          2:  li a0, 98; j 4f;
          3:  la a1, 2b; sub a0, t0, a1;
          4:)

    /* rd = x0: a plain indirect jump. */
    TEST_CASE(10, a0, 1,
              li a0, 0; la t0, 3f;
              jalr x0, 0(t0);
              li a0, 98;
          3:  addi a0, a0, 1)

    /* Backward target. */
    TEST_CASE(11, a0, 0,
              li a0, 99;
              j 2f;
          1:  la a1, 3f; sub a0, ra, a1; j 4f;
          2:  la t0, 1b;
              jalr ra, 0(t0);
          3:  li a0, 98;
          4:)

    /* A call with jal and the return through jalr x0, 0(ra). */
    TEST_CASE(12, a0, 7,
              li a0, 0;
              j 2f;
          1:  addi a0, a0, 3; jalr x0, 0(ra);
          2:  jal ra, 1b;
              addi a0, a0, 4)

    RVTEST_PASS
RVTEST_CODE_END
