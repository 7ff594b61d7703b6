/* A PE's remote load returns its own latest remote store to the same bytes even without a fence
 * in between: RVWMO keeps a hart's accesses to one address in program order, so a posted store
 * must be completed, or forwarded, before a later load of the same location. Each PE writes into
 * the next PE's `echo` doubleword (nobody else does) and reads it back at once, ROUNDS times,
 * with full and partial overlaps. */
#include "xbgas_test.h"

#ifndef ROUNDS
#define ROUNDS 256
#endif

XBGAS_TEST_BEGIN
    addi t0, NEXT_PE, 1
    XB_EADDIE(15, t0, 0)
    XB_EADDIE(17, t0, 0)
    la a5, echo

    /* esd then eld: value (round << 8) + PE */
    li TESTNUM, 1
    li s4, 1
1:  slli a4, s4, 8
    add a4, a4, PE_ID
    XB_ESD(a4, 0(a5))
    XB_ELD(a6, 0(a5))
    bne a6, a4, test_fail
    addi s4, s4, 1
    li t0, ROUNDS
    bleu s4, t0, 1b

    /* a word into the high half, read back as part of the doubleword */
    TEST_PE_PATTERN(2, a6, 0x8765432100000000 + (ROUNDS << 8), 1, PE_ID,
                    li a4, 0x87654321; XB_ESW(a4, 4(a5)); XB_ELD(a6, 0(a5)))
    /* raw forms: a byte into the lowest byte, read back as a doubleword */
    TEST_PE_PATTERN(3, a6, 0x8765432100000000 + (ROUNDS << 8) + 0xee, 0, PE_ID,
                    li a4, 0x1ee; XB_ERSB(a4, a5, 17); XB_ERLD(a6, a5, 17))
    /* erse then erle */
    TEST_CASE(4, a6, 0x0123456789abcdef,
              li a4, 0x0123456789abcdef; XB_EADDIE(20, a4, 0); XB_ERSE(20, a5, 17);
              XB_ERLE(21, a5, 17); XB_EADDI(a6, 21, 0))
    XBGAS_BARRIER

    /* and the owner sees the last one */
    TEST_CASE(5, a6, 0x0123456789abcdef, ld a6, 0(a5))
    XBGAS_PASS
XBGAS_TEST_END

RVTEST_DATA_BEGIN
    XBGAS_TEST_DATA
    .balign 64
echo:
    .dword 0
RVTEST_DATA_END
