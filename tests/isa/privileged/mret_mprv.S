/* mret to a privilege below M clears mstatus.MPRV (privileged spec 1.12). Registered for xbemu
 * only: QEMU 7.2 leaves MPRV set. */
#include "priv_macros.h"

RVTEST_CODE_BEGIN
    INSTALL_RECORDING_TRAP_HANDLER
    csrw mie, zero
    ALLOW_USER_ACCESS_TO_ALL_MEMORY

    /* MPRV = 1 with MPP = U, mret to U, ecall back: the handler sees MPRV = 0. Nothing between
     * setting MPRV and the mret touches memory. */
    TEST_CASE(1, a0, 0,
              li t0, MSTATUS_MPRV; csrs mstatus, t0; EXPECT_TRAP_AT(1f);
              ENTER_USER_MODE_AT(user_ecall); j test_fail;
              user_ecall: ecall; j test_fail; 1: li t0, MSTATUS_MPRV; and a0, TRAP_MSTATUS, t0)
    TEST_CASE(2, TRAP_CAUSE, CAUSE_USER_ECALL)

    RVTEST_PASS
    RECORDING_TRAP_HANDLER
RVTEST_CODE_END
