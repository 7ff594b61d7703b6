/* The PIMP paper's microbenchmarks on its baseline, the MPB library (guest-lib/mpb: RCCE-like
 * message passing through message-passing buffers written with xBGAS remote stores), with the
 * command line and output of bench/pimp_microbenchmarks.c, in cycles of the cycle CSR (simulated
 * cycles with --timing cycle). Run with xbemu --isa rv64gc_xbgas -n N.
 *
 * usage: mpb_microbenchmarks latency [min bytes (8) [max bytes (1024) [repetitions (100)]]]
 *        mpb_microbenchmarks barrier [repetitions (100)]
 *        mpb_microbenchmarks barrier_delayed [rounds (100) [delay cycles (2000)]]
 *        mpb_microbenchmarks collectives [bytes (8) [repetitions (20)]]
 * Node 0 prints one line per measurement, after a line of column names starting with '#':
 *   latency BYTES CYCLES          a round trip: node 0 sends, node 1 sends back
 *   barrier NODES CYCLES          one barrier, called back to back
 *   barrier_delayed NODES CYCLES  one barrier by the paper's method: in every round one node,
 *                                 chosen at random, enters it `delay` cycles late; the figure
 *                                 is from its entry to the last node's exit (the delay
 *                                 subtracted), averaged over the rounds
 *   OPERATION NODES BYTES CYCLES  one collective (broadcast, broadcast_linear, reduce,
 *                                 allreduce, allreduce_reduce_broadcast, alltoall) of BYTES per
 *                                 node
 * Every other figure is the slowest node's, averaged over the repetitions after one untimed
 * call. */
#include "bench.h"
#include "mpb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int me;
static int nodes;

static uint64_t max_over_nodes(uint64_t value) {
    uint64_t maximum;
    mpb_allreduce(&maximum, &value, 1, MPB_UNSIGNED_LONG, MPB_MAX);
    return maximum;
}

/* The average cycles of `repetitions` calls of step after a first, untimed one, on the slowest
 * node; every node takes part. */
static uint64_t time_calls(void (*step)(void* context), void* context, unsigned repetitions) {
    step(context);
    mpb_barrier();
    const uint64_t start = bench_cycles();
    for (unsigned i = 0; i < repetitions; ++i) {
        step(context);
    }
    return max_over_nodes(bench_cycles() - start) / repetitions;
}

/* Round trips of `bytes` between nodes 0 and 1 after an untimed one: node 0's cycles per round
 * trip (the other nodes only take part in the barrier). */
static uint64_t round_trips(void* buffer, size_t bytes, unsigned repetitions) {
    mpb_barrier();
    if (me == 0) {
        mpb_send(1, buffer, bytes);
        mpb_receive(1, buffer, bytes);
        const uint64_t start = bench_cycles();
        for (unsigned i = 0; i < repetitions; ++i) {
            mpb_send(1, buffer, bytes);
            mpb_receive(1, buffer, bytes);
        }
        return (bench_cycles() - start) / repetitions;
    }
    if (me == 1) {
        for (unsigned i = 0; i <= repetitions; ++i) {
            mpb_receive(0, buffer, bytes);
            mpb_send(0, buffer, bytes);
        }
    }
    return 0;
}

