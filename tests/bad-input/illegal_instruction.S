# No trap handler: an all-zero word is an illegal instruction, which xbemu must report.
    .section .text.init
    .globl _start
_start:
    li a0, 42
    .word 0x00000000
