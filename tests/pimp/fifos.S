/* The FIFOs of one PE, which sends to itself: the branches on empty, full and neither, a send
 * FIFO that fills once the receiver (itself) holds no more credits, the exception of a send with
 * it full, and every word back in order. SEND_DEPTH and RECEIVE_DEPTH are the machine's. */
#include "pimp_test.h"

#ifndef SEND_DEPTH
#define SEND_DEPTH 8
#endif
#ifndef RECEIVE_DEPTH
#define RECEIVE_DEPTH 16
#endif
/* The receive FIFO takes RECEIVE_DEPTH words (the sender's credits), the send FIFO the rest. */
#define CAPACITY (SEND_DEPTH + RECEIVE_DEPTH)

    PIMP_TEST_BEGIN
    INSTALL_RECORDING_TRAP_HANDLER

    /* Nothing received, room to send. */
    TEST_CASE(1, t0, 1, TAKEN(t0, PIMP_BNR))
    TEST_CASE(2, t0, 0, TAKEN(t0, PIMP_BAR))
    TEST_CASE(3, t0, 1, TAKEN(t0, PIMP_BRS))
    TEST_CASE(4, t0, 0, TAKEN(t0, PIMP_BNS))

    /* One word: the receive FIFO has it at once (the functional network has no latency; the
     * cycle mode's word to the PE itself never enters the network). */
    li t1, 100
    PIMP_SEND(PE_ID, t1)
    PIMP_BLOCKING_RECEIVE(s2, s3)
    TEST_CASE(5, s2, 0, sub s2, s2, PE_ID)
    TEST_CASE(6, s3, 100)
    TEST_CASE(7, t0, 1, TAKEN(t0, PIMP_BNR))

    /* Fill both FIFOs. */
    li s2, 0
1:  addi t1, s2, 200
    PIMP_BLOCKING_SEND(PE_ID, t1)
    addi s2, s2, 1
    li t2, CAPACITY
    bltu s2, t2, 1b
    TEST_CASE(8, t0, 1, TAKEN(t0, PIMP_BNS))
    TEST_CASE(9, t0, 0, TAKEN(t0, PIMP_BRS))
    TEST_CASE(10, t0, 1, TAKEN(t0, PIMP_BAR))
    TEST_CASE(11, t0, 0, TAKEN(t0, PIMP_BNR))
    li t1, 999
    TEST_TRAP(12, PIMP_CAUSE_SEND_FIFO_FULL, PE_ID, send_full, PIMP_SEND(PE_ID, t1))

    /* Every word comes back, in order, from this PE; the one that trapped was not sent. */
    li s2, 0
2:  PIMP_BLOCKING_RECEIVE(s3, s4)
    li TESTNUM, 13
    bne s3, PE_ID, test_fail
    li TESTNUM, 14
    addi t1, s2, 200
    bne s4, t1, test_fail
    addi s2, s2, 1
    li t2, CAPACITY
    bltu s2, t2, 2b
    TEST_CASE(15, t0, 1, TAKEN(t0, PIMP_BNR))
    TEST_CASE(16, t0, 1, TAKEN(t0, PIMP_BRS))

    RVTEST_PASS
    RECORDING_TRAP_HANDLER
    RVTEST_CODE_END
