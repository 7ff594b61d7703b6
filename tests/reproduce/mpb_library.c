/* Checks the MPB library's results on any node count: messages of every shape (empty, odd
 * sizes, unaligned buffers, longer than the data area), barriers, binomial broadcast from every
 * root, reduce and both allreduces of long, unsigned long and double with every operation, and
 * alltoall. Prints "mpb library: N nodes, all checks passed" on node 0, or each failure and
 * exits 1. */
#include "mpb.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int me;
static int nodes;
static int failures;

static void check(int condition, const char* what, long detail) {
    if (!condition) {
        printf("node %d: %s failed (%ld)\n", me, what, detail);
        ++failures;
    }
}

static unsigned char pattern(int from, int to, size_t i) {
    return (unsigned char)(from * 31 + to * 7 + i * 13 + 1);
}

/* Every node sends to the next and receives from the previous, around a ring, with one
 * send_receive; then node 0 and the last node swap with send and receive. */
static void messages(size_t bytes, size_t offset) {
    unsigned char* out = calloc(1, bytes + 16);
    unsigned char* in = calloc(1, bytes + 16);
    const int next = (me + 1) % nodes;
    const int previous = (me - 1 + nodes) % nodes;
    for (size_t i = 0; i < bytes; ++i) {
        out[offset + i] = pattern(me, next, i);
    }
    mpb_send_receive(next, out + offset, previous, in + offset, bytes);
    for (size_t i = 0; i < bytes; ++i) {
        if (in[offset + i] != pattern(previous, me, i)) {
            check(0, "send_receive around the ring", (long)bytes);
            break;
        }
    }
    const int last = nodes - 1;
    if (last > 0 && (me == 0 || me == last)) {
        const int other = last - me;
        for (size_t i = 0; i < bytes; ++i) {
            out[offset + i] = pattern(me, other, i);
        }
        if (me == 0) {
            mpb_send(other, out + offset, bytes);
            mpb_receive(other, in + offset, bytes);
        } else {
            mpb_receive(other, in + offset, bytes);
            mpb_send(other, out + offset, bytes);
        }
        for (size_t i = 0; i < bytes; ++i) {
            if (in[offset + i] != pattern(other, me, i)) {
                check(0, "send and receive", (long)bytes);
                break;
            }
        }
    }
    free(out);
    free(in);
}

static void broadcasts(void) {
    long values[100];
    for (int root = 0; root < nodes; ++root) {
        for (int i = 0; i < 100; ++i) {
            values[i] = me == root ? root * 1000 + i : -1;
        }
        mpb_broadcast(values, sizeof values, root);
        for (int i = 0; i < 100; ++i) {
            check(values[i] == root * 1000 + i, "broadcast", root);
        }
    }
}

static void reductions(size_t count) {
    long* src = malloc(count * sizeof(long));
    long* dest = malloc(count * sizeof(long));
    double* dsrc = malloc(count * sizeof(double));
    double* ddest = malloc(count * sizeof(double));
    for (size_t i = 0; i < count; ++i) {
        src[i] = (long)(me * 3) - (long)i;
        dsrc[i] = 0.5 * me + (double)i;
    }
    const long n = nodes;
    for (int root = 0; root<nodes; root += nodes> 2 ? nodes - 1 : 1) {
        mpb_reduce(dest, src, count, MPB_LONG, MPB_SUM, root);
        if (me == root) {
            for (size_t i = 0; i < count; ++i) {
                check(dest[i] == 3 * n * (n - 1) / 2 - n * (long)i, "reduce sum", root);
            }
        }
    }
    mpb_allreduce(dest, src, count, MPB_LONG, MPB_MAX);
    for (size_t i = 0; i < count; ++i) {
        check(dest[i] == 3 * (n - 1) - (long)i, "allreduce max", (long)i);
    }
    mpb_allreduce_reduce_broadcast(dest, src, count, MPB_LONG, MPB_MIN);
    for (size_t i = 0; i < count; ++i) {
        check(dest[i] == -(long)i, "allreduce_reduce_broadcast min", (long)i);
    }
    mpb_allreduce(ddest, dsrc, count, MPB_DOUBLE, MPB_SUM);
    for (size_t i = 0; i < count; ++i) {
        check(ddest[i] == 0.25 * (double)(n * (n - 1)) + (double)n * (double)i,
              "allreduce double sum", (long)i);
    }
    mpb_allreduce(dest, src, count, MPB_UNSIGNED_LONG, MPB_SUM);
    for (size_t i = 0; i < count; ++i) {
        check(dest[i] == 3 * n * (n - 1) / 2 - n * (long)i, "allreduce unsigned sum", (long)i);
    }
    free(src);
    free(dest);
    free(dsrc);
    free(ddest);
}

static void alltoall(size_t bytes) {
    unsigned char* src = malloc((size_t)nodes * bytes);
    unsigned char* dest = malloc((size_t)nodes * bytes);
    for (int node = 0; node < nodes; ++node) {
        for (size_t i = 0; i < bytes; ++i) {
            src[(size_t)node * bytes + i] = pattern(me, node, i);
        }
    }
    mpb_alltoall(dest, src, bytes);
    for (int node = 0; node < nodes; ++node) {
        for (size_t i = 0; i < bytes; ++i) {
            if (dest[(size_t)node * bytes + i] != pattern(node, me, i)) {
                check(0, "alltoall", node);
                break;
            }
        }
    }
    free(src);
    free(dest);
}

int main(void) {
    if (mpb_init() != 0) {
        return 1;
    }
    me = mpb_my_node();
    nodes = mpb_node_count();
    if (nodes > 1) {
        const size_t sizes[] = {0, 1, 7, 8, 13, 64, 1000, 8192, 20000};
        for (size_t i = 0; i < sizeof sizes / sizeof *sizes; ++i) {
            messages(sizes[i], 0);
            messages(sizes[i], 3);
        }
    }
    for (int i = 0; i < 5; ++i) {
        mpb_barrier();
    }
    broadcasts();
    reductions(1);
    reductions(300);
    reductions(2000);
    alltoall(8);
    alltoall(100);
    alltoall(9000);
    long total = failures;
    long all = 0;
    mpb_allreduce(&all, &total, 1, MPB_LONG, MPB_SUM);
    if (me == 0 && all == 0) {
        printf("mpb library: %d nodes, all checks passed\n", nodes);
    }
    mpb_finalize();
    return all == 0 ? 0 : 1;
}
