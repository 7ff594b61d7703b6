/* What the PIMP library's benchmarks share besides bench.h: the slowest node's time. */
#ifndef PIMP_BENCH_H
#define PIMP_BENCH_H

#include "bench.h"
#include "pimp.h"

#include <stdint.h>

/* A benchmark lasts as long as its slowest node; every node gets the maximum. */
static inline uint64_t bench_max_over_nodes(uint64_t value) {
    uint64_t maximum;
    pimp_allreduce(&maximum, &value, 1, PIMP_UNSIGNED_LONG, PIMP_MAX);
    return maximum;
}

#endif
