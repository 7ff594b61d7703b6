# A write of each kind the commit log shows (host.commit_log.*): an x, an f and an e register,
# CSRs written by instructions, and the CSRs an instruction changes on its own (mstatus.FS,
# fflags). Run with --isa rv64gc_xbgas.
#include "xbgas.h"

    .section .text.init
    .globl _start
_start:
    li t0, 0x2000
    csrs mstatus, t0            # FS = Initial: an explicit CSR write
    li a0, 0x3ff0000000000000
    fmv.d.x fa0, a0             # 1.0; FS becomes Dirty
    fmv.d.x fa1, zero
    fdiv.d fa2, fa0, fa1        # 1/0 = +inf; fflags gets DZ
    csrw mscratch, a0
    csrr a1, mscratch           # reads, writes no CSR
    XB_EADDIE(5, a0, 1)         # e5 = a0 + 1
    li t0, 0x5555               # the test finisher's "pass"
    li t1, 0x100000
    sw t0, 0(t1)
1:  j 1b
