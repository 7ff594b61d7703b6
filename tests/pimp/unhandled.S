/* A PIMP exception without a trap handler (mtvec 0): xbemu stops the guest. With -DRECEIVE, a
 * recv on the empty receive FIFO; with -DMISSING_NODE, a send to node 5; with -DSEND_FULL, sends
 * to this PE until the send FIFO is full. */
#include "pimp_test.h"

    .section .text.init, "ax", @progbits
    .globl _start
_start:
    csrw mtvec, zero
    csrr s0, PIMP_CSR_ID
#if defined(RECEIVE)
    PIMP_RECV(a0)
#elif defined(MISSING_NODE)
    li s0, 5
    PIMP_SEND(s0, s0)
#elif defined(SEND_FULL)
1:  PIMP_SEND(s0, s0)
    j 1b
#endif
2:  j 2b
