/* Seed of the ELF fuzzer: a small program with code, data, bss and Spike's HTIF symbols, so that
 * mutations start from a file that reaches every part of the reader and the loader. */
    .text
    .globl _start
_start:
    la t0, value
    ld t1, 0(t0)
    la t2, tohost
    sd t1, 0(t2)
1:  j 1b

    .data
value: .dword 1

    .section .tohost, "aw", @progbits
    .globl tohost
tohost: .dword 0
    .globl fromhost
fromhost: .dword 0

    .bss
scratch: .zero 64
