# A store into code that has already run is seen at once (xbemu invalidates decoded blocks
# precisely): the loop runs with "addi a0, a0, 1", then patches it to "addi a0, a0, 100"
# without fence.i. Exit status = a0 = 1 + 100 = 101. (QEMU behaves the same; the ISA only
# guarantees it after fence.i, which the ISA tests cover.)
    .option norvc
    .section .text.init
    .globl _start
_start:
    la sp, _stack_top
    li a0, 0
    li s0, 2
loop:
patched:
    addi a0, a0, 1
    addi s0, s0, -1
    beqz s0, done
    la t0, patched
    li t1, 0x06450513       # addi a0, a0, 100
    sw t1, 0(t0)
    j loop
done:
    addi sp, sp, -16
    sd a0, 8(sp)
    li t0, 0x20026
    sd t0, 0(sp)
    li a0, 0x18
    mv a1, sp
    .balign 16
    slli x0, x0, 0x1f
    ebreak
    srai x0, x0, 7
1:  j 1b
