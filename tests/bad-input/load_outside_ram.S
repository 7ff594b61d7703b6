# A load from address 0: load access fault, unhandled.
    .section .text.init
    .globl _start
_start:
    ld a0, 0(zero)
