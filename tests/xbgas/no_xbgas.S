/* Without xbgas in --isa the xBGAS encodings are illegal instructions (cause 2, mepc = the
 * instruction) and misa's X bit is clear: one instruction from each opcode the extension uses.
 * QEMU, which does not know xBGAS, must agree. */
#include "priv_macros.h"
#include "xbgas.h"

#define TEST_ILLEGAL(first, inst...)                                         \
    TEST_CASE(first, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,                  \
              la a5, scratch; EXPECT_TRAP_AT(1f); illegal_##first: inst; 1:) \
    TEST_ADDRESS(first##1, TRAP_EPC, illegal_##first)

RVTEST_CODE_BEGIN
    INSTALL_RECORDING_TRAP_HANDLER

    TEST_CASE(1, a0, 0, csrr a0, misa; srli a0, a0, 23; andi a0, a0, 1)

    TEST_ILLEGAL(2, XB_ELD(a6, 0(a5)))
    TEST_ILLEGAL(3, XB_ELE(3, 0(a5)))
    TEST_ILLEGAL(4, XB_ESW(a6, 0(a5)))
    TEST_ILLEGAL(5, XB_EADDI(a6, 10, 0))
    TEST_ILLEGAL(6, XB_EADDIE(3, a6, 0))
    TEST_ILLEGAL(7, XB_EADDIX(3, 10, 0))
    TEST_ILLEGAL(8, XB_ERLB(a6, a5, 17))
    TEST_ILLEGAL(9, XB_ERSD(a6, a5, 17))
    TEST_ILLEGAL(10, XB_EAMOADD_D(a6, a6, (a5)))
    TEST_ILLEGAL(11, XB_ELR_W(a6, (a5)))

    RVTEST_PASS
    RECORDING_TRAP_HANDLER
RVTEST_CODE_END

RVTEST_DATA_BEGIN
scratch:
    .dword 0
RVTEST_DATA_END
