/* A remote load with an object ID no PE answers to, and no trap handler (mtvec keeps its reset
 * value): xbemu must stop with a message naming the ID, and exit 1. Every PE does it. */
#include "xbgas.h"

    .section .text.init, "ax", @progbits
    .globl _start
_start:
    la a1, word
    li t0, 0x99
    XB_EADDIE(11, t0, 0)
    XB_ELD(a0, 0(a1))
1:  j 1b

    .section .data
    .balign 8
word:
    .dword 0
