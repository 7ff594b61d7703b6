/* The register moves eaddi (x = e + imm), eaddie (e = x + imm) and eaddix (e = e + imm) with
 * both immediate extremes and wrap-around at 64 bits; x and e registers of the same number are
 * separate; e0 is an ordinary register; all 32 extended registers hold their own value; ese and
 * ele save and restore all of them through local memory, with positive and negative offsets.
 * Touches no other PE, so it means the same on any number of PEs.
 *
 * The values E(n) stored in the extended registers are not object IDs of any PE, so ese and
 * ele, whose base register's extended register holds such a value, also show that they use
 * local memory whatever that register holds (an implementation that took it as an object ID
 * would trap). */
#include "xbgas_test.h"

#define E(n) (0xa5a5000000000000 + (n) * 0x100010001)

#define SET_E(n)                             \
    li a1, E(n);                             \
    XB_EADDIE(n, a1, 0)
#define TEST_E(number, n) TEST_CASE_AT(number, a0, E(n), XB_EADDI(a0, n, 0))
#define SAVE_E(n) XB_ESE(n, (8 * (n) - 128)(a3))
#define RESTORE_E(n) XB_ELE(n, (8 * (n) - 128)(a3))
#define CLEAR_E(n) XB_EADDIE(n, zero, 0)

/* n = 0..31 for a one-argument macro */
#define FOR_EACH_E(MACRO)                                                                   \
    MACRO(0); MACRO(1); MACRO(2); MACRO(3); MACRO(4); MACRO(5); MACRO(6); MACRO(7);         \
    MACRO(8); MACRO(9); MACRO(10); MACRO(11); MACRO(12); MACRO(13); MACRO(14); MACRO(15);   \
    MACRO(16); MACRO(17); MACRO(18); MACRO(19); MACRO(20); MACRO(21); MACRO(22); MACRO(23); \
    MACRO(24); MACRO(25); MACRO(26); MACRO(27); MACRO(28); MACRO(29); MACRO(30); MACRO(31)

/* Cases first .. first + 31 check e0..e31 against E(n). */
#define TEST_ALL_E(first)                                                                       \
    TEST_E((first + 0), 0) TEST_E((first + 1), 1) TEST_E((first + 2), 2) TEST_E((first + 3), 3) \
    TEST_E((first + 4), 4) TEST_E((first + 5), 5) TEST_E((first + 6), 6) TEST_E((first + 7), 7) \
    TEST_E((first + 8), 8) TEST_E((first + 9), 9) TEST_E((first + 10), 10)                      \
    TEST_E((first + 11), 11) TEST_E((first + 12), 12) TEST_E((first + 13), 13)                  \
    TEST_E((first + 14), 14) TEST_E((first + 15), 15) TEST_E((first + 16), 16)                  \
    TEST_E((first + 17), 17) TEST_E((first + 18), 18) TEST_E((first + 19), 19)                  \
    TEST_E((first + 20), 20) TEST_E((first + 21), 21) TEST_E((first + 22), 22)                  \
    TEST_E((first + 23), 23) TEST_E((first + 24), 24) TEST_E((first + 25), 25)                  \
    TEST_E((first + 26), 26) TEST_E((first + 27), 27) TEST_E((first + 28), 28)                  \
    TEST_E((first + 29), 29) TEST_E((first + 30), 30) TEST_E((first + 31), 31)

