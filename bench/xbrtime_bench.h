/* What the xbrtime benchmarks share: simulated time, the slowest PE's time, and the command
 * line. */
#ifndef XBRTIME_BENCH_H
#define XBRTIME_BENCH_H

#include "xbrtime.h"

#include <stdint.h>
#include <stdlib.h>

/* xbemu retires one instruction per cycle of a nominal 1 GHz clock, so the cycle CSR is the
 * simulated time in nanoseconds (what the paper measured on Spike). */
#define BENCH_CYCLES_PER_SECOND 1e9

static inline uint64_t bench_cycles(void) {
    uint64_t cycles;
    __asm__ volatile("rdcycle %0" : "=r"(cycles));
    return cycles;
}

/* A benchmark lasts as long as its slowest PE; every PE gets the maximum. */
static inline uint64_t bench_max_over_pes(uint64_t value) {
    /* Collectives need symmetric operands: static data is. */
    static unsigned long mine;
    static unsigned long maximum;
    mine = value;
    xbrtime_ulong_reduce_all_max(&maximum, &mine, 1, 1);
    return maximum;
}

/* Argument i (from 0) of the program, argv[i + 1]. */
static inline const char* bench_argument(int argc, char** argv, int i, const char* fallback) {
    return i + 1 < argc ? argv[i + 1] : fallback;
}

static inline unsigned long long bench_number(int argc, char** argv, int i,
                                              unsigned long long fallback) {
    const char* text = bench_argument(argc, argv, i, NULL);
    return text == NULL ? fallback : strtoull(text, NULL, 0);
}

#endif
