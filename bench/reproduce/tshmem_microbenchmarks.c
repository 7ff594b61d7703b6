/* The TSHMEM paper's OpenSHMEM microbenchmarks (Lam, George, Lam: OpenSHMEM on the Tilera
 * TILE-Gx36 and TILEPro64), in cycles of the cycle CSR (simulated cycles with --timing cycle;
 * MB/s at 1 cycle = 1 ns). Run with xbemu --isa rv64gc_xbgas -n N.
 *
 * usage: tshmem_microbenchmarks putget [min bytes (8) [max bytes (65536) [repetitions (10)]]]
 *        tshmem_microbenchmarks barrier [repetitions (20)]
 *        tshmem_microbenchmarks broadcast [min bytes [max bytes [repetitions]]]
 *        tshmem_microbenchmarks fcollect [min bytes [max bytes [repetitions]]]
 *        tshmem_microbenchmarks reduce [min bytes [max bytes [repetitions]]]
 *        tshmem_microbenchmarks latency [repetitions (20)]
 * PE 0 prints one line per measurement, after a line of column names starting with '#':
 *   put|get BYTES CYCLES MB/S       PE 0 with PE 1: a blocking put (put, then quiet) or get
 *   barrier_linear|barrier_all PES CYCLES   TSHMEM's linear wait/release barrier (PE 0 waits
 *                                   for each PE's flag in turn, then releases each), and the
 *                                   runtime's shmem_barrier_all (a dissemination barrier)
 *   push|pull PES BYTES CYCLES MB/S a broadcast from PE 0: it puts to every PE (push), or every
 *                                   PE gets from it (pull); MB/s aggregate, bytes times (PEs - 1)
 *   fcollect PES BYTES CYCLES MB/S  shmem_fcollectmem of BYTES per PE; MB/s of all PEs' bytes
 *   reduce PES BYTES CYCLES MB/S    shmem_int_sum_reduce of BYTES of ints; MB/s of BYTES
 *   latency HOPS PE CYCLES          one-way latency from PE 0 to PE (half a ping-pong of
 *                                   shmem_int_p and shmem_int_wait_until) for the PE next to it,
 *                                   the one at the far end of its row, and the far corner
 *                                   (HOPS on the grid, row-major placement; the grid's width
 *                                   is the second argument: latency [R [WIDTH (6)]])
 * Every collective figure is the slowest PE's, averaged over the repetitions. */
#include "bench.h"

#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int me;
static int pes;

static double megabytes_per_second(double bytes, uint64_t cycles) {
    return cycles == 0 ? 0.0 : bytes / (double)cycles * BENCH_CYCLES_PER_SECOND / 1e6;
}

static uint64_t slowest(uint64_t cycles) {
    static uint64_t mine;
    static uint64_t most;
    mine = cycles;
    shmem_uint64_max_reduce(SHMEM_TEAM_WORLD, &most, &mine, 1);
    return most;
}

static int putget(size_t min_bytes, size_t max_bytes, unsigned repetitions) {
    char* remote = shmem_malloc(max_bytes);
    char* local = calloc(1, max_bytes);
    if (remote == NULL || local == NULL || pes < 2) {
        return 2;
    }
    if (me == 0) {
        printf("# operation bytes cycles MB/s\n");
    }
    for (size_t bytes = min_bytes; bytes <= max_bytes; bytes *= 2) {
        shmem_barrier_all();
        if (me == 0) {
            uint64_t start = bench_cycles();
            for (unsigned i = 0; i < repetitions; ++i) {
                shmem_putmem(remote, local, bytes, 1);
                shmem_quiet();
            }
            const uint64_t put = (bench_cycles() - start) / repetitions;
            start = bench_cycles();
            for (unsigned i = 0; i < repetitions; ++i) {
                shmem_getmem(local, remote, bytes, 1);
            }
            const uint64_t get = (bench_cycles() - start) / repetitions;
            printf("put %zu %llu %.1f\n", bytes, (unsigned long long)put,
                   megabytes_per_second((double)bytes, put));
            printf("get %zu %llu %.1f\n", bytes, (unsigned long long)get,
                   megabytes_per_second((double)bytes, get));
        }
    }
    shmem_barrier_all();
    shmem_free(remote);
    free(local);
    return 0;
}

