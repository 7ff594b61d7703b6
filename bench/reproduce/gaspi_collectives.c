/* The GASPI paper's notified collectives (Al Ahad, Simmendinger, Iakymchuk et al.) against
 * xbrtime's trees with a barrier per stage, on xbrtime's public API: the allreduce
 * (xbrtime_int_reduce_all_sum) of 1 and 100 ints, and the allgatherv (xbrtime_int_gather_all)
 * of the paper's three distributions, each under both collective algorithms
 * (xbrtime_set_collective_algorithm) and under the default, automatic choice. Run with xbemu --isa
 * rv64gc_xbgas -n N --timing cycle.
 *
 * usage: gaspi_collectives [repetitions (10) [allgather elements per PE (100)]]
 * PE 0 prints a line of column names starting with '#', then one line per measurement:
 *   allreduce PES INTS ALGORITHM CYCLES
 *   allgatherv PES DISTRIBUTION TOTAL_INTS ALGORITHM CYCLES
 * ALGORITHM is barrier-stages, notified or automatic; DISTRIBUTION regular (every PE the same
 * count), decreasing (PE p has count * (pes - p) / pes, at least 1) or broadcast (PE 0 has count *
 * pes / 2, the others none). CYCLES is the cycles of one call on the slowest PE, from a barrier to
 * its return, averaged over the repetitions (after one call to warm up). */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <xbrtime.h>

static int me;
static int pes;

enum distribution { REGULAR, DECREASING, BROADCAST, DISTRIBUTIONS };
static const char* const distribution_names[DISTRIBUTIONS] = {"regular", "decreasing", "broadcast"};
static const enum xbrtime_collective_algorithm algorithms[] = {XBRTIME_COLLECTIVES_BARRIER_STAGES,
                                                               XBRTIME_COLLECTIVES_NOTIFIED,
                                                               XBRTIME_COLLECTIVES_AUTOMATIC};
static const char* const algorithm_names[] = {"barrier-stages", "notified", "automatic"};

/* The slowest PE's value, with the algorithm chosen for the measurement set aside. */
static uint64_t slowest(uint64_t cycles) {
    static uint64_t mine;
    static uint64_t most;
    const enum xbrtime_collective_algorithm measured = xbrtime_collective_algorithm();
    xbrtime_set_collective_algorithm(XBRTIME_COLLECTIVES_BARRIER_STAGES);
    mine = cycles;
    xbrtime_uint64_reduce_all_max(&most, &mine, 1, 1);
    xbrtime_set_collective_algorithm(measured);
    return most;
}

static int* src;
static int* dest;
static int* pe_msgs;
static int* pe_disp;

static uint64_t time_allreduce(size_t ints, unsigned repetitions) {
    uint64_t total = 0;
    for (unsigned r = 0; r <= repetitions; ++r) {
        xbrtime_barrier();
        const uint64_t start = bench_cycles();
        xbrtime_int_reduce_all_sum(dest, src, ints, 1);
        const uint64_t cycles = bench_cycles() - start;
        total += r > 0 ? cycles : 0;
    }
    return slowest(total / repetitions);
}

static size_t make_distribution(enum distribution distribution, int count) {
    size_t total = 0;
    for (int pe = 0; pe < pes; ++pe) {
        switch (distribution) {
        case REGULAR:
            pe_msgs[pe] = count;
            break;
        case DECREASING:
            pe_msgs[pe] = count * (pes - pe) / pes > 0 ? count * (pes - pe) / pes : 1;
            break;
        default:
            pe_msgs[pe] = pe == 0 ? count * pes / 2 : 0;
            break;
        }
        pe_disp[pe] = (int)total;
        total += (size_t)pe_msgs[pe];
    }
    return total;
}

static uint64_t time_allgatherv(size_t total, unsigned repetitions) {
    uint64_t sum = 0;
    for (unsigned r = 0; r <= repetitions; ++r) {
        xbrtime_barrier();
        const uint64_t start = bench_cycles();
        xbrtime_int_gather_all(dest, src, pe_msgs, pe_disp, total);
        const uint64_t cycles = bench_cycles() - start;
        sum += r > 0 ? cycles : 0;
    }
    return slowest(sum / repetitions);
}

int main(int argc, char** argv) {
    const unsigned repetitions = (unsigned)bench_number(argc, argv, 0, 10);
    const int count = (int)bench_number(argc, argv, 1, 100);
    if (repetitions == 0 || count <= 0) {
        fprintf(stderr, "usage: gaspi_collectives [repetitions >= 1 [elements per PE >= 1]]\n");
        return 2;
    }
    if (xbrtime_init() != 0) {
        return 1;
    }
    me = xbrtime_mype();
    pes = xbrtime_num_pes();
    const size_t largest = (size_t)count * (size_t)pes;
    src = xbrtime_malloc(largest * sizeof(int));
    dest = xbrtime_malloc(largest * sizeof(int));
    pe_msgs = malloc((size_t)pes * sizeof(int));
    pe_disp = malloc((size_t)pes * sizeof(int));
    if (src == NULL || dest == NULL || pe_msgs == NULL || pe_disp == NULL) {
        fprintf(stderr, "gaspi_collectives: no memory for %zu ints\n", largest);
        return 1;
    }
    for (size_t i = 0; i < largest; ++i) {
        src[i] = me + (int)i;
    }
    if (me == 0) {
        printf("# allreduce PES INTS ALGORITHM CYCLES | allgatherv PES DISTRIBUTION TOTAL_INTS "
               "ALGORITHM CYCLES\n");
    }
    static const size_t allreduce_sizes[] = {1, 100};
    for (size_t a = 0; a < sizeof algorithms / sizeof algorithms[0]; ++a) {
        xbrtime_set_collective_algorithm(algorithms[a]);
        for (size_t s = 0; s < sizeof allreduce_sizes / sizeof allreduce_sizes[0]; ++s) {
            const uint64_t cycles = time_allreduce(allreduce_sizes[s], repetitions);
            if (me == 0) {
                printf("allreduce %d %zu %s %llu\n", pes, allreduce_sizes[s], algorithm_names[a],
                       (unsigned long long)cycles);
            }
        }
        for (enum distribution d = 0; d < DISTRIBUTIONS; ++d) {
            const size_t total = make_distribution(d, count);
            const uint64_t cycles = time_allgatherv(total, repetitions);
            if (me == 0) {
                printf("allgatherv %d %s %zu %s %llu\n", pes, distribution_names[d], total,
                       algorithm_names[a], (unsigned long long)cycles);
            }
        }
    }
    xbrtime_close();
    return 0;
}
