/* fence.i with self-modifying code: after stores to instruction memory and a fence.i, the
 * hart must execute the new instructions. Covers a 32-bit instruction patched just ahead of
 * the pc, code that already ran (a loop in another page, patched and restored), 16-bit
 * instructions, a 32-bit instruction replaced by two 16-bit ones and the reverse, and an
 * instruction written one byte at a time. New instructions are copied from templates in the
 * data section, assembled like the code they replace. */
#include "integer_macros.h"

/* Copy the 4-byte template `template` over the instruction at label `site`. */
#define PATCH_WORD(site, template) \
    la t0, site; la t1, template; lw t2, 0(t1); sw t2, 0(t0)

/* The file is assembled without RVC so that patch sites are 32-bit; 16-bit sites say so. */
#define COMPRESSED(instructions...) .option push; .option rvc; instructions; .option pop

RVTEST_CODE_BEGIN
    .option norvc

    /* The patched instruction is the first one after the fence.i. */
    TEST_CASE(1, a0, 42,
              PATCH_WORD(1f, template_li_a0_42);
              fence.i;
          1:  li a0, 7)

    /* A loop that already ran: 3 x (+1), patched to +10, run again, restored to +1. */
    TEST_CASE(2, a0, 3, li a0, 0; jal ra, fence_i_loop)
    TEST_CASE(3, a0, 33,
              PATCH_WORD(fence_i_loop_step, template_addi_a0_10);
              fence.i;
              jal ra, fence_i_loop)
    TEST_CASE(4, a0, 36,
              PATCH_WORD(fence_i_loop_step, template_addi_a0_1);
              fence.i;
              jal ra, fence_i_loop)

    /* A 16-bit instruction, patched with a halfword store. */
    TEST_CASE(5, a0, 5,
              li a0, 0;
              la t0, 1f; la t1, template_c_addi_a0_5; lhu t2, 0(t1); sh t2, 0(t0);
              fence.i;
          1:  COMPRESSED(c.addi a0, 1))

    /* One 32-bit instruction becomes two 16-bit ones: c.li a0, 5; c.addi a0, 3. */
    TEST_CASE(6, a0, 8,
              li a0, 0;
              PATCH_WORD(1f, template_two_compressed);
              fence.i;
              .balign 4;
          1:  li a0, 7)

    /* Two 16-bit instructions become one 32-bit instruction. */
    TEST_CASE(7, a0, 42,
              li a0, 0;
              PATCH_WORD(1f, template_li_a0_42);
              fence.i;
              .balign 4;
          1:  COMPRESSED(c.li a0, 1; c.li a0, 2))

    /* The new instruction is written one byte at a time. */
    TEST_CASE(8, a0, 42,
              la t0, 1f; la t1, template_li_a0_42;
              lbu t2, 0(t1); sb t2, 0(t0);
              lbu t2, 1(t1); sb t2, 1(t0);
              lbu t2, 2(t1); sb t2, 2(t0);
              lbu t2, 3(t1); sb t2, 3(t0);
              fence.i;
          1:  li a0, 7)

    /* A subroutine that returned 7 once is patched to return 42. */
    TEST_CASE(9, a0, 7, li a0, 0; jal ra, fence_i_function)
    TEST_CASE(10, a0, 42,
              li a0, 0;
              PATCH_WORD(fence_i_function, template_li_a0_42);
              fence.i;
              jal ra, fence_i_function)

    RVTEST_PASS
RVTEST_CODE_END

    /* In .text, a different page from the test body in .text.init. */
    .text
    .option norvc
fence_i_loop:
    li t0, 3
1:
fence_i_loop_step:
    addi a0, a0, 1
    addi t0, t0, -1
    bnez t0, 1b
    ret

fence_i_function:
    li a0, 7
    ret

RVTEST_DATA_BEGIN
    .option norvc
    .balign 4
template_li_a0_42:
    addi a0, zero, 42
template_addi_a0_10:
    addi a0, a0, 10
template_addi_a0_1:
    addi a0, a0, 1
    .option rvc
template_two_compressed:
    c.li a0, 5
    c.addi a0, 3
template_c_addi_a0_5:
    c.addi a0, 5
RVTEST_DATA_END
