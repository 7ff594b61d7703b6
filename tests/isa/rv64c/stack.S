/* Stack-pointer-based compressed instructions: c.addi4spn, c.addi16sp, c.lwsp, c.ldsp,
 * c.fldsp, c.swsp, c.sdsp, c.fsdsp. Offsets set each bit of the scaled, scrambled immediate
 * fields on its own and all together (c.addi4spn 4..1020, c.addi16sp -512..496, c.lwsp/c.swsp
 * 0..252, c.ldsp/c.sdsp/c.fldsp/c.fsdsp 0..504). sp is pointed at stack_pattern, whose
 * doubleword i holds (0x40de0000 + i) << 32 | (0x80000000 + i), so every offset loads a
 * different value and the low words are negative. sp is restored from s2 where a case changes
 * it; the harness reloads sp itself before exiting. */
#include "integer_macros.h"

#define PATTERN_DWORD(i) ((0x40de0000 + (i)) << 32 | (0x80000000 + (i)))
#define PATTERN_LOW_WORD(i) (0xffffffff80000000 + (i))
#define PATTERN_HIGH_WORD(i) (0x40de0000 + (i))

/* rd = sp + immediate, checked as rd - sp. */
#define TEST_ADDI4SPN(number, rd, immediate) \
    TEST_CASE(number, a0, immediate, c.addi4spn rd, sp, immediate; sub a0, rd, sp)

/* sp += immediate, checked as the difference, then sp is restored. */
#define TEST_ADDI16SP(number, immediate) \
    TEST_CASE(number, a0, immediate, mv s2, sp; c.addi16sp sp, immediate; sub a0, sp, s2; mv sp, s2)

#define TEST_LDSP(number, rd, offset) \
    TEST_CASE(number, rd, PATTERN_DWORD((offset) / 8), la sp, stack_pattern; c.ldsp rd, offset(sp))

#define TEST_FLDSP(number, fd, offset)                                        \
    TEST_CASE(number, a0, PATTERN_DWORD((offset) / 8),                        \
              la sp, stack_pattern; c.fldsp fd, offset(sp); fmv.x.d a0, fd)

/* Words at offsets 8i are low halves (negative), at 8i + 4 high halves. */
#define TEST_LWSP(number, rd, offset, expected) \
    TEST_CASE(number, rd, expected, la sp, stack_pattern; c.lwsp rd, offset(sp))

/* Fill the doubleword at stack_scratch + (offset & ~7) with ones, store, read it back. */
#define TEST_SWSP(number, rs2, offset, value, expected_dword)                 \
    TEST_CASE(number, a0, expected_dword,                                     \
              la sp, stack_scratch; li a1, -1; sd a1, ((offset) & ~7)(sp);    \
              li rs2, value; c.swsp rs2, offset(sp);                          \
              ld a0, ((offset) & ~7)(sp))

#define TEST_SDSP(number, rs2, offset, value)                                 \
    TEST_CASE(number, a0, value,                                              \
              la sp, stack_scratch; sd zero, offset(sp);                      \
              li rs2, value; c.sdsp rs2, offset(sp); ld a0, offset(sp))

#define TEST_FSDSP(number, fs2, offset, value)                                \
    TEST_CASE(number, a0, value,                                              \
              la sp, stack_scratch; sd zero, offset(sp);                      \
              li a1, value; fmv.d.x fs2, a1; c.fsdsp fs2, offset(sp);         \
              ld a0, offset(sp))

