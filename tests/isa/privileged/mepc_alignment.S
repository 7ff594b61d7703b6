/* mepc[0] always reads 0, however it is written. Registered for xbemu only: QEMU 7.2 keeps the
 * bit that was written. */
#include "priv_macros.h"

RVTEST_CODE_BEGIN
    TEST_CASE(1, a0, 0x80001236, li t0, 0x80001237; csrw mepc, t0; csrr a0, mepc)
    TEST_CASE(2, a0, 0x80001234, li t0, 0x80001235; csrw mepc, t0; csrr a0, mepc)
    TEST_CASE(3, a0, 0x80001234, csrsi mepc, 1; csrr a0, mepc)
    TEST_CASE(4, a0, 0x80001234, li t0, 0x80001235; csrrw zero, mepc, t0; csrrw a0, mepc, t0)
    /* mret to an mepc written with bit 0 set lands on the halfword-aligned address. */
    TEST_CASE(5, a0, 5,
              li a0, 0; la t0, odd_target + 1; csrw mepc, t0; li t0, MSTATUS_MPP_M; csrs mstatus, t0;
              mret; j test_fail; odd_target: li a0, 5)
    RVTEST_PASS
RVTEST_CODE_END
