/* A fixed set of remote operations whose counts --stats and --stats-json must report exactly
 * (remote_traffic.n3.expected for 3 PEs). Each PE makes, to the next PE: 3 eld, 2 esw and one
 * eamoadd.w; to the previous PE: one elb and one esh; and, with object ID 0, one eld that is
 * local and so not remote traffic. The closing barrier adds one eamoadd.d to PE 0 from every PE
 * and one esd from PE 0 to every PE. The values moved do not matter.
 *
 * Registers: a5 points at `scratch`; e15 (a5's) holds the object ID in use. */
#include "xbgas_test.h"

XBGAS_TEST_BEGIN
    la a5, scratch
    li a6, 1

    /* Next PE: object ID next + 1. */
    addi t0, NEXT_PE, 1
    XB_EADDIE(15, t0, 0)
    XB_ELD(a7, 0(a5))
    XB_ELD(a7, 8(a5))
    XB_ELD(a7, 16(a5))
    XB_ESW(a6, 24(a5))
    XB_ESW(a6, 28(a5))
    XB_EAMOADD_W(a7, a6, (a5))

    /* Previous PE. */
    addi t0, PREVIOUS_PE, 1
    XB_EADDIE(15, t0, 0)
    XB_ELB(a7, 32(a5))
    XB_ESH(a6, 34(a5))

    /* Object ID 0: this PE's own memory through a local access. */
    XB_EADDIE(15, zero, 0)
    XB_ELD(a7, 40(a5))

    XBGAS_PASS
XBGAS_TEST_END

RVTEST_DATA_BEGIN
    XBGAS_TEST_DATA
    .balign 8
scratch:
    .zero 64
RVTEST_DATA_END
