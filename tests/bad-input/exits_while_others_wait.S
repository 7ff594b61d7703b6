# PE 1 fails at once with exit status 7; every other PE waits for a flag that nobody will ever
# set. As under mpirun, the failing PE must stop the job with its status, rather than leave the
# others waiting until xbemu calls it a deadlock.
    .section .text.init
    .globl _start
_start:
    .insn i 0x7b, 6, t0, x10, 0     # eaddi t0, e10, 0: this PE's id
    li t1, 1
    beq t0, t1, fail
    la t1, flag
wait:
    ld t2, 0(t1)
    beqz t2, wait
fail:
    li t0, 0x100000                 # QEMU virt's test finisher: fail with status 7
    li t1, (7 << 16) | 0x3333
    sw t1, 0(t0)
1:  j 1b

    .data
flag: .dword 0
