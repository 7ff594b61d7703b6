/* Remote accesses timed with mcycle in the cycle timing mode: one cycle for the first csrr plus
 * the access. See remote_latency.c for what the counts must be. */
#include "xbgas.h"

    .text
/* a0 = object ID, a1 = address: the cycles of one eld (its round trip). */
    .globl remote_read_cycles
remote_read_cycles:
    XB_EADDIE(11, a0, 0)
    csrr t1, mcycle
    XB_ELD(a2, 0(a1))
    csrr t2, mcycle
    sub a0, t2, t1
    ret

/* a0 = object ID, a1 = address: the cycles of an esd and the fence that waits for its
 * acknowledgement. */
    .globl remote_write_fence_cycles
remote_write_fence_cycles:
    XB_EADDIE(11, a0, 0)
    csrr t1, mcycle
    XB_ESD(a2, 0(a1))
    fence
    csrr t2, mcycle
    sub a0, t2, t1
    ret
