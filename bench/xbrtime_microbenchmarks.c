/* Microbenchmarks of xbrtime in simulated time (cycles of xbemu's nominal 1 GHz clock): put and
 * get latency and bandwidth between PE 0 and the last PE, barrier latency, and every collective,
 * for message sizes doubling from min to max bytes (64-bit elements).
 *
 * usage: xbrtime_microbenchmarks [putget|barrier|collectives|all (all) [min bytes (8)
 *                                [max bytes (65536) [repetitions (20)]]]]
 * PE 0 prints one table per family. MB/s is bytes per PE over the simulated time of one
 * operation; a collective's time is its slowest PE's. */
#include "xbrtime.h"
#include "xbrtime_bench.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct settings {
    int me;
    int pes;
    size_t min_bytes;
    size_t max_bytes;
    unsigned repetitions;
    uint64_t* source; /* symmetric, pes * max_bytes */
    uint64_t* dest;   /* symmetric, pes * max_bytes */
    int* pe_msgs;
    int* pe_disp;
};

static void print_row(const char* operation, size_t bytes, uint64_t cycles_per_op) {
    printf("%-16s %10zu %12llu %12.2f\n", operation, bytes, (unsigned long long)cycles_per_op,
           cycles_per_op == 0 ? 0.0 : (double)bytes * 1e3 / (double)cycles_per_op);
}

static void print_header(const char* title) {
    printf("\n%s\n%-16s %10s %12s %12s\n", title, "operation", "bytes", "cycles/op", "MB/s");
}

enum transfer { PUT, PUT_NB, GET };

/* PE 0 alone transfers to or from the last PE (itself when alone); the others wait. */
static void put_get(const struct settings* s) {
    static const char* const names[] = {"put", "put_nb", "get"};
    const int partner = s->pes - 1;
    if (s->me == 0) {
        char title[80];
        snprintf(title, sizeof title, "put/get: PE 0 with PE %d, one operation at a time", partner);
        print_header(title);
    }
    for (int kind = PUT; kind <= GET; ++kind) {
        for (size_t bytes = s->min_bytes; bytes <= s->max_bytes; bytes *= 2) {
            const size_t count = bytes / sizeof(uint64_t);
            xbrtime_barrier();
            if (s->me != 0) {
                continue;
            }
            /* The first transfer touches the pages; only the rest are timed. */
            uint64_t start = 0;
            for (unsigned i = 0; i <= s->repetitions; ++i) {
                if (i == 1) {
                    start = bench_cycles();
                }
                switch (kind) {
                case PUT:
                    xbrtime_uint64_put(s->dest, s->source, count, 1, partner);
                    break;
                case PUT_NB:
                    xbrtime_uint64_put_nb(s->dest, s->source, count, 1, partner);
                    break;
                default:
                    xbrtime_uint64_get(s->dest, s->source, count, 1, partner);
                    break;
                }
            }
            if (kind == PUT_NB) {
                xbrtime_fence();
            }
            print_row(names[kind], bytes, (bench_cycles() - start) / s->repetitions);
        }
    }
    xbrtime_barrier();
}

static void barrier(const struct settings* s) {
    xbrtime_barrier();
    const uint64_t start = bench_cycles();
    for (unsigned i = 0; i < s->repetitions; ++i) {
        xbrtime_barrier();
    }
    const uint64_t cycles = bench_max_over_pes(bench_cycles() - start) / s->repetitions;
    if (s->me == 0) {
        printf("\nbarrier: all PEs, slowest PE\n%-16s %10s %12s\n%-16s %10d %12llu\n", "operation",
               "PEs", "cycles/op", "barrier", s->pes, (unsigned long long)cycles);
    }
}

enum collective {
    BROADCAST,
    REDUCE_SUM,
    REDUCE_ALL_SUM,
    SCATTER,
    GATHER,
    GATHER_ALL,
    ALLTOALL,
    COLLECTIVES
};

static const char* const collective_names[COLLECTIVES] = {
    "broadcast", "reduce_sum", "reduce_all_sum", "scatter", "gather", "gather_all", "alltoall"};

