# The only PE polls a flag that nothing will ever set: with no other PE to wait for, xbemu must
# say so rather than report every PE waiting.
    .section .text.init
    .globl _start
_start:
    la t1, flag
wait:
    ld t2, 0(t1)
    beqz t2, wait
    j _start

    .data
flag: .dword 0
