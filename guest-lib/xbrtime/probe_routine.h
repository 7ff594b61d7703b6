/* An assembly routine that asks whether the machine has an extension without trapping for good
 * (not installed). XBRTIME_PROBE_ROUTINE(name, INSTRUCTION) defines `long name(void)`, which
 * runs INSTRUCTION (an instruction of the extension that writes a0) under a trap handler of its
 * own and returns a0: the instruction's result, or 0 when it was illegal here (the handler skips
 * it). mtvec is restored; the handler is 4-byte aligned, as mtvec's direct mode needs. Used by
 * xbrtime (xBGAS) and the PIMP library. */
/* Macros for assembly files, laid out by hand. */
/* clang-format off */
#ifndef XBRTIME_PROBE_ROUTINE_H
#define XBRTIME_PROBE_ROUTINE_H

#define XBRTIME_PROBE_ROUTINE(name, INSTRUCTION...)        \
    .section .text.name, "ax", @progbits;                  \
    .globl name;                                           \
    .type name, @function;                                 \
    .balign 4;                                             \
name:                                                      \
    csrr t0, mtvec;                                        \
    la t1, 2f;                                             \
    csrw mtvec, t1;                                        \
    li a0, 0;                                              \
    INSTRUCTION;                                           \
1:  csrw mtvec, t0;                                        \
    ret;                                                   \
    .balign 4;                                             \
2:  la t1, 1b;                                             \
    csrw mepc, t1;                                         \
    mret

#endif
