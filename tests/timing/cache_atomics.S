# Spike's counting of atomics: an AMO is a load and a store, a load-reserved a load, a
# store-conditional a store when it holds its reservation and nothing when it fails.
    .option norvc
    .section .text.init
    .globl _start
_start:
    la   a0, word
    li   t1, 1
    amoadd.d t0, t1, (a0)
    lr.d t0, (a0)
    sc.d t2, t1, (a0)
    sc.d t2, t1, (a0)
    li   t0, 0x100000
    li   t1, 0x5555
    sw   t1, 0(t0)
1:  j    1b

    .bss
    .align 6
word:
    .skip 8
