# A program whose link script puts its stack top (picolibc's __stack) past the end of a small
# RAM: refused at load time rather than left to fault on its first push.
    .section .text.init
    .globl _start
_start:
    la sp, __stack
    sd zero, -8(sp)
1:  j 1b

    .globl __stack
    .set __stack, 0x84000000
