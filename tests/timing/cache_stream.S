# Spike's cache simulator on counts known by hand: COUNT stores of a doubleword STRIDE bytes
# apart from the start of a page-aligned array, then COUNT loads over the same addresses, then
# the test finisher. Uncompressed code, so that its 19 instructions (76 bytes) span exactly two
# 64-byte lines and 8 * COUNT + 10 instructions run, each fetched once.
    .option norvc
    .section .text.init
    .globl _start
_start:
    la   a0, array
    li   a1, COUNT
store:
    sd   zero, 0(a0)
    addi a0, a0, STRIDE
    addi a1, a1, -1
    bnez a1, store
    la   a0, array
    li   a1, COUNT
load:
    ld   t0, 0(a0)
    addi a0, a0, STRIDE
    addi a1, a1, -1
    bnez a1, load
    li   t0, 0x100000
    li   t1, 0x5555
    sw   t1, 0(t0)
1:  j    1b

    .bss
    .align 12
array:
    .skip 65536
