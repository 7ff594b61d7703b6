# Never stops: only --max-instructions ends it.
    .section .text.init
    .globl _start
_start:
    addi a0, a0, 1
    j _start
