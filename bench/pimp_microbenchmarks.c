/* Microbenchmarks of the PIMP library, the PIMP paper's: the round trip of a message between
 * node 0 and node 1 by size, the barrier, and broadcast, reduce, both allreduce algorithms and
 * alltoall, in cycles of the cycle CSR (simulated cycles with --timing cycle).
 *
 * usage: pimp_microbenchmarks latency [min bytes (8) [max bytes (1024) [repetitions (100)]]]
 *        pimp_microbenchmarks barrier [repetitions (100)]
 *        pimp_microbenchmarks collectives [bytes (8) [repetitions (20)]]
 * Node 0 prints one line per measurement, after a line of column names starting with '#':
 *   latency BYTES CYCLES          a round trip: node 0 sends, node 1 sends back
 *   barrier NODES CYCLES          one barrier
 *   OPERATION NODES BYTES CYCLES  one collective (broadcast, reduce, allreduce,
 *                                 allreduce_reduce_broadcast, alltoall) of BYTES per node
 * Every figure is the slowest node's, averaged over the repetitions after one untimed call. */
#include "pimp.h"
#include "pimp_bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int me;
static int nodes;

/* The average cycles of `repetitions` calls of step after a first, untimed one, on the slowest
 * node; every node takes part. */
static uint64_t time_calls(void (*step)(void* context), void* context, unsigned repetitions) {
    step(context);
    pimp_barrier();
    const uint64_t start = bench_cycles();
    for (unsigned i = 0; i < repetitions; ++i) {
        step(context);
    }
    return bench_max_over_nodes(bench_cycles() - start) / repetitions;
}

/* Round trips of `bytes` between nodes 0 and 1 after an untimed one: node 0's cycles per round
 * trip (the other nodes only take part in the barrier). */
static uint64_t round_trips(void* buffer, size_t bytes, unsigned repetitions) {
    pimp_barrier();
    if (me == 0) {
        pimp_send(1, buffer, bytes);
        pimp_receive(1, buffer, bytes);
        const uint64_t start = bench_cycles();
        for (unsigned i = 0; i < repetitions; ++i) {
            pimp_send(1, buffer, bytes);
            pimp_receive(1, buffer, bytes);
        }
        return (bench_cycles() - start) / repetitions;
    }
    if (me == 1) {
        for (unsigned i = 0; i <= repetitions; ++i) {
            pimp_receive(0, buffer, bytes);
            pimp_send(0, buffer, bytes);
        }
    }
    return 0;
}

static int latency(size_t min_bytes, size_t max_bytes, unsigned repetitions) {
    if (nodes < 2 || min_bytes == 0 || repetitions == 0) {
        fprintf(stderr, "pimp_microbenchmarks latency: needs 2 nodes or more, sizes from 1 byte "
                        "and 1 repetition or more\n");
        return 2;
    }
    void* buffer = calloc(1, max_bytes);
    if (buffer == NULL) {
        return 2;
    }
    if (me == 0) {
        printf("# latency bytes round-trip-cycles\n");
    }
    for (size_t bytes = min_bytes; bytes <= max_bytes; bytes *= 2) {
        const uint64_t cycles = round_trips(buffer, bytes, repetitions);
        if (me == 0) {
            printf("latency %zu %llu\n", bytes, (unsigned long long)cycles);
        }
    }
    free(buffer);
    return 0;
}

static void barrier(void* context) {
    (void)context;
    pimp_barrier();
}

struct collective {
    const char* name;
    void (*call)(struct collective* c);
    void* dest;
    void* src;
    size_t bytes;
};

static void broadcast(struct collective* c) {
    pimp_broadcast(c->dest, c->bytes, 0);
}

static void reduce(struct collective* c) {
    pimp_reduce(c->dest, c->src, c->bytes / sizeof(long), PIMP_LONG, PIMP_SUM, 0);
}

static void allreduce(struct collective* c) {
    pimp_allreduce(c->dest, c->src, c->bytes / sizeof(long), PIMP_LONG, PIMP_SUM);
}

static void allreduce_reduce_broadcast(struct collective* c) {
    pimp_allreduce_reduce_broadcast(c->dest, c->src, c->bytes / sizeof(long), PIMP_LONG, PIMP_SUM);
}

static void alltoall(struct collective* c) {
    pimp_alltoall(c->dest, c->src, c->bytes);
}

static void call_collective(void* context) {
    struct collective* c = context;
    c->call(c);
}

static int collectives(size_t bytes, unsigned repetitions) {
    if (bytes % sizeof(long) != 0 || repetitions == 0) {
        if (me == 0) {
            fprintf(stderr,
                    "pimp_microbenchmarks collectives: bytes must be a multiple of %zu, "
                    "repetitions at least 1\n",
                    sizeof(long));
        }
        return 2;
    }
    struct collective list[] = {
        {"broadcast", broadcast, NULL, NULL, bytes},
        {"reduce", reduce, NULL, NULL, bytes},
        {"allreduce", allreduce, NULL, NULL, bytes},
        {"allreduce_reduce_broadcast", allreduce_reduce_broadcast, NULL, NULL, bytes},
        {"alltoall", alltoall, NULL, NULL, bytes},
    };
    /* alltoall takes a block per node. */
    void* dest = calloc((size_t)nodes, bytes);
    void* src = calloc((size_t)nodes, bytes);
    if (dest == NULL || src == NULL) {
        free(dest);
        free(src);
        return 2;
    }
    if (me == 0) {
        printf("# operation nodes bytes cycles\n");
    }
    for (size_t i = 0; i < sizeof list / sizeof *list; ++i) {
        list[i].dest = dest;
        list[i].src = src;
        const uint64_t cycles = time_calls(call_collective, &list[i], repetitions);
        if (me == 0) {
            printf("%s %d %zu %llu\n", list[i].name, nodes, bytes, (unsigned long long)cycles);
        }
    }
    free(dest);
    free(src);
    return 0;
}

int main(int argc, char** argv) {
    if (pimp_init() != 0) {
        return 1;
    }
    me = pimp_my_node();
    nodes = pimp_node_count();
    const char* what = bench_argument(argc, argv, 0, "");
    int status = 0;
    if (strcmp(what, "latency") == 0) {
        status = latency(bench_number(argc, argv, 1, 8), bench_number(argc, argv, 2, 1024),
                         (unsigned)bench_number(argc, argv, 3, 100));
    } else if (strcmp(what, "barrier") == 0) {
        const unsigned repetitions = (unsigned)bench_number(argc, argv, 1, 100);
        const uint64_t cycles = time_calls(barrier, NULL, repetitions > 0 ? repetitions : 1);
        if (me == 0) {
            printf("# barrier nodes cycles\nbarrier %d %llu\n", nodes, (unsigned long long)cycles);
        }
    } else if (strcmp(what, "collectives") == 0) {
        status =
            collectives(bench_number(argc, argv, 1, 8), (unsigned)bench_number(argc, argv, 2, 20));
    } else {
        if (me == 0) {
            fprintf(stderr, "usage: pimp_microbenchmarks latency|barrier|collectives ...\n");
        }
        status = 2;
    }
    if (status == 0) {
        pimp_finalize();
    }
    return status;
}
