/* Compressed integer computation: c.nop, c.li, c.lui, c.addi, c.addiw, c.slli, c.srli,
 * c.srai, c.andi, c.mv, c.add, c.sub, c.xor, c.or, c.and, c.addw, c.subw, written with their
 * c. mnemonics so the assembler cannot pick the 32-bit forms. Immediates sit at the ends of
 * their ranges (-32 and 31, shift amounts 1, 31, 32 and 63, c.lui's 1, 31 and the negative
 * 0xfffe0 and 0xfffff) so that a wrong reassembly of the split immediate fields shows.
 * Registers cover both ends of the 5-bit fields (ra, tp, a6, s11, t4) and of the 3-bit
 * fields (s0 = x8, a5 = x15). */
#include "integer_macros.h"

#define INT64_MIN 0x8000000000000000
#define INT64_MAX 0x7fffffffffffffff
#define PATTERN_A 0xff00ff00ff00ff00
#define PATTERN_B 0x0f0f0f0f0f0f0f0f

RVTEST_CODE_BEGIN

    TEST_CASE(1, a0, 5, li a0, 5; c.nop)

    TEST_CASE(2, a0, 31, li a0, -1; c.li a0, 31)
    TEST_CASE(3, s11, -32, li s11, 0; c.li s11, -32)
    TEST_CASE(4, ra, 0, li ra, -1; c.li ra, 0)
    TEST_CASE(5, t4, -1, c.li t4, -1)
    TEST_CASE(6, a5, 16, c.li a5, 16)

    TEST_CASE(7, a0, 0x1000, c.lui a0, 1)
    TEST_CASE(8, s11, 0x1f000, c.lui s11, 31)
    TEST_CASE(9, ra, 0x10000, c.lui ra, 0x10)
    TEST_CASE(10, t4, 0xfffffffffffe0000, c.lui t4, 0xfffe0)
    TEST_CASE(11, tp, 0xfffffffffffff000, c.lui tp, 0xfffff)
    TEST_CASE(12, a6, 0xfffffffffffea000, c.lui a6, 0xfffea)

    TEST_CASE(13, a0, 31, li a0, 0; c.addi a0, 31)
    TEST_CASE(14, a0, -32, li a0, 0; c.addi a0, -32)
    TEST_CASE(15, s11, INT64_MIN, li s11, INT64_MAX; c.addi s11, 1)
    TEST_CASE(16, ra, -1, li ra, 0; c.addi ra, -1)
    /* 64-bit addition: no wrap at 32 bits. */
    TEST_CASE(17, t4, 0x100000000, li t4, 0xffffffff; c.addi t4, 1)
    TEST_CASE(18, tp, 0x0000000100000015, li tp, 0x0000000100000005; c.addi tp, 16)

    /* c.addiw with immediate 0 is sext.w. */
    TEST_CASE(19, a0, 0xffffffff80000000, li a0, 0x80000000; c.addiw a0, 0)
    TEST_CASE(20, a0, 0xffffffff80000000, li a0, 0x7fffffff; c.addiw a0, 1)
    TEST_CASE(21, s11, -32, li s11, 0; c.addiw s11, -32)
    TEST_CASE(22, ra, 31, li ra, 0xffffffff00000000; c.addiw ra, 31)
    TEST_CASE(23, t4, -1, li t4, 0x100000000; c.addiw t4, -1)
    TEST_CASE(24, a5, 0x7fffffff, li a5, 0x80000000; c.addiw a5, -1)
    TEST_CASE(25, a6, 0x7fffffe0, li a6, 0x123456787fffffff; c.addiw a6, -31)

    TEST_CASE(26, a0, 2, li a0, 1; c.slli a0, 1)
    TEST_CASE(27, s11, INT64_MIN, li s11, 1; c.slli s11, 63)
    TEST_CASE(28, ra, 0xffffffff00000000, li ra, 0xffffffff; c.slli ra, 32)
    /* Not sign-extended from bit 31. */
    TEST_CASE(29, a5, 0x80000000, li a5, 1; c.slli a5, 31)
    TEST_CASE(30, t4, 0x2468acf13579bde0, li t4, 0x123456789abcdef0; c.slli t4, 1)

    TEST_CASE(31, s0, 0x4000000000000000, li s0, INT64_MIN; c.srli s0, 1)
    TEST_CASE(32, a5, 1, li a5, INT64_MIN; c.srli a5, 63)
    TEST_CASE(33, s1, 0x80000000, li s1, INT64_MIN; c.srli s1, 32)
    TEST_CASE(34, a0, 0x1ffffffff, li a0, -1; c.srli a0, 31)

    TEST_CASE(35, s0, -1, li s0, INT64_MIN; c.srai s0, 63)
    TEST_CASE(36, a5, 0xffffffff80000000, li a5, INT64_MIN; c.srai a5, 32)
    TEST_CASE(37, a0, 0xc000000000000000, li a0, INT64_MIN; c.srai a0, 1)
    TEST_CASE(38, s1, 1, li s1, INT64_MAX; c.srai s1, 62)
    TEST_CASE(39, a4, 0xffffffff00000000, li a4, INT64_MIN; c.srai a4, 31)

    TEST_CASE(40, s0, 0xffffffffffffffe0, li s0, -1; c.andi s0, -32)
    TEST_CASE(41, a5, 31, li a5, -1; c.andi a5, 31)
    TEST_CASE(42, a0, 0, li a0, -1; c.andi a0, 0)
    TEST_CASE(43, s1, PATTERN_A, li s1, PATTERN_A; c.andi s1, -1)
    TEST_CASE(44, a2, 0x0f0f0f0f0f0f0f00, li a2, PATTERN_B; c.andi a2, -16)

    TEST_CASE(45, s11, 0x0123456789abcdef, li ra, 0x0123456789abcdef; li s11, 0; c.mv s11, ra)
    TEST_CASE(46, ra, INT64_MIN, li s11, INT64_MIN; li ra, 0; c.mv ra, s11)
    TEST_CASE(47, a5, -7, li a6, -7; c.mv a5, a6)
    /* The source keeps its value. */
    TEST_CASE(48, a6, -7, li a5, 0; c.mv a5, a6)
    TEST_CASE(49, t4, 0xfedcba9876543210, li tp, 0xfedcba9876543210; c.mv t4, tp)

    TEST_CASE(50, s11, 0x1111111111111110,
              li s11, 0x0123456789abcdef; li ra, 0x0fedcba987654321; c.add s11, ra)
    TEST_CASE(51, ra, INT64_MIN, li ra, INT64_MAX; li s11, 1; c.add ra, s11)
    TEST_CASE(52, a0, 0x100000000, li a0, 0xffffffff; li a6, 1; c.add a0, a6)
    TEST_CASE(53, a5, 0x6, li a5, 3; c.add a5, a5)
    TEST_CASE(54, tp, -2, li tp, -1; li t4, -1; c.add tp, t4)

    TEST_CASE(55, s0, -4, li s0, 3; li a5, 7; c.sub s0, a5)
    TEST_CASE(56, a5, INT64_MAX, li a5, INT64_MIN; li s0, 1; c.sub a5, s0)
    TEST_CASE(57, a0, 0xffffffff, li a0, 0x100000000; li s1, 1; c.sub a0, s1)
    TEST_CASE(58, s1, 0, li s1, 0x1234; c.sub s1, s1)

    TEST_CASE(59, s0, 0xf00ff00ff00ff00f, li s0, PATTERN_A; li a5, PATTERN_B; c.xor s0, a5)
    TEST_CASE(60, a5, 0x00ff00ff00ff00ff, li a5, PATTERN_A; li s0, -1; c.xor a5, s0)
    TEST_CASE(61, a0, 0, li a0, PATTERN_A; c.xor a0, a0)

    TEST_CASE(62, s0, 0xff0fff0fff0fff0f, li s0, PATTERN_A; li a5, PATTERN_B; c.or s0, a5)
    TEST_CASE(63, a5, PATTERN_B, li a5, 0; li s0, PATTERN_B; c.or a5, s0)
    TEST_CASE(64, a1, -1, li a1, PATTERN_A; li a2, 0x00ff00ff00ff00ff; c.or a1, a2)

    TEST_CASE(65, s0, 0x0f000f000f000f00, li s0, PATTERN_A; li a5, PATTERN_B; c.and s0, a5)
    TEST_CASE(66, a5, PATTERN_B, li a5, -1; li s0, PATTERN_B; c.and a5, s0)
    TEST_CASE(67, a3, 0, li a3, PATTERN_A; li a4, 0x00ff00ff00ff00ff; c.and a3, a4)

    TEST_CASE(68, s0, 0xffffffff80000000, li s0, 0x7fffffff; li a5, 1; c.addw s0, a5)
    TEST_CASE(69, a5, 0, li a5, 0xffffffff; li s0, 1; c.addw a5, s0)
    TEST_CASE(70, a0, 3, li a0, 0x1234567800000001; li s1, 0xabcdef0000000002; c.addw a0, s1)
    TEST_CASE(71, s1, -2, li s1, -1; c.addw s1, s1)
    TEST_CASE(72, a2, 0x7fffffff, li a2, 0xffffffff80000000; li a3, 0xffffffff; c.addw a2, a3)

    TEST_CASE(73, s0, 0xffffffff80000000, li s0, 0; li a5, 0x80000000; c.subw s0, a5)
    TEST_CASE(74, a5, 0x7fffffff, li a5, 0x80000000; li s0, 1; c.subw a5, s0)
    TEST_CASE(75, a0, -2, li a0, 5; li s1, 7; c.subw a0, s1)
    TEST_CASE(76, s1, 2, li s1, 0xffffffff00000005; li a4, 0x1234567800000003; c.subw s1, a4)
    TEST_CASE(77, a3, 0xffffffff80000000, li a3, 0x7fffffff; li a4, -1; c.subw a3, a4)

    RVTEST_PASS
RVTEST_CODE_END
