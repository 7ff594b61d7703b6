/* Compressed control transfer: c.j, c.beqz, c.bnez, c.jr, c.jalr. Jump and branch offsets set
 * the bits of the scrambled immediates in alternating groups and at the range ends (c.j
 * -2048..2046, c.beqz/c.bnez -256..254); zero padding between a jump and its target traps if
 * a wrong offset lands in it. c.jr and c.jalr clear bit 0 of the target, c.jalr links pc + 2
 * and reads rs1 before writing ra. The file is assembled with relaxation off so that the
 * padding arithmetic is exact. The c.beqz/c.bnez cases come first: GAS sizes a forward branch
 * conservatively once earlier beq/bne to test_fail have grown into long branches, and would
 * then widen a c.beqz whose target is exactly 254 bytes ahead into a 4-byte beq. */
#include "integer_macros.h"

    .option norelax

#define UNCOMPRESSED(instructions...) .option push; .option norvc; instructions; .option pop

/* a0 = 2 when the forward jump lands on its target `offset` bytes ahead. */
#define TEST_CJ_FORWARD(number, offset)                  \
    TEST_CASE(number, a0, 2,                             \
              c.li a0, 0;                                \
              c.j 1f;                                    \
              .fill (offset) - 2, 1, 0;                        \
          1:  c.li a0, 2)

/* The same backwards: c.j sits `offset` bytes after its target (offset >= 6). */
#define TEST_CJ_BACKWARD(number, offset)                 \
    TEST_CASE(number, a0, 2,                             \
              c.li a0, 0;                                \
              UNCOMPRESSED(j 2f);                        \
          1:  c.li a0, 2;                                \
              UNCOMPRESSED(j 3f);                        \
              .fill (offset) - 6, 1, 0;                        \
          2:  c.j 1b;                                    \
              c.li a0, 1;                                \
          3:)

/* a0 = 2 when `branch reg` is taken to a target `offset` bytes ahead (offset >= 6), 1 if not. */
#define TEST_CBRANCH_FORWARD(number, branch, reg, value, expected, offset) \
    TEST_CASE(number, a0, expected,                                        \
              li reg, value; c.li a0, 0;                                   \
              branch reg, 1f;                                              \
              c.li a0, 1;                                                  \
              c.j 2f;                                                      \
              .fill (offset) - 6, 1, 0;                                          \
          1:  c.li a0, 2;                                                  \
          2:)

/* Backwards: the branch sits `offset` bytes after its target (offset >= 4). */
#define TEST_CBRANCH_BACKWARD(number, branch, reg, value, expected, offset) \
    TEST_CASE(number, a0, expected,                                         \
              li reg, value; c.li a0, 0;                                    \
              c.j 2f;                                                       \
          1:  c.li a0, 2;                                                   \
              c.j 3f;                                                       \
              .fill (offset) - 4, 1, 0;                                           \
          2:  branch reg, 1b;                                               \
              c.li a0, 1;                                                   \
          3:)

