# Built for rv64gc and run with --isa rv64g: the first instruction is a compressed one, which
# xbemu must trace back to the C extension, both at load and in the trap report.
    .section .text.init
    .globl _start
_start:
    c.li a0, 7
    j _start