static int latency(size_t min_bytes, size_t max_bytes, unsigned repetitions) {
    if (nodes < 2 || min_bytes == 0 || repetitions == 0) {
        fprintf(stderr, "mpb_microbenchmarks latency: needs 2 nodes or more, sizes from 1 byte "
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
    mpb_barrier();
}

/* The paper's barrier method. Every node draws the same delayed node from the same generator. */
static uint64_t delayed_barriers(unsigned rounds, uint64_t delay) {
    uint64_t random = 88172645463325252ull;
    uint64_t total = 0;
    for (unsigned round = 0; round < rounds; ++round) {
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        const int delayed = (int)(random % (uint64_t)nodes);
        mpb_barrier();
        const uint64_t start = bench_cycles();
        if (me == delayed) {
            while (bench_cycles() - start < delay) {
            }
        }
        const uint64_t entry = bench_cycles();
        mpb_barrier();
        const uint64_t exit = bench_cycles();
        const uint64_t last_exit = max_over_nodes(exit);
        const uint64_t last_entry = max_over_nodes(me == delayed ? entry : 0);
        total += last_exit - last_entry;
    }
    return total / rounds;
}

struct collective {
    const char* name;
    void (*call)(struct collective* c);
    void* dest;
    void* src;
    size_t bytes;
};

static void broadcast(struct collective* c) {
    mpb_broadcast(c->dest, c->bytes, 0);
}

/* RCCE's broadcast: the root sends to every node in turn. */
static void broadcast_linear(struct collective* c) {
    if (me == 0) {
        for (int node = 1; node < nodes; ++node) {
            mpb_send(node, c->dest, c->bytes);
        }
    } else {
        mpb_receive(0, c->dest, c->bytes);
    }
}

static void reduce(struct collective* c) {
    mpb_reduce(c->dest, c->src, c->bytes / sizeof(long), MPB_LONG, MPB_SUM, 0);
}

static void allreduce(struct collective* c) {
    mpb_allreduce(c->dest, c->src, c->bytes / sizeof(long), MPB_LONG, MPB_SUM);
}

static void allreduce_reduce_broadcast(struct collective* c) {
    mpb_allreduce_reduce_broadcast(c->dest, c->src, c->bytes / sizeof(long), MPB_LONG, MPB_SUM);
}

static void alltoall(struct collective* c) {
    mpb_alltoall(c->dest, c->src, c->bytes);
}

static void call_collective(void* context) {
    struct collective* c = context;
    c->call(c);
}

static int collectives(size_t bytes, unsigned repetitions) {
    if (bytes % sizeof(long) != 0 || bytes == 0 || repetitions == 0) {
        if (me == 0) {
            fprintf(stderr,
                    "mpb_microbenchmarks collectives: bytes must be a positive multiple of %zu, "
                    "repetitions at least 1\n",
                    sizeof(long));
        }
        return 2;
    }
    struct collective list[] = {
        {"broadcast", broadcast, NULL, NULL, bytes},
        {"broadcast_linear", broadcast_linear, NULL, NULL, bytes},
        {"reduce", reduce, NULL, NULL, bytes},
        {"allreduce", allreduce, NULL, NULL, bytes},
        {"allreduce_reduce_broadcast", allreduce_reduce_broadcast, NULL, NULL, bytes},
        {"alltoall", alltoall, NULL, NULL, bytes},
    };
    /* alltoall takes a block per node. */
    long* dest = calloc((size_t)nodes, bytes);
    long* src = calloc((size_t)nodes, bytes);
    if (dest == NULL || src == NULL) {
        free(dest);
        free(src);
        return 2;
    }
    for (size_t i = 0; i < (size_t)nodes * bytes / sizeof(long); ++i) {
        src[i] = me + (long)i;
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
    if (mpb_init() != 0) {
        return 1;
    }
    me = mpb_my_node();
    nodes = mpb_node_count();
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
    } else if (strcmp(what, "barrier_delayed") == 0) {
        const unsigned rounds = (unsigned)bench_number(argc, argv, 1, 100);
        const uint64_t cycles =
            delayed_barriers(rounds > 0 ? rounds : 1, bench_number(argc, argv, 2, 2000));
        if (me == 0) {
            printf("# barrier_delayed nodes cycles\nbarrier_delayed %d %llu\n", nodes,
                   (unsigned long long)cycles);
        }
    } else if (strcmp(what, "collectives") == 0) {
        status =
            collectives(bench_number(argc, argv, 1, 8), (unsigned)bench_number(argc, argv, 2, 20));
    } else {
        if (me == 0) {
            fprintf(stderr, "usage: mpb_microbenchmarks "
                            "latency|barrier|barrier_delayed|collectives ...\n");
        }
        status = 2;
    }
    if (status == 0) {
        mpb_finalize();
    }
    return status;
}
