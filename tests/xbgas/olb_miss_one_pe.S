/* Only the last PE makes a remote store to an object ID no PE answers to, without a trap
 * handler; the others wait for a flag nobody sets. xbemu must stop all of them, report the ID
 * and exit 1, instead of waiting for the others forever. */
#include "xbgas.h"

    .section .text.init, "ax", @progbits
    .globl _start
_start:
    XB_EADDI(a0, XB_EREG_PE_ID, 1)
    XB_EADDI(a1, XB_EREG_PE_COUNT, 0)
    la a2, flag
    bne a0, a1, wait
    li t0, 0x99
    XB_EADDIE(12, t0, 0)
    XB_ESD(a0, 0(a2))
    fence
wait:
    ld a3, 0(a2)
    beqz a3, wait
1:  j 1b

    .section .data
    .balign 8
flag:
    .dword 0
