/* mtime advances exactly once per 100 retired instructions (the nominal clock: one instruction
 * per cycle, a 10 MHz timer at 1 GHz), seen through the time CSR and through the CLINT's mtime
 * register, which agree and follow writes to mtime. Registered for xbemu only: QEMU's mtime
 * follows host time.
 *
 * A measurement spins until the timer changes, reads minstret, spins until it changes again and
 * reads minstret again. Every spin iteration is two instructions and the code between the spins
 * is even in length, so both spins see the change at the same phase and the two minstret reads
 * lie exactly one timer period apart. */
#include "priv_macros.h"

#define INSTRUCTIONS_PER_TICK 100

/* a0 = instructions between two consecutive changes of the timer that `read` (into t1) reads. */
#define MEASURE_TICK(read)                       \
    read;                                        \
    mv t0, t1;                                   \
1:  read;                                        \
    beq t1, t0, 1b;                              \
    csrr a1, minstret;                           \
    mv t0, t1;                                   \
2:  read;                                        \
    beq t1, t0, 2b;                              \
    csrr a2, minstret;                           \
    sub a0, a2, a1

#define READ_TIME_CSR csrr t1, time
#define READ_CLINT_MTIME ld t1, 0(s0)

RVTEST_CODE_BEGIN
    li s0, CLINT_MTIME

    TEST_CASE(1, a0, INSTRUCTIONS_PER_TICK, MEASURE_TICK(READ_TIME_CSR))
    TEST_CASE(2, a0, INSTRUCTIONS_PER_TICK, MEASURE_TICK(READ_CLINT_MTIME))
    /* Twice more, from another phase of the timer. */
    TEST_CASE(3, a0, INSTRUCTIONS_PER_TICK, nop; MEASURE_TICK(READ_TIME_CSR))
    TEST_CASE(4, a0, INSTRUCTIONS_PER_TICK, nop; MEASURE_TICK(READ_CLINT_MTIME))
    /* The CSR and the register show the same timer: read back to back, at most one tick apart. */
    TEST_CASE(5, a0, 1, ld a1, 0(s0); csrr a2, time; sub a3, a2, a1; sltiu a0, a3, 2)
    /* Writing mtime moves both views, and the rate stays the same. */
    TEST_CASE(6, a0, 1, li t0, 1000000; sd t0, 0(s0); csrr a2, time; li t0, 1000000;
              sub a3, a2, t0; sltiu a0, a3, 2)
    TEST_CASE(7, a0, INSTRUCTIONS_PER_TICK, MEASURE_TICK(READ_TIME_CSR))
    TEST_CASE(8, a0, 1, ld a1, 0(s0); li t0, 1000000; sub a3, a1, t0; sltiu a0, a3, 4)

    RVTEST_PASS
RVTEST_CODE_END