/* TSHMEM's barrier: counters only grow, so consecutive barriers cannot mix. */
static long* arrived;
static long* released;
static long barriers;

static void barrier_linear(void) {
    ++barriers;
    shmem_quiet();
    if (me == 0) {
        for (int pe = 1; pe < pes; ++pe) {
            shmem_long_wait_until(&arrived[pe], SHMEM_CMP_GE, barriers);
        }
        for (int pe = 1; pe < pes; ++pe) {
            shmem_long_p(released, barriers, pe);
        }
        shmem_quiet();
    } else {
        shmem_long_p(&arrived[me], barriers, 0);
        shmem_long_wait_until(released, SHMEM_CMP_GE, barriers);
    }
}

static uint64_t time_barrier(void (*barrier)(void), unsigned repetitions) {
    barrier();
    const uint64_t start = bench_cycles();
    for (unsigned i = 0; i < repetitions; ++i) {
        barrier();
    }
    return slowest(bench_cycles() - start) / repetitions;
}

static int barrier(unsigned repetitions) {
    arrived = shmem_calloc((size_t)pes, sizeof(long));
    released = shmem_calloc(1, sizeof(long));
    if (arrived == NULL || released == NULL) {
        return 2;
    }
    const uint64_t linear = time_barrier(barrier_linear, repetitions);
    const uint64_t all = time_barrier(shmem_barrier_all, repetitions);
    if (me == 0) {
        printf("# barrier pes cycles\nbarrier_linear %d %llu\nbarrier_all %d %llu\n", pes,
               (unsigned long long)linear, pes, (unsigned long long)all);
    }
    shmem_free(arrived);
    shmem_free(released);
    return 0;
}

enum collective { PUSH, PULL, FCOLLECT, REDUCE };

static void collective_step(enum collective which, char* dest, char* src, size_t bytes) {
    switch (which) {
    case PUSH:
        if (me == 0) {
            for (int pe = 1; pe < pes; ++pe) {
                shmem_putmem_nbi(dest, src, bytes, pe);
            }
        }
        shmem_barrier_all();
        break;
    case PULL:
        if (me != 0) {
            shmem_getmem(dest, src, bytes, 0);
        }
        shmem_barrier_all();
        break;
    case FCOLLECT:
        shmem_fcollectmem(SHMEM_TEAM_WORLD, dest, src, bytes);
        break;
    case REDUCE:
        shmem_int_sum_reduce(SHMEM_TEAM_WORLD, (int*)dest, (const int*)src, bytes / sizeof(int));
        break;
    }
}

static int collectives(enum collective which, size_t min_bytes, size_t max_bytes,
                       unsigned repetitions) {
    static const char* const names[] = {"push", "pull", "fcollect", "reduce"};
    char* dest = shmem_calloc((size_t)pes, max_bytes);
    char* src = shmem_calloc(1, max_bytes);
    if (dest == NULL || src == NULL || min_bytes < sizeof(int)) {
        return 2;
    }
    if (me == 0) {
        printf("# operation pes bytes cycles MB/s\n");
    }
    for (size_t bytes = min_bytes; bytes <= max_bytes; bytes *= 2) {
        collective_step(which, dest, src, bytes);
        shmem_barrier_all();
        const uint64_t start = bench_cycles();
        for (unsigned i = 0; i < repetitions; ++i) {
            collective_step(which, dest, src, bytes);
        }
        const uint64_t cycles = slowest(bench_cycles() - start) / repetitions;
        /* What moved: the root's bytes to every other PE, every PE's to every PE, or the
         * reduced vector. */
        double moved = (double)bytes;
        if (which == PUSH || which == PULL) {
            moved *= pes - 1;
        } else if (which == FCOLLECT) {
            moved *= (double)pes * pes;
        }
        if (me == 0) {
            printf("%s %d %zu %llu %.1f\n", names[which], pes, bytes, (unsigned long long)cycles,
                   megabytes_per_second(moved, cycles));
        }
    }
    shmem_free(dest);
    shmem_free(src);
    return 0;
}

