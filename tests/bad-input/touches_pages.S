# Writes one word into each 4 KiB page of 24 MiB of zero-initialised data, then spins: a program
# whose guest RAM needs 24 MiB of host memory per PE.
    .section .text.init
    .globl _start
_start:
    la t0, pages
    li t1, 24 * 1024 * 1024
    add t1, t0, t1
    li t2, 4096
touch:
    sd t2, 0(t0)
    add t0, t0, t2
    bltu t0, t1, touch
spin:
    j spin
    .bss
    .balign 4096
pages:
    .space 24 * 1024 * 1024
