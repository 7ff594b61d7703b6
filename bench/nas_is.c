/* NAS Parallel Benchmarks IS (integer sort) on xbrtime, after NPB's MPI version as the xBGAS
 * paper ported its OpenSHMEM form (the algorithm is nas_is_core.c's): the bucket sizes are summed
 * with reduce_sum + broadcast (the paper's replacement for sum_to_all), the send counts and the
 * keys go with xbrtime_int_put straight into their receivers' symmetric buffers, and the order
 * across PEs is checked with a get from the PE below.
 *
 * usage: nas_is [class S|W|A|B|C (S)]
 * Only PE 0 prints the results; every PE exits 0 when verification succeeded, 1 when not. */
#include "nas_is_core.h"
#include "xbrtime.h"
#include "xbrtime_bench.h"

#include <stddef.h>

static void sum_over_pes(int* dest, int* scratch, const int* src, size_t count) {
    xbrtime_int_reduce_sum(scratch, src, count, 1, 0);
    xbrtime_int_broadcast(dest, scratch, count, 1, 0);
}

static void exchange_send_counts(struct is_run* r) {
    for (int p = 0; p < r->pes; ++p) {
        xbrtime_int_put(&r->send_counts[r->me * r->pes], r->my_send_counts, (size_t)r->pes, 1, p);
    }
    xbrtime_barrier();
}

static int replace_receive_buffer(struct is_run* r, long keys) {
    xbrtime_free(r->received);
    r->received = xbrtime_malloc((size_t)keys * sizeof *r->received);
    /* No PE may put into the new buffer before its owner has allocated it. */
    xbrtime_barrier();
    return r->received == NULL ? -1 : 0;
}

static void send_keys(struct is_run* r) {
    long from = 0;
    for (int p = 0; p < r->pes; ++p) {
        long at = 0;
        for (int s = 0; s < r->me; ++s) {
            at += r->send_counts[s * r->pes + p];
        }
        const int count = r->my_send_counts[p];
        if (count > 0) {
            xbrtime_int_put(&r->received[at], &r->grouped[from], (size_t)count, 1, p);
        }
        from += count;
    }
    xbrtime_barrier();
}

static long boundary_errors(struct is_run* r, int holds_keys, int last_key, int first_key) {
    static int boundary[2]; /* symmetric: whether I hold keys, my last key */
    boundary[0] = holds_keys;
    boundary[1] = last_key;
    xbrtime_barrier();
    long errors = 0;
    for (int p = r->me - 1; p >= 0 && holds_keys; --p) {
        int below[2];
        xbrtime_int_get(below, boundary, 2, 1, p);
        if (below[0]) {
            errors = below[1] > first_key;
            break;
        }
    }
    /* Nobody may leave while another PE still gets its boundary. */
    xbrtime_barrier();
    return errors;
}

int main(int argc, char** argv) {
    if (xbrtime_init() != 0) {
        return 1;
    }
    static const struct is_runtime runtime = {
        .allocate = xbrtime_malloc,
        .release = xbrtime_free,
        .sum = sum_over_pes,
        .exchange_send_counts = exchange_send_counts,
        .replace_receive_buffer = replace_receive_buffer,
        .send_keys = send_keys,
        .boundary_errors = boundary_errors,
        .max_over_pes = bench_max_over_pes,
        .barrier = xbrtime_barrier,
    };
    const int status = is_main(argc, argv, xbrtime_mype(), xbrtime_num_pes(), &runtime);
    if (status != 2) {
        xbrtime_close();
    }
    return status;
}