/* Half the round trip of a ping-pong between PE 0 and `partner`, the others idle. */
static int* ping;

static uint64_t one_way(int partner, unsigned repetitions) {
    uint64_t cycles = 0;
    shmem_barrier_all();
    *ping = 0;
    shmem_barrier_all();
    if (me == 0) {
        const uint64_t start = bench_cycles();
        for (unsigned i = 1; i <= repetitions; ++i) {
            shmem_int_p(ping, (int)i, partner);
            shmem_int_wait_until(ping, SHMEM_CMP_EQ, (int)i);
        }
        cycles = (bench_cycles() - start) / repetitions / 2;
    } else if (me == partner) {
        for (unsigned i = 1; i <= repetitions; ++i) {
            shmem_int_wait_until(ping, SHMEM_CMP_EQ, (int)i);
            shmem_int_p(ping, (int)i, 0);
        }
    }
    return cycles;
}

static int latency(unsigned repetitions, int width) {
    ping = shmem_calloc(1, sizeof(int));
    if (ping == NULL || width < 2 || pes < 2) {
        return 2;
    }
    const int partners[] = {1, width - 1, pes - 1};
    if (me == 0) {
        printf("# latency hops pe cycles\n");
    }
    for (size_t i = 0; i < sizeof partners / sizeof *partners; ++i) {
        const int partner = partners[i];
        const uint64_t cycles = one_way(partner, repetitions);
        /* PE p sits at (p mod width, p / width); routes are dimension-ordered. */
        const int hops = partner % width + partner / width;
        if (me == 0) {
            printf("latency %d %d %llu\n", hops, partner, (unsigned long long)cycles);
        }
    }
    shmem_free(ping);
    return 0;
}

int main(int argc, char** argv) {
    shmem_init();
    me = shmem_my_pe();
    pes = shmem_n_pes();
    const char* what = bench_argument(argc, argv, 0, "");
    int status = 2;
    const size_t min_bytes = bench_number(argc, argv, 1, 8);
    const size_t max_bytes = bench_number(argc, argv, 2, 65536);
    const unsigned repetitions = (unsigned)bench_number(argc, argv, 3, 10);
    if (strcmp(what, "putget") == 0) {
        status = putget(min_bytes, max_bytes, repetitions > 0 ? repetitions : 1);
    } else if (strcmp(what, "barrier") == 0) {
        const unsigned count = (unsigned)bench_number(argc, argv, 1, 20);
        status = barrier(count > 0 ? count : 1);
    } else if (strcmp(what, "broadcast") == 0) {
        status = collectives(PUSH, min_bytes, max_bytes, repetitions > 0 ? repetitions : 1);
        if (status == 0) {
            status = collectives(PULL, min_bytes, max_bytes, repetitions > 0 ? repetitions : 1);
        }
    } else if (strcmp(what, "fcollect") == 0) {
        status = collectives(FCOLLECT, min_bytes, max_bytes, repetitions > 0 ? repetitions : 1);
    } else if (strcmp(what, "reduce") == 0) {
        status = collectives(REDUCE, min_bytes, max_bytes, repetitions > 0 ? repetitions : 1);
    } else if (strcmp(what, "latency") == 0) {
        const unsigned count = (unsigned)bench_number(argc, argv, 1, 20);
        status = latency(count > 0 ? count : 1, (int)bench_number(argc, argv, 2, 6));
    }
    if (status != 0 && me == 0) {
        fprintf(stderr, "usage: tshmem_microbenchmarks putget|barrier|broadcast|fcollect|reduce|"
                        "latency ... (2 PEs or more; sizes from 4 bytes)\n");
    }
    shmem_finalize();
    return status;
}
