# An LRU order that only the caches' full lookups get right, for the JIT's inline hit path (an
# access to its set's most recently used line) against the calls it makes for everything else:
# in each of the 8 sets of 64-byte lines of a 2-way L1D (1 KiB), five lines A-E a set's span
# (512 bytes) apart: load A (a miss), store A (an inline hit that makes A dirty), load B (a miss),
# load A (a hit in the least recently used way: A becomes the most recent), load C (a miss that
# evicts B, not A), load A (a hit, not the most recent), load D (evicts C), load E (evicts A, dirty:
# a writeback). 8 accesses, 5 misses and 1 writeback per set and turn, REPEAT turns over the 8
# sets; then the test finisher. The loop over the sets lies in one 64-byte line, where the JIT
# runs its fetches and hits inline.
    .section .text.init
    .globl _start
_start:
    li   s0, REPEAT
turn:
    la   a0, array
    li   a1, 8
    .balign 64
set:
    ld   t0, 0(a0)
    sd   t0, 0(a0)
    ld   t1, 512(a0)
    ld   t2, 0(a0)
    ld   t3, 1024(a0)
    ld   t4, 0(a0)
    ld   t5, 1536(a0)
    li   t6, 2048
    add  t6, t6, a0
    ld   t6, 0(t6)
    addi a0, a0, 64
    addi a1, a1, -1
    bnez a1, set
    addi s0, s0, -1
    bnez s0, turn
    li   t0, 0x100000
    li   t1, 0x5555
    sw   t1, 0(t0)
1:  j    1b

    .bss
    .align 12
array:
    .skip 4096