/* count elements per PE; scatter, gather and alltoall move count to or from every PE. */
static void run_collective(const struct settings* s, enum collective which, size_t count) {
    const size_t all = count * (size_t)s->pes;
    switch (which) {
    case BROADCAST:
        xbrtime_uint64_broadcast(s->dest, s->source, count, 1, 0);
        break;
    case REDUCE_SUM:
        xbrtime_uint64_reduce_sum(s->dest, s->source, count, 1, 0);
        break;
    case REDUCE_ALL_SUM:
        xbrtime_uint64_reduce_all_sum(s->dest, s->source, count, 1);
        break;
    case SCATTER:
        xbrtime_uint64_scatter(s->dest, s->source, s->pe_msgs, s->pe_disp, all, 0);
        break;
    case GATHER:
        xbrtime_uint64_gather(s->dest, s->source, s->pe_msgs, s->pe_disp, all, 0);
        break;
    case GATHER_ALL:
        xbrtime_uint64_gather_all(s->dest, s->source, s->pe_msgs, s->pe_disp, all);
        break;
    default:
        xbrtime_uint64_alltoall(s->dest, s->source, count);
        break;
    }
}

static void collectives(const struct settings* s) {
    if (s->me == 0) {
        print_header("collectives: root 0, bytes per PE, slowest PE");
    }
    for (int which = 0; which < COLLECTIVES; ++which) {
        for (size_t bytes = s->min_bytes; bytes <= s->max_bytes; bytes *= 2) {
            const size_t count = bytes / sizeof(uint64_t);
            for (int p = 0; p < s->pes; ++p) {
                s->pe_msgs[p] = (int)count;
                s->pe_disp[p] = (int)(count * (size_t)p);
            }
            /* Untimed: the first call may allocate the routine's scratch space. */
            run_collective(s, (enum collective)which, count);
            xbrtime_barrier();
            const uint64_t start = bench_cycles();
            for (unsigned i = 0; i < s->repetitions; ++i) {
                run_collective(s, (enum collective)which, count);
            }
            const uint64_t cycles = bench_max_over_pes(bench_cycles() - start);
            if (s->me == 0) {
                print_row(collective_names[which], bytes, cycles / s->repetitions);
            }
        }
    }
}

static int is_power_of_two(size_t n) {
    return n != 0 && (n & (n - 1)) == 0;
}

int main(int argc, char** argv) {
    if (xbrtime_init() != 0) {
        return 1;
    }
    struct settings s = {
        .me = xbrtime_mype(),
        .pes = xbrtime_num_pes(),
        .min_bytes = (size_t)bench_number(argc, argv, 1, 8),
        .max_bytes = (size_t)bench_number(argc, argv, 2, 65536),
        .repetitions = (unsigned)bench_number(argc, argv, 3, 20),
    };
    const char* family = bench_argument(argc, argv, 0, "all");
    const int all = strcmp(family, "all") == 0;
    const int known = all || strcmp(family, "putget") == 0 || strcmp(family, "barrier") == 0 ||
                      strcmp(family, "collectives") == 0;
    if (!known || s.min_bytes < sizeof(uint64_t) || !is_power_of_two(s.min_bytes) ||
        s.max_bytes < s.min_bytes || s.repetitions == 0) {
        if (s.me == 0) {
            fprintf(stderr, "usage: xbrtime_microbenchmarks [putget|barrier|collectives|all "
                            "[min bytes (a power of two, >= 8) [max bytes [repetitions]]]]\n");
        }
        return 2;
    }
    const size_t buffer_bytes = s.max_bytes * (size_t)s.pes;
    s.source = xbrtime_malloc(buffer_bytes);
    s.dest = xbrtime_malloc(buffer_bytes);
    s.pe_msgs = malloc((size_t)s.pes * sizeof(int));
    s.pe_disp = malloc((size_t)s.pes * sizeof(int));
    if (s.source == NULL || s.dest == NULL || s.pe_msgs == NULL || s.pe_disp == NULL) {
        if (s.me == 0) {
            fprintf(stderr,
                    "xbrtime_microbenchmarks: %zu bytes of symmetric buffers do not fit "
                    "(give xbemu more memory with -m)\n",
                    2 * buffer_bytes);
        }
        return 2;
    }
    for (size_t i = 0; i < buffer_bytes / sizeof(uint64_t); ++i) {
        s.source[i] = i + (uint64_t)s.me;
    }
    if (s.me == 0) {
        printf("xbrtime microbenchmarks: %d PEs, %u repetitions, simulated time (1 cycle = 1 ns)\n",
               s.pes, s.repetitions);
    }
    if (all || strcmp(family, "putget") == 0) {
        put_get(&s);
    }
    if (all || strcmp(family, "barrier") == 0) {
        barrier(&s);
    }
    if (all || strcmp(family, "collectives") == 0) {
        collectives(&s);
    }
    xbrtime_free(s.dest);
    xbrtime_free(s.source);
    xbrtime_close();
    return 0;
}
