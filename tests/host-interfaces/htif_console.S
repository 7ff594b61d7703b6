# Spike's console device: tohost = (1 << 56) | (1 << 48) | character prints one character.
    .section .text.init
    .globl _start
_start:
    la s0, text
    la s1, tohost
    la s2, fromhost
    li s3, 1
    slli s3, s3, 56
    li t0, 1
    slli t0, t0, 48
    or s3, s3, t0
next:
    lbu t0, 0(s0)
    beqz t0, done
    or t0, t0, s3
    sd t0, 0(s1)
wait:
    ld t1, 0(s2)
    beqz t1, wait
    sd zero, 0(s2)
    addi s0, s0, 1
    j next
done:
    li t0, 1
    sd t0, 0(s1)
1:  j 1b

    .data
text: .asciz "console says hi\n"

    .section .tohost, "aw", @progbits
    .balign 64
    .globl tohost
tohost: .dword 0
    .balign 64
    .globl fromhost
fromhost: .dword 0
