/* Stores: sb, sh, sw, sd write exactly their low 1, 2, 4, 8 bytes of rs2 at every naturally
 * aligned position and leave the rest of the doubleword and its neighbours alone; largest and
 * negative offsets; rs1 = rs2. Each case refills three doublewords with STORE_FILL, stores, and
 * reads the middle doubleword back. Assembled without RVC. */
#include "integer_macros.h"

#define STORE_FILL 0x8899aabbccddeeff

/* a2 = store_target + base; `store a1, offset(a2)`; a0 = the doubleword at store_target. */
#define TEST_STORE(number, store, base, offset, value, expected)   \
    TEST_CASE(number, a0, expected,                                \
              la a2, store_target; li a3, STORE_FILL;              \
              sd a3, -8(a2); sd a3, 0(a2); sd a3, 8(a2);           \
              la a2, store_target + (base); li a1, value;          \
              store a1, offset(a2);                                \
              la a2, store_target; ld a0, 0(a2))

/* The doubleword before (offset -8) or after (8) store_target, after the previous case. */
#define TEST_STORE_NEIGHBOUR(number, offset) \
    TEST_CASE(number, a0, STORE_FILL, la a2, store_target; ld a0, offset(a2))

RVTEST_CODE_BEGIN
    .option norvc

    TEST_STORE(1, sb, 0, 0, 0xfffffffffffffe12, 0x8899aabbccddee12)
    TEST_STORE_NEIGHBOUR(2, -8)
    TEST_STORE(3, sb, 0, 1, 0x34, 0x8899aabbccdd34ff)
    TEST_STORE(4, sb, 0, 3, 0x12, 0x8899aabb12ddeeff)
    TEST_STORE(5, sb, 0, 4, 0x00, 0x8899aa00ccddeeff)
    TEST_STORE(6, sb, 0, 7, 0x7f, 0x7f99aabbccddeeff)
    TEST_STORE_NEIGHBOUR(7, 8)
    TEST_STORE(8, sb, 8, -1, 0x56, 0x5699aabbccddeeff)
    TEST_STORE(9, sb, 8, -8, 0x56, 0x8899aabbccddee56)

    TEST_STORE(10, sh, 0, 0, 0x123456789abc3412, 0x8899aabbccdd3412)
    TEST_STORE_NEIGHBOUR(11, -8)
    TEST_STORE(12, sh, 0, 2, 0x123456789abc3412, 0x8899aabb3412eeff)
    TEST_STORE(13, sh, 0, 4, 0xffff, 0x8899ffffccddeeff)
    TEST_STORE(14, sh, 0, 6, 0x123456789abc3412, 0x3412aabbccddeeff)
    TEST_STORE_NEIGHBOUR(15, 8)
    TEST_STORE(16, sh, 8, -2, 0x8001, 0x8001aabbccddeeff)

    TEST_STORE(17, sw, 0, 0, 0xfedcba9801234567, 0x8899aabb01234567)
    TEST_STORE_NEIGHBOUR(18, -8)
    TEST_STORE(19, sw, 0, 4, 0xfedcba9801234567, 0x01234567ccddeeff)
    TEST_STORE_NEIGHBOUR(20, 8)
    TEST_STORE(21, sw, 8, -4, 0x80000000, 0x80000000ccddeeff)
    TEST_STORE(22, sw, 8, -8, -1, 0x8899aabbffffffff)

    TEST_STORE(23, sd, 0, 0, 0x0123456789abcdef, 0x0123456789abcdef)
    TEST_STORE_NEIGHBOUR(24, -8)
    TEST_STORE_NEIGHBOUR(25, 8)
    TEST_STORE(26, sd, 8, -8, 0xfedcba9876543210, 0xfedcba9876543210)
    TEST_STORE(27, sd, 0, 0, 0, 0)

    /* Largest offsets. */
    TEST_STORE(28, sb, -2047, 2047, 0x66, 0x8899aabbccddee66)
    TEST_STORE(29, sh, -2047 + 6, 2047, 0x7766, 0x7766aabbccddeeff)
    TEST_STORE(30, sw, 2048, -2048, 0x11223344, 0x8899aabb11223344)
    TEST_STORE(31, sd, 2048, -2048, 0x1122334455667788, 0x1122334455667788)

    /* Smaller loads see the bytes of a wider store at the matching offsets. */
    TEST_CASE(32, a0, 0x45,
              la a2, store_target; li a1, 0x0123456789abcdef; sd a1, 0(a2); lbu a0, 5(a2))
    TEST_CASE(33, a0, 0xffffffff89abcdef, la a2, store_target; lw a0, 0(a2))
    TEST_CASE(34, a0, 0x0123, la a2, store_target; lhu a0, 6(a2))

    /* rs1 = rs2: the stored value is the address itself. */
    TEST_CASE(35, a0, 0,
              la a2, store_target; sd a2, 0(a2); ld a0, 0(a2); sub a0, a0, a2)

    /* A load right after a store to the same address returns the new value. */
    TEST_CASE(36, a0, 0xffffffffffffff80,
              la a2, store_target; li a1, 0x80; sb a1, 3(a2); lb a0, 3(a2))

    RVTEST_PASS
RVTEST_CODE_END

RVTEST_DATA_BEGIN
    .balign 8
    .dword 0
store_target:
    .dword 0
    .dword 0
RVTEST_DATA_END
