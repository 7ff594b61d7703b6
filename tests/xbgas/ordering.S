/* FENCE orders remote stores: PEs 2k and 2k+1 form a pair (a last PE without a partner idles)
 * and pass a block (4 KiB by default) back and forth for ROUNDS rounds. In round r the writer
 * (PE 2k in odd rounds, PE 2k+1 in even ones) stores BLOCK_DWORDS doublewords (r << 32) + i into
 * its partner's block, with esd for the first half and ersd for the second, then fences and
 * stores r into the partner's flag. The receiver spins on its own flag until it reads r, fences,
 * and checks every doubleword with ordinary loads: a stale one (from round r - 2) or a missing
 * one fails case 1. The receiver of round r writes in round r + 1, and only after checking, so
 * no block is written while it is being read. */
#include "xbgas_test.h"

/* Both can be lowered with -D for slow transports; BLOCK_DWORDS must stay even. */
#ifndef ROUNDS
#define ROUNDS 200
#endif
#ifndef BLOCK_DWORDS
#define BLOCK_DWORDS 512
#endif

XBGAS_TEST_BEGIN
    xori s4, PE_ID, 1
    bgeu s4, PE_COUNT, done
    addi s5, s4, 1
    andi s6, PE_ID, 1
    li s7, 1

round:
    li TESTNUM, 1
    andi t0, s7, 1
    beq t0, s6, receive

    /* write: e15 (a5's) and e17 name the partner */
    XB_EADDIE(15, s5, 0)
    XB_EADDIE(17, s5, 0)
    slli a4, s7, 32
    la a5, block
    li a6, BLOCK_DWORDS / 2
1:  XB_ESD(a4, 0(a5))
    addi a4, a4, 1
    addi a5, a5, 8
    addi a6, a6, -1
    bnez a6, 1b
    li a6, BLOCK_DWORDS / 2
2:  XB_ERSD(a4, a5, 17)
    addi a4, a4, 1
    addi a5, a5, 8
    addi a6, a6, -1
    bnez a6, 2b
    fence
    la a5, flag
    XB_ESD(s7, 0(a5))
    j next_round

receive:
    la a5, flag
3:  ld a4, 0(a5)
    bltu a4, s7, 3b
    fence
    slli a4, s7, 32
    la a5, block
    li a6, BLOCK_DWORDS
4:  ld a7, 0(a5)
    bne a7, a4, test_fail
    addi a4, a4, 1
    addi a5, a5, 8
    addi a6, a6, -1
    bnez a6, 4b

next_round:
    addi s7, s7, 1
    li t0, ROUNDS
    bleu s7, t0, round

    /* the flags end at the last round each PE received: ROUNDS and ROUNDS - 1 */
    TEST_CASE(2, a4, 2 * ROUNDS - 1,
              la a5, flag; ld a3, 0(a5); XB_EADDIE(15, s5, 0); XB_ELD(a4, 0(a5)); add a4, a4, a3)
done:
    XBGAS_PASS
XBGAS_TEST_END

RVTEST_DATA_BEGIN
    XBGAS_TEST_DATA
    .balign 64
flag:
    .dword 0
    .balign 64
block:
    .fill BLOCK_DWORDS, 8, 0
RVTEST_DATA_END
