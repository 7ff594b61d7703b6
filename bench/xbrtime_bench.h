/* What the xbrtime benchmarks share besides bench.h: the slowest PE's time. */
#ifndef XBRTIME_BENCH_H
#define XBRTIME_BENCH_H

#include "bench.h"
#include "xbrtime.h"

#include <stdint.h>

/* A benchmark lasts as long as its slowest PE; every PE gets the maximum. */
static inline uint64_t bench_max_over_pes(uint64_t value) {
    /* Collectives need symmetric operands: static data is. */
    static unsigned long mine;
    static unsigned long maximum;
    mine = value;
    xbrtime_ulong_reduce_all_max(&maximum, &mine, 1, 1);
    return maximum;
}

#endif
