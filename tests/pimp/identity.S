/* The CSRs on every PE (EXPECTED_PES PEs on a grid of EXPECTED_GRID, x edge in bits 15:0 and y
 * edge in 31:16), misa's X bit, and ids that tell the PEs apart: each PE sends its id to the next
 * one and gets the previous one's. */
#include "pimp_test.h"

    PIMP_TEST_BEGIN
    TEST_CASE(1, PE_COUNT, EXPECTED_PES)
    TEST_CASE(2, t0, EXPECTED_GRID, csrr t0, PIMP_CSR_GRID)
    TEST_CASE(3, t0, 1, sltu t0, PE_ID, PE_COUNT)
    TEST_CASE(4, t0, 1, csrr t0, misa; srli t0, t0, 23; andi t0, t0, 1)

    /* next = (id + 1) mod count, previous = (id - 1) mod count */
    addi s2, PE_ID, 1
    bltu s2, PE_COUNT, 1f
    li s2, 0
1:  addi s3, PE_ID, -1
    bgez s3, 2f
    addi s3, PE_COUNT, -1
2:  PIMP_BLOCKING_SEND(s2, PE_ID)
    PIMP_BLOCKING_RECEIVE(s4, s5)
    TEST_CASE(5, s4, 0, sub s4, s4, s3)
    TEST_CASE(6, s5, 0, sub s5, s5, s3)
    TEST_CASE(7, t0, 1, TAKEN(t0, PIMP_BNR))
    RVTEST_PASS
    RVTEST_CODE_END
