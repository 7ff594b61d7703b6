/* Loads: lb, lh, lw, ld sign-extend and lbu, lhu, lwu zero-extend, at every naturally aligned
 * position within a doubleword, with the largest positive and negative offsets and with
 * rd = rs1. The data mixes bytes with the top bit set and clear so that a wrong extension or a
 * wrong byte order changes the result. Assembled without RVC. */
#include "integer_macros.h"

RVTEST_CODE_BEGIN
    .option norvc

    /* lb: bytes ef cd ab 89 67 45 23 01 | 10 32 54 76 98 ba dc fe | 80 7f ... */
    TEST_CASE(1, a0, 0xffffffffffffffef, la a1, load_data; lb a0, 0(a1))
    TEST_CASE(2, a0, 0xffffffffffffffcd, la a1, load_data; lb a0, 1(a1))
    TEST_CASE(3, a0, 0x67, la a1, load_data; lb a0, 4(a1))
    TEST_CASE(4, a0, 0x01, la a1, load_data; lb a0, 7(a1))
    TEST_CASE(5, a0, 0xffffffffffffff80, la a1, load_data; lb a0, 16(a1))
    TEST_CASE(6, a0, 0x7f, la a1, load_data; lb a0, 17(a1))
    TEST_CASE(7, a0, 0x01, la a1, load_data + 8; lb a0, -1(a1))
    TEST_CASE(8, a0, 0xffffffffffffffef, la a1, load_data + 8; lb a0, -8(a1))

    TEST_CASE(9, a0, 0xef, la a1, load_data; lbu a0, 0(a1))
    TEST_CASE(10, a0, 0xcd, la a1, load_data; lbu a0, 1(a1))
    TEST_CASE(11, a0, 0x01, la a1, load_data; lbu a0, 7(a1))
    TEST_CASE(12, a0, 0x80, la a1, load_data; lbu a0, 16(a1))
    TEST_CASE(13, a0, 0x7f, la a1, load_data; lbu a0, 17(a1))
    TEST_CASE(14, a0, 0xfe, la a1, load_data + 16; lbu a0, -1(a1))

    TEST_CASE(15, a0, 0xffffffffffffcdef, la a1, load_data; lh a0, 0(a1))
    TEST_CASE(16, a0, 0xffffffffffff89ab, la a1, load_data; lh a0, 2(a1))
    TEST_CASE(17, a0, 0x4567, la a1, load_data; lh a0, 4(a1))
    TEST_CASE(18, a0, 0x0123, la a1, load_data; lh a0, 6(a1))
    TEST_CASE(19, a0, 0x7f80, la a1, load_data; lh a0, 16(a1))
    TEST_CASE(20, a0, 0xffffffffffff8000, la a1, load_data; lh a0, 18(a1))
    TEST_CASE(21, a0, 0xfffffffffffffedc, la a1, load_data + 16; lh a0, -2(a1))

    TEST_CASE(22, a0, 0xcdef, la a1, load_data; lhu a0, 0(a1))
    TEST_CASE(23, a0, 0x89ab, la a1, load_data; lhu a0, 2(a1))
    TEST_CASE(24, a0, 0x0123, la a1, load_data; lhu a0, 6(a1))
    TEST_CASE(25, a0, 0x8000, la a1, load_data; lhu a0, 18(a1))
    TEST_CASE(26, a0, 0xfedc, la a1, load_data + 16; lhu a0, -2(a1))

    TEST_CASE(27, a0, 0xffffffff89abcdef, la a1, load_data; lw a0, 0(a1))
    TEST_CASE(28, a0, 0x01234567, la a1, load_data; lw a0, 4(a1))
    TEST_CASE(29, a0, 0x76543210, la a1, load_data; lw a0, 8(a1))
    TEST_CASE(30, a0, 0xfffffffffedcba98, la a1, load_data; lw a0, 12(a1))
    TEST_CASE(31, a0, 0xffffffff80007f80, la a1, load_data; lw a0, 16(a1))
    TEST_CASE(32, a0, 0x7fffffff, la a1, load_data; lw a0, 24(a1))
    TEST_CASE(33, a0, 0xffffffff80000000, la a1, load_data; lw a0, 28(a1))
    TEST_CASE(34, a0, 0xfffffffffedcba98, la a1, load_data + 16; lw a0, -4(a1))

    TEST_CASE(35, a0, 0x89abcdef, la a1, load_data; lwu a0, 0(a1))
    TEST_CASE(36, a0, 0x01234567, la a1, load_data; lwu a0, 4(a1))
    TEST_CASE(37, a0, 0xfedcba98, la a1, load_data; lwu a0, 12(a1))
    TEST_CASE(38, a0, 0x80000000, la a1, load_data; lwu a0, 28(a1))
    TEST_CASE(39, a0, 0x89abcdef, la a1, load_data + 8; lwu a0, -8(a1))

    TEST_CASE(40, a0, 0x0123456789abcdef, la a1, load_data; ld a0, 0(a1))
    TEST_CASE(41, a0, 0xfedcba9876543210, la a1, load_data; ld a0, 8(a1))
    TEST_CASE(42, a0, 0x8000ffff80007f80, la a1, load_data; ld a0, 16(a1))
    TEST_CASE(43, a0, 0x800000007fffffff, la a1, load_data; ld a0, 24(a1))
    TEST_CASE(44, a0, 0xfedcba9876543210, la a1, load_data + 16; ld a0, -8(a1))

    /* Largest offsets: the base register itself points far away from the data. */
    TEST_CASE(45, a0, 0x0123456789abcdef, la a1, load_data - 2047; ld a0, 2047(a1))
    TEST_CASE(46, a0, 0x0123456789abcdef, la a1, load_data + 2048; ld a0, -2048(a1))
    TEST_CASE(47, a0, 0xffffffffffffffef, la a1, load_data - 2047; lb a0, 2047(a1))
    TEST_CASE(48, a0, 0xfe, la a1, load_data + 2048 + 15; lbu a0, -2048(a1))
    TEST_CASE(49, a0, 0xffffffff80000000, la a1, load_data - 2047 + 28; lw a0, 2047(a1))

    /* rd = rs1: the address is read before the result is written. */
    TEST_CASE(50, a0, 0xfedcba9876543210, la a0, load_data + 8; ld a0, 0(a0))
    TEST_CASE(51, a0, 0xffffffffffff8000, la a0, load_data + 18; lh a0, 0(a0))

    /* A loaded value is visible to the very next instruction. */
    TEST_CASE(52, a0, 0x0123456789abcdef + 0xfedcba9876543210,
              la a1, load_data; ld a2, 0(a1); ld a3, 8(a1); add a0, a2, a3)

    RVTEST_PASS
RVTEST_CODE_END

RVTEST_DATA_BEGIN
    .balign 8
load_data:
    .dword 0x0123456789abcdef
    .dword 0xfedcba9876543210
    .dword 0x8000ffff80007f80
    .dword 0x800000007fffffff
RVTEST_DATA_END
