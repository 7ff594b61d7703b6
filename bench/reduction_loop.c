/* A loop of reductions and nothing else, the cycle mode's worst case on many PEs: CALLS calls of
 * xbrtime_long_reduce_sum to PE 0 (a binomial tree with a barrier per stage), each of a value that
 * depends on the PE and the call, which PE 0 checks against the closed form.
 *
 * usage: reduction_loop [CALLS (10)]
 * Run with --isa rv64gc_xbgas. PE 0 prints one line with a checksum of the sums, which depends
 * only on the PE count and CALLS, and exits 1 when a sum was wrong (so does xbemu); 2 on a bad
 * command line. */
#include "bench.h"
#include "xbrtime.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

/* Symmetric operands of the reduction (static data is symmetric). */
static long contribution;
static long sum;

int main(int argc, char** argv) {
    const unsigned long long calls = bench_number(argc, argv, 0, 10);
    if (calls < 1 || calls > 1000000) {
        fprintf(stderr, "reduction_loop: CALLS must be 1 to 1000000\n");
        return 2;
    }
    if (xbrtime_init() != 0) {
        return 1;
    }
    const long me = xbrtime_mype();
    const long pes = xbrtime_num_pes();
    /* Sums of sum_{p < pes} (p + 1) * (call + 1) + call, a different value on every call. */
    const long triangle = pes * (pes + 1) / 2;
    uint64_t checksum = UINT64_C(0xcbf29ce484222325);
    long wrong = 0;
    for (unsigned long long call = 0; call < calls; ++call) {
        contribution = (me + 1) * (long)(call + 1) + (long)call;
        xbrtime_long_reduce_sum(&sum, &contribution, 1, 1, 0);
        if (me == 0) {
            const long expected = triangle * (long)(call + 1) + pes * (long)call;
            wrong += sum != expected;
            checksum = (checksum ^ (uint64_t)sum) * UINT64_C(0x100000001b3);
        }
    }
    if (me == 0) {
        printf("reduction_loop: %ld PEs, %llu reduce_sum calls, checksum 0x%016" PRIx64
               ", %ld wrong sums, verification %s\n",
               pes, calls, checksum, wrong, wrong == 0 ? "PASSED" : "FAILED");
    }
    xbrtime_close();
    return wrong != 0;
}