RVTEST_CODE_BEGIN

    TEST_ADDI4SPN(1, s0, 4)
    TEST_ADDI4SPN(2, a5, 8)
    TEST_ADDI4SPN(3, s1, 16)
    TEST_ADDI4SPN(4, a0, 32)
    TEST_ADDI4SPN(5, a1, 64)
    TEST_ADDI4SPN(6, a2, 128)
    TEST_ADDI4SPN(7, a3, 256)
    TEST_ADDI4SPN(8, a4, 512)
    TEST_ADDI4SPN(9, a5, 1020)
    TEST_ADDI4SPN(10, s0, 0x2a8)

    TEST_ADDI16SP(11, 16)
    TEST_ADDI16SP(12, 32)
    TEST_ADDI16SP(13, 64)
    TEST_ADDI16SP(14, 128)
    TEST_ADDI16SP(15, 256)
    TEST_ADDI16SP(16, 496)
    TEST_ADDI16SP(17, -16)
    TEST_ADDI16SP(18, -512)
    TEST_ADDI16SP(19, -0x160)

    TEST_LDSP(20, a0, 0)
    TEST_LDSP(21, ra, 8)
    TEST_LDSP(22, s11, 16)
    TEST_LDSP(23, t4, 32)
    TEST_LDSP(24, a6, 64)
    TEST_LDSP(25, tp, 128)
    TEST_LDSP(26, a5, 256)
    TEST_LDSP(27, s0, 504)
    TEST_LDSP(28, a1, 0x148)

    TEST_FLDSP(29, fa0, 0)
    TEST_FLDSP(30, ft0, 8)
    TEST_FLDSP(31, ft11, 16)
    TEST_FLDSP(32, fs11, 32)
    TEST_FLDSP(33, fa7, 64)
    TEST_FLDSP(34, ft1, 128)
    TEST_FLDSP(35, fs0, 256)
    TEST_FLDSP(36, fa5, 504)

    TEST_LWSP(37, a0, 0, PATTERN_LOW_WORD(0))
    TEST_LWSP(38, ra, 4, PATTERN_HIGH_WORD(0))
    TEST_LWSP(39, s11, 8, PATTERN_LOW_WORD(1))
    TEST_LWSP(40, t4, 16, PATTERN_LOW_WORD(2))
    TEST_LWSP(41, a6, 32, PATTERN_LOW_WORD(4))
    TEST_LWSP(42, tp, 64, PATTERN_LOW_WORD(8))
    TEST_LWSP(43, a5, 128, PATTERN_LOW_WORD(16))
    TEST_LWSP(44, s0, 252, PATTERN_HIGH_WORD(31))
    TEST_LWSP(45, a1, 0x94, PATTERN_HIGH_WORD(18))

    TEST_SWSP(46, a0, 0, 0x12345678, 0xffffffff12345678)
    TEST_SWSP(47, ra, 4, 0xfedcba9887654321, 0x87654321ffffffff)
    TEST_SWSP(48, s11, 8, 0x0badcafe, 0xffffffff0badcafe)
    TEST_SWSP(49, t4, 16, 0x11, 0xffffffff00000011)
    TEST_SWSP(50, a6, 32, 0x22, 0xffffffff00000022)
    TEST_SWSP(51, tp, 64, 0x33, 0xffffffff00000033)
    TEST_SWSP(52, a5, 128, 0x44, 0xffffffff00000044)
    TEST_SWSP(53, s0, 252, 0x55, 0x00000055ffffffff)
    TEST_SWSP(54, a1, 0x94, 0x66, 0x00000066ffffffff)

    TEST_SDSP(55, a0, 0, 0x0123456789abcdef)
    TEST_SDSP(56, ra, 8, 0xfedcba9876543210)
    TEST_SDSP(57, s11, 16, 0x1111111111111111)
    TEST_SDSP(58, t4, 32, 0x2222222222222222)
    TEST_SDSP(59, a6, 64, 0x3333333333333333)
    TEST_SDSP(60, tp, 128, 0x4444444444444444)
    TEST_SDSP(61, a5, 256, 0x5555555555555555)
    TEST_SDSP(62, s0, 504, 0x6666666666666666)
    TEST_SDSP(63, a1, 0x148, 0x7777777777777777)

    TEST_FSDSP(64, fa0, 0, 0x3ff0000000000000)
    TEST_FSDSP(65, ft0, 8, 0xc00921fb54442d18)
    TEST_FSDSP(66, ft11, 16, 0x7ff8000000000000)
    TEST_FSDSP(67, fs11, 32, 0x8000000000000000)
    TEST_FSDSP(68, fa7, 64, 0x0000000000000001)
    TEST_FSDSP(69, ft1, 128, 0x7ff0000000000000)
    TEST_FSDSP(70, fs0, 256, 0xfff0000000000000)
    TEST_FSDSP(71, fa5, 504, 0x0123456789abcdef)

    /* A store through sp is visible to a load through sp. */
    TEST_CASE(72, a0, 0xabcdef0123456789,
              la sp, stack_scratch; li a1, 0xabcdef0123456789;
              c.sdsp a1, 120(sp); c.ldsp a0, 120(sp))

    RVTEST_PASS
RVTEST_CODE_END

RVTEST_DATA_BEGIN
    .balign 8
stack_pattern:
    .set pattern_index, 0
    .rept 64
    .dword PATTERN_DWORD(pattern_index)
    .set pattern_index, pattern_index + 1
    .endr

stack_scratch:
    .skip 512
RVTEST_DATA_END
