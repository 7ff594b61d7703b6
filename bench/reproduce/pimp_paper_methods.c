/* Two measurements of the PIMP paper that bench/pimp_microbenchmarks.c does not make, on the
 * PIMP library: the barrier by the paper's method, and the linear broadcast its figures show
 * (the library's own broadcast is a binomial tree). mpb_microbenchmarks.c makes the same two on
 * the MPB library. Cycles of the cycle CSR (simulated cycles with --timing cycle); run with
 * xbemu --isa rv64gc_pimp -n N.
 *
 * usage: pimp_paper_methods barrier_delayed [rounds (100) [delay cycles (2000)]]
 *        pimp_paper_methods broadcast_linear [bytes (8) [repetitions (20)]]
 * Node 0 prints, after a line of column names starting with '#':
 *   barrier_delayed NODES CYCLES    in every round one node, chosen at random, enters the
 *                                   barrier `delay` cycles late; the figure is from its entry
 *                                   to the last node's exit (the delay subtracted), averaged
 *   broadcast_linear NODES BYTES CYCLES  node 0 sends the message to every node in turn; the
 *                                   slowest node's cycles per broadcast after one untimed one */
#include "bench.h"
#include "pimp.h"
#include "pimp_bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int me;
static int nodes;

/* Every node draws the same delayed node from the same generator. */
static uint64_t delayed_barriers(unsigned rounds, uint64_t delay) {
    uint64_t random = 88172645463325252ull;
    uint64_t total = 0;
    for (unsigned round = 0; round < rounds; ++round) {
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        const int delayed = (int)(random % (uint64_t)nodes);
        pimp_barrier();
        const uint64_t start = bench_cycles();
        if (me == delayed) {
            while (bench_cycles() - start < delay) {
            }
        }
        const uint64_t entry = bench_cycles();
        pimp_barrier();
        const uint64_t exit = bench_cycles();
        const uint64_t last_exit = bench_max_over_nodes(exit);
        const uint64_t last_entry = bench_max_over_nodes(me == delayed ? entry : 0);
        total += last_exit - last_entry;
    }
    return total / rounds;
}

static void broadcast_linear(void* buffer, size_t bytes) {
    if (me == 0) {
        for (int node = 1; node < nodes; ++node) {
            pimp_send(node, buffer, bytes);
        }
    } else {
        pimp_receive(0, buffer, bytes);
    }
}

static uint64_t time_broadcasts(size_t bytes, unsigned repetitions) {
    void* buffer = calloc(1, bytes);
    if (buffer == NULL) {
        return 0;
    }
    broadcast_linear(buffer, bytes);
    pimp_barrier();
    const uint64_t start = bench_cycles();
    for (unsigned i = 0; i < repetitions; ++i) {
        broadcast_linear(buffer, bytes);
    }
    const uint64_t cycles = bench_max_over_nodes(bench_cycles() - start) / repetitions;
    free(buffer);
    return cycles;
}

int main(int argc, char** argv) {
    if (pimp_init() != 0) {
        return 1;
    }
    me = pimp_my_node();
    nodes = pimp_node_count();
    const char* what = bench_argument(argc, argv, 0, "");
    if (strcmp(what, "barrier_delayed") == 0) {
        const unsigned rounds = (unsigned)bench_number(argc, argv, 1, 100);
        const uint64_t cycles =
            delayed_barriers(rounds > 0 ? rounds : 1, bench_number(argc, argv, 2, 2000));
        if (me == 0) {
            printf("# barrier_delayed nodes cycles\nbarrier_delayed %d %llu\n", nodes,
                   (unsigned long long)cycles);
        }
    } else if (strcmp(what, "broadcast_linear") == 0) {
        const size_t bytes = bench_number(argc, argv, 1, 8);
        const unsigned repetitions = (unsigned)bench_number(argc, argv, 2, 20);
        if (bytes == 0 || repetitions == 0) {
            if (me == 0) {
                fprintf(stderr, "pimp_paper_methods broadcast_linear: bytes and repetitions "
                                "must be at least 1\n");
            }
            return 2;
        }
        const uint64_t cycles = time_broadcasts(bytes, repetitions);
        if (me == 0) {
            printf("# operation nodes bytes cycles\nbroadcast_linear %d %zu %llu\n", nodes, bytes,
                   (unsigned long long)cycles);
        }
    } else {
        if (me == 0) {
            fprintf(stderr, "usage: pimp_paper_methods barrier_delayed|broadcast_linear ...\n");
        }
        return 2;
    }
    pimp_finalize();
    return 0;
}
