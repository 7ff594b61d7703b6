/* 32-bit instructions at addresses that are 2 modulo 4, which only the C extension allows:
 * in straight-line code, in a loop, as targets of jal (offset bit 1 set), branches, jalr,
 * c.j and c.jr, and straddling a 4 KiB page boundary, reached by falling through from the
 * previous page and by a jump. `.balign 4; c.nop` puts the next instruction at 2 modulo 4.
 * Assembled with relaxation off so that the layout is exactly as written. */
#include "integer_macros.h"

    .option norelax

#define UNCOMPRESSED(instructions...) .option push; .option norvc; instructions; .option pop

RVTEST_CODE_BEGIN

    /* Straight-line code. */
    TEST_CASE(1, a0, 12, .balign 4; c.li a0, 5; UNCOMPRESSED(addi a0, a0, 7))
    TEST_CASE(2, a0, 0x131,
              .balign 4; c.li a0, 1;
              UNCOMPRESSED(slli a0, a0, 4; addi a0, a0, 3; slli a0, a0, 4);
              c.addi a0, 1)
    TEST_CASE(3, a0, 0x0123456789abcdef,
              la a1, alignment_data;
              .balign 4; c.nop;
              UNCOMPRESSED(ld a0, 0(a1)))
    TEST_CASE(4, a0, 0x55,
              la a1, alignment_data; li a2, 0x55;
              .balign 4; c.nop;
              UNCOMPRESSED(sd a2, 8(a1); ld a0, 8(a1)))

    /* A loop made only of 32-bit instructions at 2 modulo 4. */
    TEST_CASE(5, a0, 15,
              li a0, 0; li a1, 5;
              .balign 4; c.nop;
          1:  UNCOMPRESSED(addi a0, a0, 3; addi a1, a1, -1; bnez a1, 1b))

    /* jal with offset 10 (bit 1 set) to a 32-bit instruction at 2 modulo 4; a0 = 0 when the
     * link is right. */
    TEST_CASE(6, a0, 0,
              li a0, 99;
              .balign 4;
              UNCOMPRESSED(jal ra, 3f);
          2:  c.li a0, 1; UNCOMPRESSED(j 4f);
          3:  UNCOMPRESSED(la a1, 2b; sub a0, ra, a1);
          4:)
    /* jal at 2 modulo 4, jumping backward by 0x2aa to a 4-byte-aligned target. */
    TEST_CASE(7, a0, 0,
              li a0, 99;
              UNCOMPRESSED(j 2f);
              .balign 4;
          1:  UNCOMPRESSED(la a1, 3f; sub a0, ra, a1; j 4f);
              .fill 0x2aa - 16, 1, 0;
          2:  UNCOMPRESSED(jal ra, 1b);
          3:  c.li a0, 1;
          4:)

    /* Taken branch from 0 to 2 modulo 4 (offset 10) and back from 2 to 0 modulo 4. */
    TEST_CASE(8, a0, 2,
              li a1, 1;
              .balign 4;
              UNCOMPRESSED(beq a1, a1, 3f);
              c.li a0, 1; UNCOMPRESSED(j 4f);
          3:  UNCOMPRESSED(addi a0, zero, 2);
          4:)
    TEST_CASE(9, a0, 2,
              li a1, 1;
              UNCOMPRESSED(j 2f);
              .balign 4;
          1:  UNCOMPRESSED(addi a0, zero, 2; j 3f);
              c.nop;
          2:  UNCOMPRESSED(bne a1, zero, 1b);
              c.li a0, 1;
          3:)

    /* jalr, c.j and c.jr to a 32-bit instruction at 2 modulo 4. */
    TEST_CASE(10, a0, 0,
              li a0, 99; la t0, 3f;
              UNCOMPRESSED(jalr ra, 0(t0));
          2:  c.li a0, 1; UNCOMPRESSED(j 4f);
              .balign 4; c.nop;
          3:  UNCOMPRESSED(la a1, 2b; sub a0, ra, a1);
          4:)
    TEST_CASE(11, a0, 2,
              c.li a0, 0;
              c.j 3f;
              c.li a0, 1; c.j 4f;
              .balign 4; c.nop;
          3:  UNCOMPRESSED(addi a0, a0, 2);
          4:)
    TEST_CASE(12, a0, 2,
              c.li a0, 0; la s11, 3f;
              c.jr s11;
              c.li a0, 1; c.j 4f;
              .balign 4; c.nop;
          3:  UNCOMPRESSED(addi a0, a0, 2);
          4:)

    /* Instructions straddling a page boundary (bytes 4094..4097 of a page), the first reached
     * by falling through from a 16-bit instruction, the second by a jump. */
    TEST_CASE(13, a0, 0x107,
              c.li a0, 0;
              UNCOMPRESSED(j 2f);
              .balign 4096;
              .fill 4092, 1, 0;
          2:  c.addi a0, 3;
              UNCOMPRESSED(addi a0, a0, 4);
              UNCOMPRESSED(addi a0, a0, 0x100))
    TEST_CASE(14, a0, 0x70,
              c.li a0, 7;
              UNCOMPRESSED(j 2f);
              .balign 4096;
              .fill 4094, 1, 0;
          2:  UNCOMPRESSED(slli a0, a0, 4))
    /* A backward branch from the next page to the straddling instruction. */
    TEST_CASE(15, a0, 0x300,
              c.li a0, 0; li a1, 3;
              UNCOMPRESSED(j 2f);
              .balign 4096;
              .fill 4094, 1, 0;
          2:  UNCOMPRESSED(addi a0, a0, 0x100);
              c.addi a1, -1;
              c.bnez a1, 2b)

    RVTEST_PASS
RVTEST_CODE_END

RVTEST_DATA_BEGIN
    .balign 8
alignment_data:
    .dword 0x0123456789abcdef
    .dword 0
RVTEST_DATA_END
