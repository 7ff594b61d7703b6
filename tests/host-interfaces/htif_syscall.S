# Spike's syscall proxy: tohost receives the address of {number, arg0, arg1, arg2}; the host
# performs it and sets fromhost. write(1, message, length) twice, then exit(5).
    .section .text.init
    .globl _start
_start:
    la s0, request
    la s1, tohost
    la s2, fromhost
    li s3, 2
print:
    li t0, 64
    sd t0, 0(s0)
    li t0, 1
    sd t0, 8(s0)
    la t0, message
    sd t0, 16(s0)
    la t1, message_end
    sub t1, t1, t0
    sd t1, 24(s0)
    sd s0, 0(s1)
wait:
    ld t0, 0(s2)
    beqz t0, wait
    sd zero, 0(s2)
    ld t1, 0(s0)            # the syscall's return value: bytes written
    ld t2, 24(s0)
    bne t1, t2, broken
    addi s3, s3, -1
    bnez s3, print
    li t0, 93
    sd t0, 0(s0)
    li t0, 5
    sd t0, 8(s0)
    sd s0, 0(s1)
1:  j 1b
broken:
    li t0, (99 << 1) | 1
    sd t0, 0(s1)
    j 1b

    .data
    .balign 8
request: .dword 0, 0, 0, 0, 0, 0, 0, 0
message: .ascii "hello from the HTIF syscall proxy\n"
message_end:

    .section .tohost, "aw", @progbits
    .balign 64
    .globl tohost
tohost: .dword 0
    .balign 64
    .globl fromhost
fromhost: .dword 0
