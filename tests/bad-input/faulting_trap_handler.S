# The trap handler itself is an illegal instruction: the trap would repeat forever.
    .section .text.init
    .globl _start
_start:
    la t0, handler
    csrw mtvec, t0
    ecall
    .balign 4
handler:
    .word 0x00000000
