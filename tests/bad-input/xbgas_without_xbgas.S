# An xBGAS instruction in a program run without _xbgas in --isa: the trap report must name the
# extension that defines it.
    .section .text.init
    .globl _start
_start:
    .insn i 0x77, 3, a0, 0(a1)      # eld a0, 0(a1)
