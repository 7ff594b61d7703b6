/* What every multi-PE benchmark shares, whatever its runtime: simulated time and the command
 * line. */
#ifndef BENCH_H
#define BENCH_H

#include <stdint.h>
#include <stdlib.h>

/* xbemu's cycle CSR: one instruction per cycle of a nominal 1 GHz clock in the functional mode
 * (what the xBGAS paper measured on Spike), the simulated core's cycles in the cycle mode. */
#define BENCH_CYCLES_PER_SECOND 1e9

static inline uint64_t bench_cycles(void) {
    uint64_t cycles;
    __asm__ volatile("rdcycle %0" : "=r"(cycles));
    return cycles;
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
