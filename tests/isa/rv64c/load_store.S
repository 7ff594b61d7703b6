/* Register-based compressed loads and stores: c.lw, c.ld, c.fld, c.sw, c.sd, c.fsd, with
 * offsets that set each bit of the scaled, scrambled immediate on its own and all together
 * (c.lw/c.sw 0..124, c.ld/c.sd/c.fld/c.fsd 0..248), and base and data registers at both ends
 * of the 3-bit register field (s0 = x8, a5 = x15, fs0 = f8, fa5 = f15). mem_pattern's
 * doubleword i holds (0x40de0000 + i) << 32 | (0x80000000 + i), so every offset loads a
 * different value and the low words are negative. */
#include "integer_macros.h"

#define PATTERN_DWORD(i) ((0x40de0000 + (i)) << 32 | (0x80000000 + (i)))
#define PATTERN_LOW_WORD(i) (0xffffffff80000000 + (i))
#define PATTERN_HIGH_WORD(i) (0x40de0000 + (i))

#define TEST_CLW(number, rd, base, offset, expected) \
    TEST_CASE(number, rd, expected, la base, mem_pattern; c.lw rd, offset(base))

#define TEST_CLD(number, rd, base, offset) \
    TEST_CASE(number, rd, PATTERN_DWORD((offset) / 8), la base, mem_pattern; c.ld rd, offset(base))

#define TEST_CFLD(number, fd, base, offset)                                   \
    TEST_CASE(number, a0, PATTERN_DWORD((offset) / 8),                        \
              la base, mem_pattern; c.fld fd, offset(base); fmv.x.d a0, fd)

/* Fill the doubleword at mem_scratch + (offset & ~7) with ones, store a word, read it back. */
#define TEST_CSW(number, rs2, base, offset, value, expected_dword)            \
    TEST_CASE(number, a0, expected_dword,                                     \
              la base, mem_scratch; li a0, -1; sd a0, ((offset) & ~7)(base);  \
              li rs2, value; c.sw rs2, offset(base);                          \
              ld a0, ((offset) & ~7)(base))

#define TEST_CSD(number, rs2, base, offset, value)                            \
    TEST_CASE(number, a0, value,                                              \
              la base, mem_scratch; sd zero, offset(base);                    \
              li rs2, value; c.sd rs2, offset(base); ld a0, offset(base))

#define TEST_CFSD(number, fs2, base, offset, value)                           \
    TEST_CASE(number, a0, value,                                              \
              la base, mem_scratch; sd zero, offset(base);                    \
              li a0, value; fmv.d.x fs2, a0; c.fsd fs2, offset(base);         \
              ld a0, offset(base))

RVTEST_CODE_BEGIN

    TEST_CLW(1, a5, s0, 0, PATTERN_LOW_WORD(0))
    TEST_CLW(2, s0, a5, 4, PATTERN_HIGH_WORD(0))
    TEST_CLW(3, s1, a4, 8, PATTERN_LOW_WORD(1))
    TEST_CLW(4, a0, a3, 16, PATTERN_LOW_WORD(2))
    TEST_CLW(5, a1, a2, 32, PATTERN_LOW_WORD(4))
    TEST_CLW(6, a2, a1, 64, PATTERN_LOW_WORD(8))
    TEST_CLW(7, a3, a0, 124, PATTERN_HIGH_WORD(15))
    TEST_CLW(8, a4, s1, 0x54, PATTERN_HIGH_WORD(10))
    /* rd = rs1 */
    TEST_CLW(9, a5, a5, 0x28, PATTERN_LOW_WORD(5))

    TEST_CLD(10, a5, s0, 0)
    TEST_CLD(11, s0, a5, 8)
    TEST_CLD(12, s1, a4, 16)
    TEST_CLD(13, a0, a3, 32)
    TEST_CLD(14, a1, a2, 64)
    TEST_CLD(15, a2, a1, 128)
    TEST_CLD(16, a3, a0, 248)
    TEST_CLD(17, a4, s1, 0xa8)
    TEST_CLD(18, s0, s0, 0x50)

    TEST_CFLD(19, fa5, s0, 0)
    TEST_CFLD(20, fs0, a5, 8)
    TEST_CFLD(21, fs1, a4, 16)
    TEST_CFLD(22, fa0, a3, 32)
    TEST_CFLD(23, fa1, a2, 64)
    TEST_CFLD(24, fa2, a1, 128)
    TEST_CFLD(25, fa3, a0, 248)
    TEST_CFLD(26, fa4, s1, 0xa8)

    TEST_CSW(27, a5, s0, 0, 0x12345678, 0xffffffff12345678)
    TEST_CSW(28, s0, a5, 4, 0xfedcba9887654321, 0x87654321ffffffff)
    TEST_CSW(29, s1, a4, 8, 0x11, 0xffffffff00000011)
    TEST_CSW(30, a1, a3, 16, 0x22, 0xffffffff00000022)
    TEST_CSW(31, a2, a1, 32, 0x33, 0xffffffff00000033)
    TEST_CSW(32, a3, a2, 64, 0x44, 0xffffffff00000044)
    TEST_CSW(33, a4, s1, 124, 0x55, 0x00000055ffffffff)
    TEST_CSW(34, s1, a5, 0x54, 0x66, 0x00000066ffffffff)

    TEST_CSD(35, a5, s0, 0, 0x0123456789abcdef)
    TEST_CSD(36, s0, a5, 8, 0xfedcba9876543210)
    TEST_CSD(37, s1, a4, 16, 0x1111111111111111)
    TEST_CSD(38, a1, a3, 32, 0x2222222222222222)
    TEST_CSD(39, a2, a1, 64, 0x3333333333333333)
    TEST_CSD(40, a3, a2, 128, 0x4444444444444444)
    TEST_CSD(41, a4, s1, 248, 0x5555555555555555)
    TEST_CSD(42, s1, a5, 0xa8, 0x6666666666666666)

    TEST_CFSD(43, fa5, s0, 0, 0x3ff0000000000000)
    TEST_CFSD(44, fs0, a5, 8, 0xc00921fb54442d18)
    TEST_CFSD(45, fs1, a4, 16, 0x7ff8000000000000)
    TEST_CFSD(46, fa1, a3, 32, 0x8000000000000000)
    TEST_CFSD(47, fa2, a1, 64, 0x0000000000000001)
    TEST_CFSD(48, fa3, a2, 128, 0xfff0000000000000)
    TEST_CFSD(49, fa4, s1, 248, 0x0123456789abcdef)

    /* A base register that is also the data register of the store. */
    TEST_CASE(50, a0, 0,
              la s0, mem_scratch; c.sd s0, 16(s0); ld a0, 16(s0); sub a0, a0, s0)

    RVTEST_PASS
RVTEST_CODE_END

RVTEST_DATA_BEGIN
    .balign 8
mem_pattern:
    .set pattern_index, 0
    .rept 32
    .dword PATTERN_DWORD(pattern_index)
    .set pattern_index, pattern_index + 1
    .endr

mem_scratch:
    .skip 256
RVTEST_DATA_END