XBGAS_TEST_BEGIN
    /* eaddie then eaddi: the immediate of each is added once */
    TEST_CASE(1, a0, 0x0123456789abcdef,
              li a1, 0x0123456789abcdef; XB_EADDIE(20, a1, 0); XB_EADDI(a0, 20, 0))
    TEST_CASE(2, a0, 0x0123456789abd5ee,
              li a1, 0x0123456789abcdef; XB_EADDIE(20, a1, 2047); XB_EADDI(a0, 20, 0))
    TEST_CASE(3, a0, 0x0123456789abc5ef,
              li a1, 0x0123456789abcdef; XB_EADDIE(20, a1, -2048); XB_EADDI(a0, 20, 0))
    TEST_CASE(4, a0, 0x0123456789abcdee,
              li a1, 0x0123456789abcdef; XB_EADDIE(20, a1, 0); XB_EADDI(a0, 20, -1))
    TEST_CASE(5, a0, 0x0123456789abd5ee,
              li a1, 0x0123456789abcdef; XB_EADDIE(20, a1, 0); XB_EADDI(a0, 20, 2047))
    TEST_CASE(6, a0, 0x0123456789abc5ef,
              li a1, 0x0123456789abcdef; XB_EADDIE(20, a1, 0); XB_EADDI(a0, 20, -2048))

    /* wrap-around */
    TEST_CASE(7, a0, 0, li a1, -1; XB_EADDIE(20, a1, 1); XB_EADDI(a0, 20, 0))
    TEST_CASE(8, a0, 0x8000000000000000,
              li a1, 0x7fffffffffffffff; XB_EADDIE(20, a1, 1); XB_EADDI(a0, 20, 0))
    TEST_CASE(9, a0, 0x7fffffffffffffff,
              li a1, 0x8000000000000000; XB_EADDIE(20, a1, 0); XB_EADDI(a0, 20, -1))
    TEST_CASE(10, a0, 2046, li a1, -1; XB_EADDIE(20, a1, 0); XB_EADDI(a0, 20, 2047))
    TEST_CASE(11, a0, -1, XB_EADDIE(20, zero, -1); XB_EADDI(a0, 20, 0))
    TEST_CASE(12, a0, 0xfffffffffffff800, XB_EADDIE(20, zero, -2048); XB_EADDI(a0, 20, 0))

    /* eaddix into another register leaves the source alone; into itself; wrapping */
    TEST_CASE(13, a0, 0x15,
              li a1, 0x10; XB_EADDIE(20, a1, 0); XB_EADDIX(21, 20, 5); XB_EADDI(a0, 21, 0))
    TEST_CASE(14, a0, 0x10, XB_EADDI(a0, 20, 0))
    TEST_CASE(15, a0, 0xfffffffffffff810, XB_EADDIX(20, 20, -2048); XB_EADDI(a0, 20, 0))
    TEST_CASE(16, a0, 0, XB_EADDIE(20, zero, -1); XB_EADDIX(20, 20, 1); XB_EADDI(a0, 20, 0))
    TEST_CASE(17, a0, 0x8000000000000000,
              li a1, 0x7ffffffffffff801; XB_EADDIE(20, a1, 0); XB_EADDIX(21, 20, 2047);
              XB_EADDI(a0, 21, 0))
    TEST_CASE(18, a0, 0xffffffffffffffff, XB_EADDIE(20, zero, 0); XB_EADDIX(21, 20, -1);
              XB_EADDI(a0, 21, 0))
    /* the pseudo-instructions */
    TEST_CASE(19, a0, 0x1234,
              li a1, 0x1234; XB_MOVEEB(22, a1); XB_MOVEEE(23, 22); XB_MOVEBE(a0, 23))

    /* eaddi into x0 writes nothing */
    TEST_CASE(20, a0, 0, XB_EADDIE(20, zero, 5); XB_EADDI(zero, 20, 0); mv a0, zero)

    /* x7 (t2) and e7 are different registers */
    TEST_CASE(21, t2, 5, li t2, 5; XB_EADDIE(7, t2, 1))
    TEST_CASE(22, a0, 6, XB_EADDI(a0, 7, 0))
    TEST_CASE(23, t2, 7, XB_EADDI(t2, 7, 1))
    TEST_CASE(24, a0, 6, XB_EADDI(a0, 7, 0))

    /* e0 holds what is written to it */
    TEST_CASE(25, a0, 0x55, li a1, 0x55; XB_EADDIE(0, a1, 0); XB_EADDI(a0, 0, 0))
    TEST_CASE(26, a0, 0x56, XB_EADDIX(0, 0, 1); XB_EADDI(a0, 0, 0))

    /* all 32 at once */
    FOR_EACH_E(SET_E)
    TEST_ALL_E(60)

    /* ese: the saved doublewords, read back with ld; a3 sits 128 bytes into the save area, so
     * e0-e15 go to negative offsets */
    la a3, save_area + 128
    FOR_EACH_E(SAVE_E)
    TEST_CASE(40, a0, E(0), la a1, save_area; ld a0, 0(a1))
    TEST_CASE(41, a0, E(15), la a1, save_area; ld a0, 8 * 15(a1))
    TEST_CASE(42, a0, E(16), la a1, save_area; ld a0, 8 * 16(a1))
    TEST_CASE(43, a0, E(31), la a1, save_area; ld a0, 8 * 31(a1))
    /* the save area is exactly 32 doublewords: the guards around it are untouched */
    TEST_CASE(44, a0, 0x5a5a5a5a5a5a5a5a, la a1, save_area; ld a0, -8(a1))
    TEST_CASE(45, a0, 0x5a5a5a5a5a5a5a5a, la a1, save_area; ld a0, 8 * 32(a1))

    /* ele: clear all, restore all */
    FOR_EACH_E(CLEAR_E)
    TEST_CASE(46, a0, 0, XB_EADDI(a0, 17, 0))
    la a3, save_area + 128
    FOR_EACH_E(RESTORE_E)
    TEST_ALL_E(92)

    /* ele of a doubleword written by sd and ese read back by ld, at the offset extremes */
    TEST_CASE(50, a0, 0xfedcba9876543210,
              li a1, 0xfedcba9876543210; la a3, save_area; sd a1, 8(a3); li a4, 2048 + 8;
              add a3, a3, a4; XB_ELE(24, -2048(a3)); XB_EADDI(a0, 24, 0))
    TEST_CASE(51, a0, 0xfedcba9876543210,
              la a3, save_area; sd zero, 8(a3); addi a3, a3, 8 - 2040; XB_ESE(24, 2040(a3));
              la a3, save_area; ld a0, 8(a3))

    XBGAS_PASS
XBGAS_TEST_END

RVTEST_DATA_BEGIN
    XBGAS_TEST_DATA
    .balign 8
    .dword 0x5a5a5a5a5a5a5a5a
save_area:
    .fill 32, 8, 0
    .dword 0x5a5a5a5a5a5a5a5a
RVTEST_DATA_END
