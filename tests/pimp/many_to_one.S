/* Back-pressure and order: every PE but 0 sends WORDS words to PE 0, which starts receiving
 * only after a long delay, so that the senders' credits run out and their send FIFOs fill. PE 0
 * must get every word, and each sender's in the order sent: a word is (sender << 32) | its
 * index. The senders then wait for PE 0's word that it is done (they must not exit first: the
 * job would end). */
#include "pimp_test.h"

#ifndef WORDS
#define WORDS 100
#endif
#ifndef RECEIVER_DELAY
#define RECEIVER_DELAY 200000
#endif

    PIMP_TEST_BEGIN
    beqz PE_ID, receiver

    li s2, 0
1:  slli t1, PE_ID, 32
    or t1, t1, s2
    PIMP_BLOCKING_SEND(zero, t1)
    addi s2, s2, 1
    li t2, WORDS
    bltu s2, t2, 1b
    PIMP_BLOCKING_RECEIVE(s3, s4)
    TEST_CASE(1, s3, 0)
    TEST_CASE(2, s4, 0x600d)
    RVTEST_PASS

receiver:
    DELAY(RECEIVER_DELAY)
    /* next[sender]: the index expected next from it. */
    la s5, next_index
    addi t1, PE_COUNT, -1
    li t2, WORDS
    mul s6, t1, t2 /* words to receive */
2:  PIMP_BLOCKING_RECEIVE(s3, s4)
    srli t1, s4, 32
    li TESTNUM, 3
    bne t1, s3, test_fail
    li TESTNUM, 4
    beqz s3, test_fail
    bgeu s3, PE_COUNT, test_fail
    slli t2, s3, 3
    add t2, t2, s5
    ld t3, 0(t2)
    slli t4, s4, 32
    srli t4, t4, 32
    li TESTNUM, 5
    bne t4, t3, test_fail
    addi t3, t3, 1
    sd t3, 0(t2)
    addi s6, s6, -1
    bnez s6, 2b
    TEST_CASE(6, t0, 1, TAKEN(t0, PIMP_BNR))
    /* Tell the senders. */
    li s2, 1
    li t1, 0x600d
3:  bgeu s2, PE_COUNT, 4f
    PIMP_BLOCKING_SEND(s2, t1)
    addi s2, s2, 1
    j 3b
4:  RVTEST_PASS
    RVTEST_CODE_END

    RVTEST_DATA_BEGIN
next_index:
    .fill 1024, 8, 0
    RVTEST_DATA_END
