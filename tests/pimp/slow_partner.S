/* PE 0 waits in bnr for a word from PE 1, which first runs the host command `sleep SECONDS`
 * (semihosting SYS_SYSTEM, with --allow-system): a wait of that much wall time in which neither
 * PE has anything to compute. */
#include "pimp_test.h"

#define SEMIHOSTING_SYS_SYSTEM 0x12

    PIMP_TEST_BEGIN
    bnez PE_ID, partner
    PIMP_BLOCKING_RECEIVE(s2, s3)
    TEST_CASE(1, s2, 1)
    TEST_CASE(2, s3, 0x5105)
    RVTEST_PASS

partner:
    li t0, 1
    bne PE_ID, t0, 1f
    la a1, system_call
    li a0, SEMIHOSTING_SYS_SYSTEM
    SEMIHOSTING_CALL
    TEST_CASE(3, a0, 0)
    li t1, 0x5105
    PIMP_BLOCKING_SEND(zero, t1)
1:  RVTEST_PASS
    RVTEST_CODE_END

    RVTEST_DATA_BEGIN
command:
    .ascii "sleep 2"
command_end:
    .balign 8
system_call:
    .dword command
    .dword command_end - command
    RVTEST_DATA_END
