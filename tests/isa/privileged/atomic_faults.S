/* Faults of AMOs and SC. Registered for xbemu only: QEMU 7.2 reports an AMO's access fault as a
 * load access fault (cause 5) and a misaligned AMO as a misaligned load (cause 4), and it lets a
 * misaligned SC fail without trapping; the spec makes all of them store/AMO exceptions. */
#include "priv_macros.h"

RVTEST_CODE_BEGIN
    INSTALL_RECORDING_TRAP_HANDLER

    /* An AMO outside memory is a store/AMO access fault with mtval = the address. */
    TEST_CASE(1, TRAP_CAUSE, CAUSE_STORE_ACCESS_FAULT,
              li t1, UNMAPPED_PAST_RAM_ADDRESS; EXPECT_TRAP_AT(1f); amo_past_ram: amoadd.d t0, t0, (t1); 1:)
    TEST_ADDRESS(2, TRAP_EPC, amo_past_ram)
    TEST_CASE(3, TRAP_TVAL, UNMAPPED_PAST_RAM_ADDRESS)
    TEST_CASE(4, TRAP_CAUSE, CAUSE_STORE_ACCESS_FAULT,
              li t1, UNMAPPED_LOW_ADDRESS; EXPECT_TRAP_AT(1f); amoor.w t0, t0, (t1); 1:)
    TEST_CASE(5, TRAP_TVAL, UNMAPPED_LOW_ADDRESS)

    /* Misaligned AMOs raise store/AMO address misaligned with mtval = the address. */
    TEST_CASE(10, TRAP_CAUSE, CAUSE_STORE_MISALIGNED,
              la t1, atomic_area + 2; EXPECT_TRAP_AT(1f); amo_misaligned_w: amoadd.w t0, t0, (t1); 1:)
    TEST_ADDRESS(11, TRAP_EPC, amo_misaligned_w)
    TEST_ADDRESS(12, TRAP_TVAL, atomic_area + 2)
    TEST_CASE(13, TRAP_CAUSE, CAUSE_STORE_MISALIGNED,
              la t1, atomic_area + 4; EXPECT_TRAP_AT(1f); amo_misaligned_d: amoswap.d t0, t0, (t1); 1:)
    TEST_ADDRESS(14, TRAP_EPC, amo_misaligned_d)
    TEST_ADDRESS(15, TRAP_TVAL, atomic_area + 4)
    /* A faulting AMO changes neither its destination nor memory. */
    TEST_CASE(16, t0, 0x1234,
              li t0, 0x1234; la t1, atomic_area + 4; EXPECT_TRAP_AT(1f); amoswap.d t0, t0, (t1); 1:)
    TEST_CASE(17, t0, 0x55, la t1, atomic_area; ld t0, 0(t1))
    TEST_CASE(18, t0, 0, la t1, atomic_area; ld t0, 8(t1))

    /* SC checks alignment whether or not it holds a reservation: first without one... */
    TEST_CASE(20, TRAP_CAUSE, CAUSE_STORE_MISALIGNED,
              la t1, atomic_area + 4; EXPECT_TRAP_AT(1f); sc_misaligned_d: sc.d t0, t0, (t1); 1:)
    TEST_ADDRESS(21, TRAP_EPC, sc_misaligned_d)
    TEST_ADDRESS(22, TRAP_TVAL, atomic_area + 4)
    /* ...then right after an LR of the enclosing doubleword; the destination keeps its value. */
    TEST_CASE(23, TRAP_CAUSE, CAUSE_STORE_MISALIGNED,
              la t1, atomic_area; lr.d t0, (t1); li t2, 0x777; addi t1, t1, 2;
              EXPECT_TRAP_AT(1f); sc_misaligned_w: sc.w t2, t2, (t1); 1:)
    TEST_ADDRESS(24, TRAP_EPC, sc_misaligned_w)
    TEST_ADDRESS(25, TRAP_TVAL, atomic_area + 2)
    TEST_CASE(26, t2, 0x777)
    TEST_CASE(27, t0, 0x55, la t1, atomic_area; ld t0, 0(t1))

    RVTEST_PASS
    RECORDING_TRAP_HANDLER
RVTEST_CODE_END

RVTEST_DATA_BEGIN
atomic_area:
    .dword 0x55
    .dword 0
RVTEST_DATA_END
