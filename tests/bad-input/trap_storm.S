# A trap handler whose stack lies outside RAM, as picolibc's is when -m is too small for the
# program: every push faults and re-enters the handler, which resets its stack and pushes again.
    .section .text.init
    .globl _start
_start:
    la t0, handler
    csrw mtvec, t0
    ecall
    .balign 4
handler:
    li sp, 0x40000000
    addi sp, sp, -16
    sd ra, 8(sp)
    mret
