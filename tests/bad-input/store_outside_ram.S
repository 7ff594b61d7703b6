# A store just past the end of the default 256 MiB of RAM: store access fault, unhandled.
    .section .text.init
    .globl _start
_start:
    li t0, 0x90000000
    sd zero, 0(t0)
