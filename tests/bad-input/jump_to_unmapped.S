# Jumping to an address with no memory behind it: instruction access fault, unhandled.
    .section .text.init
    .globl _start
_start:
    li t0, 0x1000
    jr t0
