/* The exceptions of PIMP instructions and of its CSRs, taken by a guest handler: cause, mtval
 * and mepc. */
#include "pimp_test.h"

    PIMP_TEST_BEGIN
    INSTALL_RECORDING_TRAP_HANDLER

    /* src and recv with the receive FIFO empty. */
    TEST_TRAP(1, PIMP_CAUSE_RECEIVE_FIFO_EMPTY, zero, recv_empty, PIMP_RECV(a0))
    TEST_TRAP(2, PIMP_CAUSE_RECEIVE_FIFO_EMPTY, zero, src_empty, PIMP_SRC(a0))
    /* A node that does not exist: the first id past the last PE, and an id with high bits. */
    li t1, 5
    TEST_TRAP(3, PIMP_CAUSE_NO_SUCH_NODE, PE_COUNT, send_past_last, PIMP_SEND(PE_COUNT, t1))
    li s2, 0x100000000
    add s2, s2, PE_ID
    TEST_TRAP(4, PIMP_CAUSE_NO_SUCH_NODE, s2, send_high_bits, PIMP_SEND(s2, t1))
    /* Nothing was sent. */
    TEST_CASE(5, t0, 1, TAKEN(t0, PIMP_BNR))

    /* The CSRs are read-only: writes are illegal instructions (mtval: the encoding, not
     * checked here). */
    TEST_CASE(6, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              EXPECT_TRAP_AT(1f); csrw PIMP_CSR_CORES, zero; j test_fail; 1:)
    TEST_CASE(7, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              EXPECT_TRAP_AT(1f); csrs PIMP_CSR_ID, zero; csrrs a0, PIMP_CSR_GRID, t1; j test_fail; 1:)
    /* ... and readable in U-mode, as their numbers say. */
    ALLOW_USER_ACCESS_TO_ALL_MEMORY
    TEST_USER_COMPLETES(8, csrr a0, PIMP_CSR_ID; csrr a1, PIMP_CSR_CORES; csrr a2, PIMP_CSR_GRID)
    TEST_CASE(9, a0, 0, sub a0, a0, PE_ID)
    TEST_CASE(10, a1, 0, sub a1, a1, PE_COUNT)
    /* The instructions too, and their exceptions reach the M-mode handler from U-mode. */
    TEST_USER_TRAP(11, PIMP_CAUSE_RECEIVE_FIFO_EMPTY, zero, user_recv, PIMP_RECV(a0))

    /* A missing node is reported before a full send FIFO: fill it with words to this PE. */
    li s2, 0
2:  PIMP_BNS(3f)
    PIMP_SEND(PE_ID, s2)
    addi s2, s2, 1
    j 2b
3:  TEST_TRAP(12, PIMP_CAUSE_SEND_FIFO_FULL, PE_ID, send_full, PIMP_SEND(PE_ID, t1))
    TEST_TRAP(13, PIMP_CAUSE_NO_SUCH_NODE, PE_COUNT, send_full_missing, PIMP_SEND(PE_COUNT, t1))

    RVTEST_PASS
    RECORDING_TRAP_HANDLER
    RVTEST_CODE_END