RVTEST_CODE_BEGIN

    TEST_CBRANCH_FORWARD(1, c.beqz, s0, 0, 2, 6)
    TEST_CBRANCH_FORWARD(2, c.beqz, a5, 0, 2, 0x54)
    TEST_CBRANCH_FORWARD(3, c.beqz, s1, 0, 2, 0xaa)
    TEST_CBRANCH_FORWARD(4, c.beqz, a2, 0, 2, 0xfe)
    TEST_CBRANCH_FORWARD(5, c.beqz, s0, 1, 1, 0xfe)
    TEST_CBRANCH_FORWARD(6, c.beqz, a5, 0x100000000, 1, 0x54)
    TEST_CBRANCH_FORWARD(7, c.beqz, s1, 0x8000000000000000, 1, 6)
    TEST_CBRANCH_BACKWARD(8, c.beqz, s0, 0, 2, 4)
    TEST_CBRANCH_BACKWARD(9, c.beqz, a5, 0, 2, 0x56)
    TEST_CBRANCH_BACKWARD(10, c.beqz, s1, 0, 2, 0xac)
    TEST_CBRANCH_BACKWARD(11, c.beqz, a2, 0, 2, 0x100)
    TEST_CBRANCH_BACKWARD(12, c.beqz, a5, -1, 1, 0x100)

    TEST_CBRANCH_FORWARD(13, c.bnez, s0, 1, 2, 6)
    TEST_CBRANCH_FORWARD(14, c.bnez, a5, -1, 2, 0x54)
    TEST_CBRANCH_FORWARD(15, c.bnez, s1, 0x100000000, 2, 0xaa)
    TEST_CBRANCH_FORWARD(16, c.bnez, a2, 0x8000000000000000, 2, 0xfe)
    TEST_CBRANCH_FORWARD(17, c.bnez, s0, 0, 1, 0xfe)
    TEST_CBRANCH_FORWARD(18, c.bnez, a5, 0, 1, 6)
    TEST_CBRANCH_BACKWARD(19, c.bnez, s0, 5, 2, 4)
    TEST_CBRANCH_BACKWARD(20, c.bnez, a5, 5, 2, 0x56)
    TEST_CBRANCH_BACKWARD(21, c.bnez, s1, 5, 2, 0xac)
    TEST_CBRANCH_BACKWARD(22, c.bnez, a2, 5, 2, 0x100)
    TEST_CBRANCH_BACKWARD(23, c.bnez, s0, 0, 1, 0x100)

    TEST_CJ_FORWARD(24, 2)
    TEST_CJ_FORWARD(25, 0x2aa)
    TEST_CJ_FORWARD(26, 0x554)
    TEST_CJ_FORWARD(27, 0x7fe)
    TEST_CJ_BACKWARD(28, 6)
    TEST_CJ_BACKWARD(29, 0x2ac)
    TEST_CJ_BACKWARD(30, 0x556)
    TEST_CJ_BACKWARD(31, 0x800)

    /* c.jr: falling through adds 1. */
    TEST_CASE(32, a0, 2, c.li a0, 0; la s11, 1f; c.jr s11; c.li a0, 1; 1: c.addi a0, 2)
    TEST_CASE(33, a0, 2, c.li a0, 0; la t4, 1f + 1; c.jr t4; c.li a0, 1; 1: c.addi a0, 2)
    TEST_CASE(34, a0, 2, c.li a0, 0; la a5, 1f; c.jr a5; c.li a0, 1; 1: c.addi a0, 2)
    TEST_CASE(35, a0, 2, c.li a0, 0; la tp, 1f; c.jr tp; c.li a0, 1; 1: c.addi a0, 2)
    /* Return from a call with c.jr ra. */
    TEST_CASE(36, a0, 7,
              c.li a0, 0;
              c.j 2f;
          1:  c.addi a0, 3; c.jr ra;
          2:  jal ra, 1b;
              c.addi a0, 4)
    /* Backward target. */
    TEST_CASE(37, a0, 2,
              c.li a0, 0;
              c.j 2f;
          1:  c.li a0, 2; c.j 3f;
          2:  la s11, 1b; c.jr s11;
              c.li a0, 1;
          3:)

    /* c.jalr: a0 = 0 when the target was reached and ra = address of the c.jalr + 2. */
    TEST_CASE(38, a0, 0,
              li a0, 99; la t4, 3f;
          1:  c.jalr t4;
              li a0, 98; j 4f;
          3:  la a1, 1b; addi a1, a1, 2; sub a0, ra, a1;
          4:)
    /* rs1 = ra: the target is the old ra. */
    TEST_CASE(39, a0, 0,
              li a0, 99; la ra, 3f;
          1:  c.jalr ra;
              li a0, 98; j 4f;
          3:  la a1, 1b; addi a1, a1, 2; sub a0, ra, a1;
          4:)
    /* Bit 0 of the target is cleared. */
    TEST_CASE(40, a0, 0,
              li a0, 99; la a5, 3f + 1;
          1:  c.jalr a5;
              li a0, 98; j 4f;
          3:  la a1, 1b; addi a1, a1, 2; sub a0, ra, a1;
          4:)
    /* c.jalr at an address that is 2 modulo 4, linking to a 4-byte-aligned address. */
    TEST_CASE(41, a0, 0,
              li a0, 99; la s11, 3f;
              .balign 4; c.nop;
          1:  c.jalr s11;
              li a0, 98; j 4f;
          3:  la a1, 1b; addi a1, a1, 2; sub a0, ra, a1;
          4:)
    /* Backward target. */
    TEST_CASE(42, a0, 0,
              li a0, 99;
              c.j 2f;
          3:  la a1, 1f; addi a1, a1, 2; sub a0, ra, a1; c.j 4f;
          2:  la tp, 3b;
          1:  c.jalr tp;
              li a0, 98;
          4:)

    RVTEST_PASS
RVTEST_CODE_END
