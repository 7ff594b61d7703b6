# PE 0 exits at once; every other PE waits for a flag that nobody will ever set. xbemu must see
# that all PEs wait without progress and stop the job instead of hanging.
    .section .text.init
    .globl _start
_start:
    .insn i 0x7b, 6, t0, x10, 0     # eaddi t0, e10, 0: this PE's id
    beqz t0, finish
    la t1, flag
wait:
    ld t2, 0(t1)
    beqz t2, wait
finish:
    li t0, 0x100000                 # QEMU virt's test finisher: pass
    li t1, 0x5555
    sw t1, 0(t0)
1:  j 1b

    .data
flag: .dword 0
