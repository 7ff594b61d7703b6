/* JAL: rd receives the address of the next instruction, the offset is relative to the jal
 * itself. Each case leaves a0 = 0 only when the jump reached its target and the link value is
 * right; falling through gives 98, a missing target executes zero bytes and traps.
 * Case 6 uses offsets 0x55554 and -0x55560, which set bits 4 to 20 of the scrambled J-type
 * immediate both ways (the short jumps cover bits 2 and 3; bit 1 needs 2-byte-aligned code,
 * see rv64c/alignment.S).
 * Assembled without RVC. */
#include "integer_macros.h"

RVTEST_CODE_BEGIN
    .option norvc

    TEST_CASE(1, a0, 0,
              li a0, 99;
              jal ra, 3f;
          2:  li a0, 98; j 4f;
          3:  la a1, 2b; sub a0, ra, a1;
          4:)

    /* Link into a register other than ra. */
    TEST_CASE(2, a0, 0,
              li a0, 99;
              jal t0, 3f;
          2:  li a0, 98; j 4f;
          3:  la a1, 2b; sub a0, t0, a1;
          4:)

    TEST_CASE(3, a0, 0,
              li a0, 99;
              jal t4, 3f;
          2:  li a0, 98; j 4f;
          3:  la a1, 2b; sub a0, t4, a1;
          4:)

    /* rd = x0: a plain jump, nothing linked. */
    TEST_CASE(4, a0, 1,
              li a0, 0;
              jal x0, 3f;
              li a0, 98;
          3:  addi a0, a0, 1)

    /* Backward jump. */
    TEST_CASE(5, a0, 0,
              li a0, 99;
              j 2f;
          1:  la a1, 3f; sub a0, ra, a1; j 4f;
          2:  jal ra, 1b;
          3:  li a0, 98;
          4:)

    /* Far jumps across one gap: forward by 32 + 0x55534 = 0x55554, then back by
     * -(0x55554 + 20 - 8) = -0x55560. a0 counts the two arrivals with the right link. */
    TEST_CASE(6, a0, 2,
              li a0, 0;
              jal ra, 3f;
          2:  j 5f;
          1:  la a1, 4f; sub a1, ra, a1; seqz a1, a1; add a0, a0, a1; j 5f;
              .skip 0x55534;
          3:  la a1, 2b; sub a1, ra, a1; seqz a1, a1; add a0, a0, a1;
              jal ra, 1b;
          4:
          5:)

    /* A call and a return through the link register. */
    TEST_CASE(7, a0, 7,
              li a0, 0;
              j 2f;
          1:  addi a0, a0, 3; ret;
          2:  jal ra, 1b;
              addi a0, a0, 4)

    RVTEST_PASS
RVTEST_CODE_END
