/* The word AMOs amoswap.w, amoadd.w, amoxor.w, amoand.w, amoor.w, amomin.w, amomax.w,
 * amominu.w, amomaxu.w on the low and the high word of a doubleword: rd receives the old word
 * sign-extended, only the low 32 bits of rs2 take part (comparisons are 32-bit signed or
 * unsigned), the other word of the doubleword is untouched (no carry into it), with the aq/rl
 * bits, and rd = x0, rd = rs2 and rd = rs1. Assembled without RVC. */
#include "integer_macros.h"

/* The AMO targets the word at amo_data + offset (0 or 4); case n_old checks rd, case n_new
 * the whole doubleword afterwards, so that the other word, 0xa5a5a5a5, is seen unchanged. */
#define TEST_AMO_W(n_old, n_new, inst, offset, initial, operand, expected_old,  \
                   expected_dword)                                               \
    TEST_CASE(n_old, a0, expected_old,                                           \
              la a1, amo_data; li a2, initial; sd a2, 0(a1);                     \
              li a3, operand; addi a4, a1, offset; inst a0, a3, (a4))            \
    TEST_CASE(n_new, a5, expected_dword, ld a5, 0(a1))

RVTEST_CODE_BEGIN
    .option norvc

    TEST_AMO_W(1, 2, amoswap.w, 0,
               0xa5a5a5a580000000, 0x12345678, 0xffffffff80000000, 0xa5a5a5a512345678)
    TEST_AMO_W(3, 4, amoswap.w.aq, 4,
               0x7fffffffa5a5a5a5, 0xfedcba9880000001, 0x7fffffff, 0x80000001a5a5a5a5)

    TEST_AMO_W(5, 6, amoadd.w, 0, 0xa5a5a5a500000001, 2, 1, 0xa5a5a5a500000003)
    TEST_AMO_W(7, 8, amoadd.w.rl, 0, 0xa5a5a5a57fffffff, 1, 0x7fffffff, 0xa5a5a5a580000000)
    TEST_AMO_W(9, 10, amoadd.w.aqrl, 0, 0xa5a5a5a5ffffffff, 1, -1, 0xa5a5a5a500000000)
    TEST_AMO_W(11, 12, amoadd.w, 4, 0xffffffffa5a5a5a5, 2, -1, 0x00000001a5a5a5a5)

    TEST_AMO_W(13, 14, amoxor.w, 0,
               0xa5a5a5a5f0f0f0f0, 0xff00ff00, 0xfffffffff0f0f0f0, 0xa5a5a5a50ff00ff0)
    TEST_AMO_W(15, 16, amoxor.w.aq, 4, 0x0f0f0f0fa5a5a5a5, -1, 0xf0f0f0f, 0xf0f0f0f0a5a5a5a5)

    TEST_AMO_W(17, 18, amoand.w, 0,
               0xa5a5a5a5f0f0f0f0, 0xff00ff00, 0xfffffffff0f0f0f0, 0xa5a5a5a5f000f000)
    TEST_AMO_W(19, 20, amoand.w.rl, 4,
               0xffffffffa5a5a5a5, 0x12345678876543ff, -1, 0x876543ffa5a5a5a5)

    TEST_AMO_W(21, 22, amoor.w, 0, 0xa5a5a5a50000ffff, 0xf0000000, 0xffff, 0xa5a5a5a5f000ffff)
    TEST_AMO_W(23, 24, amoor.w.aqrl, 4, 0xa5a5a5a5, 0xabcdef0080000000, 0, 0x80000000a5a5a5a5)

    TEST_AMO_W(25, 26, amomin.w, 0, 0xa5a5a5a5ffffffff, 1, -1, 0xa5a5a5a5ffffffff)
    TEST_AMO_W(27, 28, amomin.w, 4, 0x00000001a5a5a5a5, 0xffffffff, 1, 0xffffffffa5a5a5a5)
    TEST_AMO_W(29, 30, amomin.w.aq, 0,
               0xa5a5a5a580000000, 0x7fffffff, 0xffffffff80000000, 0xa5a5a5a580000000)
    TEST_AMO_W(31, 32, amomin.w, 0, 0xa5a5a5a500000001, 0x80000000, 1, 0xa5a5a5a580000000)
    TEST_AMO_W(33, 34, amomin.w, 4, 0x00000005a5a5a5a5, 0xffffffff00000005, 5, 0x00000005a5a5a5a5)

    TEST_AMO_W(35, 36, amomax.w, 0, 0xa5a5a5a5ffffffff, 1, -1, 0xa5a5a5a500000001)
    TEST_AMO_W(37, 38, amomax.w, 4, 0x00000001a5a5a5a5, 0xffffffff, 1, 0x00000001a5a5a5a5)
    TEST_AMO_W(39, 40, amomax.w.rl, 0,
               0xa5a5a5a580000000, 0x7fffffff, 0xffffffff80000000, 0xa5a5a5a57fffffff)
    TEST_AMO_W(41, 42, amomax.w, 0, 0xa5a5a5a500000001, 0x80000000, 1, 0xa5a5a5a500000001)

    TEST_AMO_W(43, 44, amominu.w, 0, 0xa5a5a5a5ffffffff, 1, -1, 0xa5a5a5a500000001)
    TEST_AMO_W(45, 46, amominu.w, 4, 0x00000001a5a5a5a5, 0xffffffff, 1, 0x00000001a5a5a5a5)
    TEST_AMO_W(47, 48, amominu.w.aqrl, 0,
               0xa5a5a5a580000000, 0x7fffffff, 0xffffffff80000000, 0xa5a5a5a57fffffff)
    TEST_AMO_W(49, 50, amominu.w, 0,
               0xa5a5a5a57fffffff, 0xffffffff00000001, 0x7fffffff, 0xa5a5a5a500000001)

    TEST_AMO_W(51, 52, amomaxu.w, 0, 0xa5a5a5a5ffffffff, 1, -1, 0xa5a5a5a5ffffffff)
    TEST_AMO_W(53, 54, amomaxu.w, 4, 0x00000001a5a5a5a5, 0xffffffff, 1, 0xffffffffa5a5a5a5)
    TEST_AMO_W(55, 56, amomaxu.w.aq, 0,
               0xa5a5a5a580000000, 0x7fffffff, 0xffffffff80000000, 0xa5a5a5a580000000)
    TEST_AMO_W(57, 58, amomaxu.w, 0,
               0xa5a5a5a57fffffff, 0xffffffff00000001, 0x7fffffff, 0xa5a5a5a57fffffff)

    /* rd = x0: memory is still updated. */
    TEST_CASE(59, a0, 0,
              la a1, amo_data; li a2, 0x7fffffff; sd a2, 0(a1); li a3, 0x80000000;
              amoswap.w x0, a3, (a1); mv a0, x0)
    TEST_CASE(60, a0, 0x80000000, ld a0, 0(a1))
    /* rd = rs2: the operand is read before the old value overwrites it. */
    TEST_CASE(61, a3, 0xffffffff80000000, li a3, 0x1234; amoswap.w a3, a3, (a1))
    TEST_CASE(62, a0, 0x1234, ld a0, 0(a1))
    /* rd = rs1: the address is read before the old value overwrites it. */
    TEST_CASE(63, a1, 0x1234, la a1, amo_data; li a3, 0x10; amoadd.w a1, a3, (a1))
    TEST_CASE(64, a0, 0x1244, la a1, amo_data; ld a0, 0(a1))

    RVTEST_PASS
RVTEST_CODE_END

RVTEST_DATA_BEGIN
    .balign 8
amo_data:
    .dword 0
RVTEST_DATA_END
