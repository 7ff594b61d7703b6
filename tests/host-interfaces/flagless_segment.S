# Runs from a PT_LOAD segment without flags (see flagless_segment.ld): sums 1..100 into a word
# of the same segment, prints a line and exits with the sum's low 7 bits (5050 = 0x13ba: 58).
#include "test_macros.h"

#define SEMIHOSTING_SYS_WRITE0 0x04

    .section .text.init, "ax", @progbits
    .globl _start
_start:
    la sp, _stack_top
    li t0, 100
    li t1, 0
1:  add t1, t1, t0
    addi t0, t0, -1
    bnez t0, 1b
    la t2, sum
    sd t1, 0(t2)
    li a0, SEMIHOSTING_SYS_WRITE0
    la a1, message
    SEMIHOSTING_CALL
    la t2, sum
    ld t3, 0(t2)
    andi t3, t3, 0x7f
    EXIT_WITH_REGISTER(t3)

    .section .rodata
message: .string "ran from a segment without flags\n"

    .section .data
    .balign 8
sum: .dword 0
