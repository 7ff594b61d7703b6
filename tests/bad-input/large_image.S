# Two MiB of zero-initialised data: does not fit into a 1 MiB guest RAM.
    .section .text.init
    .globl _start
_start:
    j _start
    .bss
    .space 2 * 1024 * 1024
