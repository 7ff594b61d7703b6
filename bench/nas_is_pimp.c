/* NAS Parallel Benchmarks IS (integer sort) on the PIMP library, as the PIMP paper ran NPB on its
 * MPI-style library (the algorithm is nas_is_core.c's): the bucket sizes are summed with
 * allreduce (recursive doubling), the send counts exchanged with allgather, the keys sent to
 * their receivers as one message per pair of nodes (every node posts its receives first, then
 * sends to node me + 1, me + 2...), and the order across nodes checked with an allgather of each
 * node's last key. Memory is private.
 *
 * usage: nas_is_pimp [class S|W|A|B|C (S)]
 * Only node 0 prints the results; every node exits 0 when verification succeeded, 1 when not. */
#include "nas_is_core.h"
#include "pimp.h"
#include "pimp_bench.h"

#include <stdlib.h>
#include <string.h>

static void sum_over_nodes(int* dest, int* scratch, const int* src, size_t count) {
    (void)scratch;
    pimp_allreduce(dest, src, count, PIMP_INT, PIMP_SUM);
}

static void exchange_send_counts(struct is_run* r) {
    pimp_allgather(r->send_counts, r->my_send_counts, (size_t)r->pes * sizeof(int));
}

static int replace_receive_buffer(struct is_run* r, long keys) {
    free(r->received);
    r->received = malloc((size_t)keys * sizeof *r->received);
    return r->received == NULL ? -1 : 0;
}

/* Where the keys from node `from` start in node `to`'s received: after those of the nodes below
 * `from`. */
static long receive_offset(const struct is_run* r, int from, int to) {
    long at = 0;
    for (int s = 0; s < from; ++s) {
        at += r->send_counts[s * r->pes + to];
    }
    return at;
}

/* One receive request per node, and where each node's keys start in grouped. */
static pimp_request* requests;
static int* first_of;

static void send_keys(struct is_run* r) {
    for (int p = 0, from = 0; p < r->pes; from += r->my_send_counts[p++]) {
        first_of[p] = from;
    }
    size_t posted = 0;
    for (int p = 0; p < r->pes; ++p) {
        const int count = r->send_counts[p * r->pes + r->me];
        if (p != r->me && count > 0) {
            pimp_ireceive(p, &r->received[receive_offset(r, p, r->me)], (size_t)count * sizeof(int),
                          &requests[posted++]);
        }
    }
    for (int step = 1; step < r->pes; ++step) {
        const int p = (r->me + step) % r->pes;
        if (r->my_send_counts[p] > 0) {
            pimp_send(p, &r->grouped[first_of[p]], (size_t)r->my_send_counts[p] * sizeof(int));
        }
    }
    memcpy(&r->received[receive_offset(r, r->me, r->me)], &r->grouped[first_of[r->me]],
           (size_t)r->my_send_counts[r->me] * sizeof(int));
    pimp_wait_all(requests, posted);
}

static long boundary_errors(struct is_run* r, int holds_keys, int last_key, int first_key) {
    const int mine[2] = {holds_keys, last_key};
    int* all = malloc((size_t)r->pes * sizeof mine);
    pimp_allgather(all, mine, sizeof mine);
    long errors = 0;
    for (int p = r->me - 1; p >= 0 && holds_keys; --p) {
        if (all[2 * p]) {
            errors = all[2 * p + 1] > first_key;
            break;
        }
    }
    free(all);
    return errors;
}

int main(int argc, char** argv) {
    if (pimp_init() != 0) {
        return 1;
    }
    const int nodes = pimp_node_count();
    requests = malloc((size_t)nodes * sizeof *requests);
    first_of = malloc((size_t)nodes * sizeof *first_of);
    if (requests == NULL || first_of == NULL) {
        return 2;
    }
    static const struct is_runtime runtime = {
        .allocate = malloc,
        .release = free,
        .sum = sum_over_nodes,
        .exchange_send_counts = exchange_send_counts,
        .replace_receive_buffer = replace_receive_buffer,
        .send_keys = send_keys,
        .boundary_errors = boundary_errors,
        .max_over_pes = bench_max_over_nodes,
        .barrier = pimp_barrier,
    };
    const int status = is_main(argc, argv, pimp_my_node(), nodes, &runtime);
    if (status != 2) {
        pimp_finalize();
    }
    return status;
}
