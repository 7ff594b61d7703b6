/* Remote atomics under contention: all PEs at once
 *   - eamoadd.d 1 to PE 0's doubleword counter ADDS_PER_PE times each: the old values one PE
 *     sees strictly increase, and the end value is PEs * ADDS_PER_PE;
 *   - increment the last PE's counter with elr.d / esc.d retry loops, LRSC_INCREMENTS_PER_PE
 *     each: the end value is PEs * LRSC_INCREMENTS_PER_PE (a lost update shows as less);
 *   - eamoadd.w 1 to the low word of PE 0's counter_w WORD_ADDS_PER_PE times each, starting
 *     100 below 2^32 so that the word wraps: the high word must never see a carry.
 * After a barrier PE 0 and the last PE check their counters with ordinary loads, and every PE
 * reads PE 0's doubleword counter remotely. */
#include "xbgas_test.h"

/* The counts can be lowered with -D for slow transports. */
#ifndef ADDS_PER_PE
#define ADDS_PER_PE 100000
#endif
#ifndef LRSC_INCREMENTS_PER_PE
#define LRSC_INCREMENTS_PER_PE 20000
#endif
#ifndef WORD_ADDS_PER_PE
#define WORD_ADDS_PER_PE 20000
#endif
#define WORD_COUNTER_START 0xffffff9c
#define WORD_COUNTER_HIGH 0x5a5a5a5a

XBGAS_TEST_BEGIN
    /* eamoadd.d on PE 0 (object ID 1) through a5 / e15 */
    la a5, counter_d
    XB_EADDIE(15, zero, 1)
    li a7, 1
    li s6, -1
    li s7, ADDS_PER_PE
    li TESTNUM, 1
1:  XB_EAMOADD_D(a6, a7, (a5))
    ble a6, s6, test_fail
    mv s6, a6
    addi s7, s7, -1
    bnez s7, 1b

    /* elr.d / esc.d on the last PE */
    la a5, counter_lrsc
    XB_EADDIE(15, PE_COUNT, 0)
    li s7, LRSC_INCREMENTS_PER_PE
2:  XB_ELR_D(a6, (a5))
    addi a7, a6, 1
    XB_ESC_D(a4, a7, (a5))
    bnez a4, 2b
    addi s7, s7, -1
    bnez s7, 2b

    /* eamoadd.w on the low word of PE 0's counter_w */
    la a5, counter_w
    XB_EADDIE(15, zero, 1)
    li a7, 1
    li s7, WORD_ADDS_PER_PE
3:  XB_EAMOADD_W(a6, a7, (a5))
    addi s7, s7, -1
    bnez s7, 3b
    XBGAS_BARRIER

    TEST_CASE_REG(2, a6, a0,
                  la a5, counter_d; XB_EADDIE(15, zero, 1); XB_ELD(a6, 0(a5));
                  li a0, ADDS_PER_PE; mul a0, a0, PE_COUNT)
    bnez PE_ID, 4f
    TEST_CASE_REG(3, a1, a0,
                  la a1, counter_d; ld a1, 0(a1); li a0, ADDS_PER_PE; mul a0, a0, PE_COUNT)
    /* (start + PEs * adds) mod 2^32 in the low word, the high word as it was */
    TEST_CASE_REG(4, a1, a0,
                  la a1, counter_w; ld a1, 0(a1); li a0, WORD_ADDS_PER_PE; mul a0, a0, PE_COUNT;
                  li a2, WORD_COUNTER_START; add a0, a0, a2; slli a0, a0, 32; srli a0, a0, 32;
                  li a2, WORD_COUNTER_HIGH << 32; or a0, a0, a2)
4:  addi a0, PE_ID, 1
    bne a0, PE_COUNT, 5f
    TEST_CASE_REG(5, a1, a0,
                  la a1, counter_lrsc; ld a1, 0(a1); li a0, LRSC_INCREMENTS_PER_PE;
                  mul a0, a0, PE_COUNT)
5:
    XBGAS_PASS
XBGAS_TEST_END

RVTEST_DATA_BEGIN
    XBGAS_TEST_DATA
    .balign 64
counter_d:
    .dword 0
    .balign 64
counter_lrsc:
    .dword 0
    .balign 64
counter_w:
    .word WORD_COUNTER_START
    .word WORD_COUNTER_HIGH
RVTEST_DATA_END
