/* Kernels whose cycle counts in the cycle timing mode follow from the default machine's
 * latencies by hand. Each returns in a0 the difference of two mcycle reads around the kernel:
 * one cycle for the first csrr (the second reads the cycle it starts in) plus the kernel's
 * cycles. The expected counts, derived below each label, are in core_kernels.expected. */
    .text

/* n x (addi, bnez): n ALU cycles, n-1 taken branches of 3, one not taken of 1: 1 + 4n - 1. */
    .globl add_loop
add_loop:
    csrr t1, mcycle
1:  addi a0, a0, -1
    bnez a0, 1b
    csrr t2, mcycle
    sub a0, t2, t1
    ret

/* 64 loads, each of the address the one before loaded: 64 + 63 load-use stalls = 127. */
    .globl load_use_chain
load_use_chain:
    csrr t1, mcycle
    .rept 64
    ld a0, 0(a0)
    .endr
    csrr t2, mcycle
    sub a0, t2, t1
    ret

/* The same 64 loads into a register no load reads: 64, no stall. */
    .globl independent_loads
independent_loads:
    csrr t1, mcycle
    .rept 64
    ld t0, 0(a0)
    .endr
    csrr t2, mcycle
    sub a0, t2, t1
    ret

/* 10 calls of a leaf that returns at once: 10 x (jal 3 + jalr 3) = 60. */
    .globl calls
calls:
    mv t3, ra
    csrr t1, mcycle
    .rept 10
    jal ra, leaf
    .endr
    csrr t2, mcycle
    sub a0, t2, t1
    mv ra, t3
    ret
leaf:
    ret

/* 10 mul (5) = 50; 10 divw (35) = 350; 10 div (67) = 670. */
    .globl multiplies
multiplies:
    csrr t1, mcycle
    .rept 10
    mul a0, a0, a0
    .endr
    csrr t2, mcycle
    sub a0, t2, t1
    ret
    .globl divides_32
divides_32:
    li a1, 3
    csrr t1, mcycle
    .rept 10
    divw a0, a0, a1
    .endr
    csrr t2, mcycle
    sub a0, t2, t1
    ret
    .globl divides_64
divides_64:
    li a1, 3
    csrr t1, mcycle
    .rept 10
    div a0, a0, a1
    .endr
    csrr t2, mcycle
    sub a0, t2, t1
    ret

/* 4 x fdiv.d (31) + 4 x fsqrt.d (37) + 4 x fmadd.d (3) + 4 x fcvt.d.l (2) = 292. */
    .globl floating_point
floating_point:
    fcvt.d.l fa0, a0
    csrr t1, mcycle
    .rept 4
    fdiv.d fa1, fa0, fa0
    .endr
    .rept 4
    fsqrt.d fa1, fa0
    .endr
    .rept 4
    fmadd.d fa1, fa0, fa0, fa0
    .endr
    .rept 4
    fcvt.d.l fa1, a0
    .endr
    csrr t2, mcycle
    sub a0, t2, t1
    ret

/* fld then an fadd.d of what it loaded: 1 + 1 load-use + 3 = 5. */
    .globl float_load_use
float_load_use:
    csrr t1, mcycle
    fld fa0, 0(a0)
    fadd.d fa1, fa0, fa0
    csrr t2, mcycle
    sub a0, t2, t1
    ret

/* ecall into a handler that skips it: the trap (3; ecall does not retire), then csrr, addi,
 * csrw and mret (1 each) = 7. */
    .globl trap_round_trip
trap_round_trip:
    la t0, skip_ecall
    csrrw t5, mtvec, t0
    csrr t1, mcycle
    ecall
    csrr t2, mcycle
    csrw mtvec, t5
    sub a0, t2, t1
    ret
    .p2align 2
skip_ecall:
    csrr t4, mepc
    addi t4, t4, 4
    csrw mepc, t4
    mret
