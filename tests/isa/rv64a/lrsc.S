/* lr.w, lr.d, sc.w, sc.d on one hart: lr returns the value (lr.w sign-extended), sc returns 0
 * and stores when the reservation is valid, and returns non-zero without storing when there
 * is no reservation, when the address differs (another page, so no implementation's
 * reservation set covers it) or when an earlier sc already consumed the reservation; every
 * sc, successful or not, ends the reservation. Failure codes are normalised with snez.
 * Assembled without RVC. */
#include "integer_macros.h"

RVTEST_CODE_BEGIN
    .option norvc

    /* No lr has executed yet. */
    TEST_CASE(1, a0, 1, la a1, lrsc_data; li a2, 0x1111; sc.d a0, a2, (a1); snez a0, a0)
    TEST_CASE(2, a0, 0x0123456789abcdef, la a1, lrsc_data; ld a0, 0(a1))

    TEST_CASE(3, a0, 0x0123456789abcdef, la a1, lrsc_data; lr.d a0, (a1))
    TEST_CASE(4, a0, 0, li a2, 0x5555aaaa5555aaaa; sc.d a0, a2, (a1))
    TEST_CASE(5, a0, 0x5555aaaa5555aaaa, ld a0, 0(a1))
    /* A second sc after a successful one. */
    TEST_CASE(6, a0, 1, li a2, 0x2222; sc.d a0, a2, (a1); snez a0, a0)
    TEST_CASE(7, a0, 0x5555aaaa5555aaaa, ld a0, 0(a1))

    /* Word forms: lr.w sign-extends, sc.w stores only the low word of rs2. */
    TEST_CASE(8, a0, 0xffffffff80000001,
              la a1, lrsc_data; li a2, 0x7777777780000001; sd a2, 8(a1);
              addi a1, a1, 8; lr.w a0, (a1))
    TEST_CASE(9, a0, 0, li a2, 0x1234567876543210; sc.w a0, a2, (a1))
    TEST_CASE(10, a0, 0x7777777776543210, ld a0, 0(a1))
    TEST_CASE(11, a0, 1, li a2, 0x3333; sc.w a0, a2, (a1); snez a0, a0)
    TEST_CASE(12, a0, 0x7777777776543210, ld a0, 0(a1))
    /* lr.w on the upper word of the doubleword. */
    TEST_CASE(13, a0, 0x77777777, addi a1, a1, 4; lr.w a0, (a1))
    TEST_CASE(14, a0, 0, li a2, -2; sc.w a0, a2, (a1))
    TEST_CASE(15, a0, 0xfffffffe76543210, ld a0, -4(a1))

    /* sc to another address than the reservation. */
    TEST_CASE(16, a0, 1,
              la a1, lrsc_data; la a4, lrsc_other_page;
              lr.d a3, (a1); li a2, 0x4444; sc.d a0, a2, (a4); snez a0, a0)
    TEST_CASE(17, a0, 0x0fedcba987654321, ld a0, 0(a4))
    /* That failed sc also ended the reservation on lrsc_data. */
    TEST_CASE(18, a0, 1, li a2, 0x4444; sc.d a0, a2, (a1); snez a0, a0)
    TEST_CASE(19, a0, 0x5555aaaa5555aaaa, ld a0, 0(a1))
    TEST_CASE(20, a0, 1,
              lr.w a3, (a1); li a2, 0x4444; sc.w a0, a2, (a4); snez a0, a0)
    TEST_CASE(21, a0, 0x0fedcba987654321, ld a0, 0(a4))

    /* A newer lr replaces the older reservation. */
    TEST_CASE(22, a0, 0,
              lr.d a3, (a4); lr.d a3, (a1); li a2, 0x6666; sc.d a0, a2, (a1))
    TEST_CASE(23, a0, 0x6666, ld a0, 0(a1))
    TEST_CASE(24, a0, 0x0fedcba987654321, ld a0, 0(a4))

    /* Ordering bits do not change single-hart behaviour. */
    TEST_CASE(25, a0, 0x6666, lr.d.aq a0, (a1))
    TEST_CASE(26, a0, 0, li a2, 0x7777; sc.d.rl a0, a2, (a1))
    TEST_CASE(27, a0, 0x7777, lr.d.aqrl a0, (a1))
    TEST_CASE(28, a0, 0, li a2, 0x8888; sc.d.aqrl a0, a2, (a1))
    TEST_CASE(29, a0, 0x8888, ld a0, 0(a1))
    TEST_CASE(30, a0, 0x8888, lr.w.aq a0, (a1))
    TEST_CASE(31, a0, 0, li a2, -1; sc.w.rl a0, a2, (a1))
    TEST_CASE(32, a0, 0xffffffffffffffff, lr.w.aqrl a0, (a1))
    TEST_CASE(33, a0, 0, li a2, 0x9999; sc.w.aqrl a0, a2, (a1))
    TEST_CASE(34, a0, 0x9999, ld a0, 0(a1))

    /* sc with rd = x0 still stores. */
    TEST_CASE(35, a0, 0xabab, lr.d a3, (a1); li a2, 0xabab; sc.d x0, a2, (a1); ld a0, 0(a1))
    TEST_CASE(36, a0, 0, mv a0, x0)

    /* The usual retry loop: three atomic increments. */
    TEST_CASE(37, a0, 0xabab + 3,
              li a5, 3;
          1:  lr.d a3, (a1); addi a3, a3, 1; sc.d a2, a3, (a1); bnez a2, 1b;
              addi a5, a5, -1; bnez a5, 1b;
              ld a0, 0(a1))

    RVTEST_PASS
RVTEST_CODE_END

RVTEST_DATA_BEGIN
    .balign 16
lrsc_data:
    .dword 0x0123456789abcdef
    .dword 0
    .balign 4096
lrsc_other_page:
    .dword 0x0fedcba987654321
RVTEST_DATA_END
