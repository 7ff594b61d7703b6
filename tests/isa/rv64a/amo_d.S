/* The doubleword AMOs amoswap.d, amoadd.d, amoxor.d, amoand.d, amoor.d, amomin.d, amomax.d,
 * amominu.d, amomaxu.d: rd receives the old memory value and memory receives op(old, rs2),
 * with signed and unsigned orderings of the same bit patterns, wrap-around, the aq/rl bits,
 * and rd = x0, rd = rs2 and rd = rs1. Assembled without RVC. */
#include "integer_macros.h"

/* Case n_old checks rd, case n_new the doubleword in memory afterwards. */
#define TEST_AMO_D(n_old, n_new, inst, initial, operand, expected_old, expected_new) \
    TEST_CASE(n_old, a0, expected_old,                                               \
              la a1, amo_data; li a2, initial; sd a2, 0(a1);                         \
              li a3, operand; inst a0, a3, (a1))                                     \
    TEST_CASE(n_new, a4, expected_new, ld a4, 0(a1))

RVTEST_CODE_BEGIN
    .option norvc

    TEST_AMO_D(1, 2, amoswap.d, 0x0123456789abcdef,
               0xfedcba9876543210, 0x0123456789abcdef, 0xfedcba9876543210)
    TEST_AMO_D(3, 4, amoswap.d.aq, -1, 0, -1, 0)

    TEST_AMO_D(5, 6, amoadd.d, 1, 2, 1, 3)
    TEST_AMO_D(7, 8, amoadd.d.rl, 0x7fffffffffffffff, 1, 0x7fffffffffffffff, 0x8000000000000000)
    TEST_AMO_D(9, 10, amoadd.d.aqrl, -1, 1, -1, 0)
    TEST_AMO_D(11, 12, amoadd.d, 0xffffffff, 1, 0xffffffff, 0x0000000100000000)

    TEST_AMO_D(13, 14, amoxor.d, 0xff00ff00f0f0f0f0,
               0x0ff00ff0ff00ff00, 0xff00ff00f0f0f0f0, 0xf0f0f0f00ff00ff0)
    TEST_AMO_D(15, 16, amoxor.d.aq, 0xff00ff00f0f0f0f0, -1, 0xff00ff00f0f0f0f0, 0x00ff00ff0f0f0f0f)

    TEST_AMO_D(17, 18, amoand.d, 0xff00ff00f0f0f0f0,
               0x0ff00ff0ff00ff00, 0xff00ff00f0f0f0f0, 0x0f000f00f000f000)
    TEST_AMO_D(19, 20, amoand.d.rl, 0xff00ff00f0f0f0f0, 0xffffffff, 0xff00ff00f0f0f0f0, 0xf0f0f0f0)

    TEST_AMO_D(21, 22, amoor.d, 0xff00ff00f0f0f0f0,
               0x0ff00ff0ff00ff00, 0xff00ff00f0f0f0f0, 0xfff0fff0fff0fff0)
    TEST_AMO_D(23, 24, amoor.d.aqrl, 0, 0x8000000000000000, 0, 0x8000000000000000)

    TEST_AMO_D(25, 26, amomin.d, -1, 1, -1, -1)
    TEST_AMO_D(27, 28, amomin.d, 1, -1, 1, -1)
    TEST_AMO_D(29, 30, amomin.d.aq, 0x8000000000000000,
               0x7fffffffffffffff, 0x8000000000000000, 0x8000000000000000)
    TEST_AMO_D(31, 32, amomin.d, 0x80000000, 0x7fffffff, 0x80000000, 0x7fffffff)
    TEST_AMO_D(33, 34, amomin.d, 5, 5, 5, 5)

    TEST_AMO_D(35, 36, amomax.d, -1, 1, -1, 1)
    TEST_AMO_D(37, 38, amomax.d, 1, -1, 1, 1)
    TEST_AMO_D(39, 40, amomax.d.rl, 0x8000000000000000,
               0x7fffffffffffffff, 0x8000000000000000, 0x7fffffffffffffff)
    TEST_AMO_D(41, 42, amomax.d, 0x80000000, 0x7fffffff, 0x80000000, 0x80000000)

    TEST_AMO_D(43, 44, amominu.d, -1, 1, -1, 1)
    TEST_AMO_D(45, 46, amominu.d, 1, -1, 1, 1)
    TEST_AMO_D(47, 48, amominu.d.aqrl, 0x8000000000000000,
               0x7fffffffffffffff, 0x8000000000000000, 0x7fffffffffffffff)
    TEST_AMO_D(49, 50, amominu.d, 0x0000000100000000, 0xffffffff, 0x0000000100000000, 0xffffffff)

    TEST_AMO_D(51, 52, amomaxu.d, -1, 1, -1, -1)
    TEST_AMO_D(53, 54, amomaxu.d, 1, -1, 1, -1)
    TEST_AMO_D(55, 56, amomaxu.d.aq, 0x8000000000000000,
               0x7fffffffffffffff, 0x8000000000000000, 0x8000000000000000)
    TEST_AMO_D(57, 58, amomaxu.d, 0x0000000100000000,
               0xffffffff, 0x0000000100000000, 0x0000000100000000)

    /* rd = x0: memory is still updated. */
    TEST_CASE(59, a0, 0,
              la a1, amo_data; li a2, 40; sd a2, 0(a1); li a3, 2;
              amoadd.d x0, a3, (a1); mv a0, x0)
    TEST_CASE(60, a0, 42, ld a0, 0(a1))
    /* rd = rs2: the operand is read before the old value overwrites it. */
    TEST_CASE(61, a3, 42, li a3, 0x1234; amoswap.d a3, a3, (a1))
    TEST_CASE(62, a0, 0x1234, ld a0, 0(a1))
    /* rd = rs1: the address is read before the old value overwrites it. */
    TEST_CASE(63, a1, 0x1234, la a1, amo_data; li a3, 0x10; amoor.d a1, a3, (a1))
    TEST_CASE(64, a0, 0x1234 | 0x10, la a1, amo_data; ld a0, 0(a1))

    RVTEST_PASS
RVTEST_CODE_END

RVTEST_DATA_BEGIN
    .balign 8
amo_data:
    .dword 0
RVTEST_DATA_END
