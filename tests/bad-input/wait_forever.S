# wfi with every interrupt disabled can never wake up: xbemu reports a deadlock.
    .section .text.init
    .globl _start
_start:
    csrw mie, zero
    wfi
    j _start
