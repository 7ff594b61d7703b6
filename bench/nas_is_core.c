/* NAS IS apart from its runtime (see nas_is_core.h). */
#include "nas_is_core.h"

#include "bench.h"
#include "xbemu.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* test_rank[t] is the published rank of the key at test_index[t] in the unmodified sequence;
 * each iteration's extra keys (see set_iteration_keys) move it by
 * direction[t] * iteration + offset[t]. */
struct is_class {
    char name;
    int log2_keys;
    int log2_max_key;
    int log2_buckets;
    long test_index[IS_TEST_KEYS];
    long test_rank[IS_TEST_KEYS];
    int direction[IS_TEST_KEYS];
    int offset[IS_TEST_KEYS];
};

static const struct is_class classes[] = {
    {'S',
     16,
     11,
     9,
     {48427, 17148, 23627, 62548, 4431},
     {0, 18, 346, 64917, 65463},
     {1, 1, 1, -1, -1},
     {0, 0, 0, 0, 0}},
    {'W',
     20,
     16,
     10,
     {357773, 934767, 875723, 898999, 404505},
     {1249, 11698, 1039987, 1043896, 1048018},
     {1, 1, -1, -1, -1},
     {-2, -2, 0, 0, 0}},
    {'A',
     23,
     19,
     10,
     {2112377, 662041, 5336171, 3642833, 4250760},
     {104, 17523, 123928, 8288932, 8388264},
     {1, 1, 1, -1, -1},
     {-1, -1, -1, 1, 1}},
    {'B',
     25,
     21,
     10,
     {41869, 812306, 5102857, 18232239, 26860214},
     {33422937, 10244, 59149, 33135281, 99},
     {-1, 1, 1, -1, 1},
     {0, 0, 0, 0, 0}},
    {'C',
     27,
     23,
     10,
     {44172927, 72999161, 74326391, 129606274, 21736814},
     {61147, 882988, 266290, 133997595, 133525895},
     {1, 1, 1, -1, -1},
     {0, 0, 0, 0, 0}},
};

/* NPB's randlc: x <- a * x mod 2^46, returning x / 2^46. The low 46 bits of a 64-bit product
 * are those of the exact one, so wrapping integer arithmetic gives NPB's values bit for bit. */
#define SEED UINT64_C(314159265)
#define MULTIPLIER UINT64_C(1220703125)
#define MASK_46 ((UINT64_C(1) << 46) - 1)

static double randlc(uint64_t* x) {
    *x = (*x * MULTIPLIER) & MASK_46;
    return (double)*x * 0x1p-46;
}

/* The generator's state after n more draws (NPB's find_my_seed): x * MULTIPLIER^n mod 2^46. */
static uint64_t skip_draws(uint64_t x, uint64_t n) {
    for (uint64_t power = MULTIPLIER; n != 0; n >>= 1, power = (power * power) & MASK_46) {
        if (n & 1) {
            x = (x * power) & MASK_46;
        }
    }
    return x;
}

static int owns_index(const struct is_run* r, long index) {
    return index >= r->first_index && index < r->first_index + r->key_count;
}

static void create_keys(struct is_run* r) {
    /* Four draws per key: skipping 4 * first_index draws makes the slices of all PEs one
     * sequence, whatever the PE count. */
    uint64_t x = skip_draws(SEED, 4 * (uint64_t)r->first_index);
    const double scale = r->max_key / 4;
    for (long i = 0; i < r->key_count; ++i) {
        double sum = randlc(&x);
        sum += randlc(&x);
        sum += randlc(&x);
        sum += randlc(&x);
        r->keys[i] = (int)(scale * sum);
    }
}

/* NPB changes two keys per iteration so that no iteration can reuse the previous result. */
static void set_iteration_keys(struct is_run* r, int iteration) {
    if (owns_index(r, iteration)) {
        r->keys[iteration - r->first_index] = iteration;
    }
    if (owns_index(r, iteration + IS_ITERATIONS)) {
        r->keys[iteration + IS_ITERATIONS - r->first_index] = r->max_key - iteration;
    }
}

static void count_and_group(struct is_run* r) {
    memset(r->counts, 0, (size_t)(r->buckets + IS_TEST_KEYS) * sizeof *r->counts);
    for (long i = 0; i < r->key_count; ++i) {
        ++r->counts[r->keys[i] >> r->shift];
    }
    /* The summation over PEs tells every PE the test keys' values. */
    for (int t = 0; t < IS_TEST_KEYS; ++t) {
        if (owns_index(r, r->c->test_index[t])) {
            r->counts[r->buckets + t] = r->keys[r->c->test_index[t] - r->first_index];
        }
    }
    r->bucket_next[0] = 0;
    for (int b = 1; b < r->buckets; ++b) {
        r->bucket_next[b] = r->bucket_next[b - 1] + r->counts[b - 1];
    }
    for (long i = 0; i < r->key_count; ++i) {
        const int key = r->keys[i];
        r->grouped[r->bucket_next[key >> r->shift]++] = key;
    }
}

/* PE p's range ends at the first bucket where the running total reaches (p + 1) / pes of all
 * keys; the last PE takes the rest. A bucket larger than a PE's share leaves later PEs empty. */
static void split_buckets(struct is_run* r) {
    long running = 0;
    int pe = 0;
    r->first_bucket[0] = 0;
    for (int b = 0; b < r->buckets; ++b) {
        running += r->totals[b];
        while (pe < r->pes - 1 && running * r->pes >= (pe + 1) * r->total_keys) {
            r->first_bucket[++pe] = b + 1;
        }
    }
    while (pe < r->pes - 1) {
        r->first_bucket[++pe] = r->buckets;
    }
    r->first_bucket[r->pes] = r->buckets;
}

/* My row of send counts: how many of my keys fall in each PE's range. */
static void count_keys_to_send(struct is_run* r) {
    for (int p = 0; p < r->pes; ++p) {
        int sum = 0;
        for (int b = r->first_bucket[p]; b < r->first_bucket[p + 1]; ++b) {
            sum += r->counts[b];
        }
        r->my_send_counts[p] = sum;
    }
}

static long received_by(const struct is_run* r, int pe) {
    long sum = 0;
    for (int s = 0; s < r->pes; ++s) {
        sum += r->send_counts[s * r->pes + pe];
    }
    return sum;
}

/* Every PE computes the same largest receive count from the same counts, so all of them
 * replace the buffer together. The margin covers the few keys that the next iterations move. */
static int fit_receive_buffer(struct is_run* r) {
    r->most_received = 0;
    for (int p = 0; p < r->pes; ++p) {
        const long count = received_by(r, p);
        r->most_received = count > r->most_received ? count : r->most_received;
    }
    if (r->most_received <= r->capacity) {
        return 0;
    }
    r->capacity = r->most_received + r->most_received / 16 + 2 * IS_ITERATIONS;
    return r->runtime->replace_receive_buffer(r, r->capacity);
}

static void rank_received_keys(struct is_run* r) {
    r->received_count = received_by(r, r->me);
    r->range_low = r->first_bucket[r->me] << r->shift;
    r->range_high = r->first_bucket[r->me + 1] << r->shift;
    const unsigned span = (unsigned)(r->range_high - r->range_low);
    memset(r->key_ranks, 0, span * sizeof *r->key_ranks);
    for (long i = 0; i < r->received_count; ++i) {
        const unsigned offset = (unsigned)(r->received[i] - r->range_low);
        if (offset < span) {
            ++r->key_ranks[offset];
        } else {
            ++r->stray_keys;
        }
    }
    for (unsigned k = 1; k < span; ++k) {
        r->key_ranks[k] += r->key_ranks[k - 1];
    }
    r->lesser_keys = 0;
    for (int b = 0; b < r->first_bucket[r->me]; ++b) {
        r->lesser_keys += r->totals[b];
    }
}

/* The PE whose range holds a test key checks its rank. */
static void partial_verify(struct is_run* r, int iteration) {
    for (int t = 0; t < IS_TEST_KEYS; ++t) {
        const int key = r->totals[r->buckets + t];
        if (key < r->range_low || key >= r->range_high) {
            continue;
        }
        const long rank =
            r->lesser_keys + (key > r->range_low ? r->key_ranks[key - r->range_low - 1] : 0);
        const long expected =
            r->c->test_rank[t] + (long)r->c->direction[t] * iteration + r->c->offset[t];
        if (rank == expected) {
            ++r->passed;
        } else {
            printf("IS partial verification failed: iteration %d, test key %d: rank %ld, "
                   "expected %ld (PE %d)\n",
                   iteration, t, rank, expected, r->me);
        }
    }
}

static int rank_iteration(struct is_run* r, int iteration) {
    set_iteration_keys(r, iteration);
    count_and_group(r);
    r->runtime->sum(r->totals, r->summed, r->counts, (size_t)(r->buckets + IS_TEST_KEYS));
    split_buckets(r);
    count_keys_to_send(r);
    r->runtime->exchange_send_counts(r);
    if (fit_receive_buffer(r) != 0) {
        return -1;
    }
    r->runtime->send_keys(r);
    rank_received_keys(r);
    partial_verify(r, iteration);
    return 0;
}

/* Sorts the received keys by their ranks, checks the order, and checks that the last key of
 * the nearest PE below holding keys is not above my first. */
static int full_verify(struct is_run* r) {
    /* The sorted keys go into `grouped`, which the last iteration no longer needs, where the
     * received keys fit it on every PE. */
    const int own_buffer = r->most_received > r->keys_per_pe;
    int* sorted =
        own_buffer ? r->runtime->allocate((size_t)r->most_received * sizeof *sorted) : r->grouped;
    if (sorted == NULL) {
        return -1;
    }
    const unsigned span = (unsigned)(r->range_high - r->range_low);
    for (long i = 0; i < r->received_count; ++i) {
        const int key = r->received[i];
        const unsigned offset = (unsigned)(key - r->range_low);
        if (offset < span) {
            sorted[--r->key_ranks[offset]] = key;
        }
    }
    long errors = r->stray_keys;
    for (long i = 1; i < r->received_count; ++i) {
        errors += sorted[i - 1] > sorted[i];
    }
    const int holds_keys = r->received_count > 0;
    errors += r->runtime->boundary_errors(
        r, holds_keys, holds_keys ? sorted[r->received_count - 1] : 0, holds_keys ? sorted[0] : 0);
    if (errors != 0) {
        printf("IS full verification: %ld keys out of order on PE %d\n", errors, r->me);
    } else {
        ++r->passed;
    }
    if (own_buffer) {
        r->runtime->release(sorted);
    }
    return 0;
}

static const struct is_class* find_class(const char* name) {
    for (size_t i = 0; i < sizeof classes / sizeof *classes; ++i) {
        if (toupper((unsigned char)name[0]) == classes[i].name && name[1] == '\0') {
            return &classes[i];
        }
    }
    return NULL;
}

static int allocate(struct is_run* r) {
    const size_t keys = (size_t)r->keys_per_pe * sizeof(int);
    const size_t bucket_data = (size_t)(r->buckets + IS_TEST_KEYS) * sizeof(int);
    void* (*const allocate_alike)(size_t) = r->runtime->allocate;
    r->keys = allocate_alike(keys);
    r->grouped = allocate_alike(keys);
    r->counts = allocate_alike(bucket_data);
    r->summed = allocate_alike(bucket_data);
    r->totals = allocate_alike(bucket_data);
    r->send_counts = allocate_alike((size_t)r->pes * (size_t)r->pes * sizeof(int));
    r->key_ranks = allocate_alike((size_t)r->max_key * sizeof(int));
    r->capacity = r->keys_per_pe + r->keys_per_pe / 16 + 2 * IS_ITERATIONS;
    r->received = allocate_alike((size_t)r->capacity * sizeof(int));
    r->bucket_next = malloc((size_t)r->buckets * sizeof(int));
    r->first_bucket = malloc((size_t)(r->pes + 1) * sizeof(int));
    r->my_send_counts = malloc((size_t)r->pes * sizeof(int));
    return r->keys && r->grouped && r->counts && r->summed && r->totals && r->send_counts &&
                   r->key_ranks && r->received && r->bucket_next && r->first_bucket &&
                   r->my_send_counts
               ? 0
               : -1;
}

static void report_memory_shortage(const struct is_run* r) {
    /* keys, grouped and received hold about a PE's share of the keys each, key_ranks one count
     * per key value; xbrtime's symmetric heap is the upper half of guest RAM. */
    const unsigned long mib =
        (unsigned long)(((3 * r->keys_per_pe + r->keys_per_pe / 8 + r->max_key) *
                         (long)sizeof(int)) >>
                        20);
    fprintf(stderr,
            "nas_is: class %c needs about %lu MiB of memory per PE; give xbemu "
            "-m %luM or more\n",
            r->c->name, mib + 1, 2 * (mib + 2));
}

static int run_benchmark(struct is_run* r, int argc, char** argv) {
    const struct is_runtime* runtime = r->runtime;
    r->c = find_class(bench_argument(argc, argv, 0, "S"));
    if (r->c == NULL) {
        if (r->me == 0) {
            fprintf(stderr, "usage: nas_is [S|W|A|B|C]\n");
        }
        return 2;
    }
    r->total_keys = 1L << r->c->log2_keys;
    r->max_key = 1 << r->c->log2_max_key;
    r->buckets = 1 << r->c->log2_buckets;
    r->shift = r->c->log2_max_key - r->c->log2_buckets;
    r->keys_per_pe = (r->total_keys + r->pes - 1) / r->pes;
    r->first_index = r->keys_per_pe * r->me;
    r->key_count = r->first_index >= r->total_keys ? 0
                   : r->total_keys - r->first_index < r->keys_per_pe
                       ? r->total_keys - r->first_index
                       : r->keys_per_pe;
    if (allocate(r) != 0) {
        if (r->me == 0) {
            report_memory_shortage(r);
        }
        return 2;
    }
    create_keys(r);

    /* NPB's untimed first iteration touches every page and table; its checks do not count. */
    int status = rank_iteration(r, 1);
    r->passed = 0;
    runtime->barrier();
    /* The timed iterations are the region of interest (xbemu --stats-roi, --fast-forward roi);
     * the hints lie outside the cycles the benchmark reports. */
    xbemu_roi_begin();
    const uint64_t start = bench_cycles();
    for (int iteration = 1; iteration <= IS_ITERATIONS && status == 0; ++iteration) {
        status = rank_iteration(r, iteration);
    }
    const uint64_t elapsed = bench_cycles() - start;
    xbemu_roi_end();
    const uint64_t cycles = runtime->max_over_pes(elapsed);
    if (status == 0) {
        status = full_verify(r);
    }
    if (status != 0) {
        if (r->me == 0) {
            report_memory_shortage(r);
        }
        return 2;
    }

    /* Static, so symmetric for a runtime that needs it. */
    static int passed;
    static int passed_sum;
    static int passed_total;
    passed = r->passed;
    runtime->sum(&passed_total, &passed_sum, &passed, 1);
    const int expected = IS_TEST_KEYS * IS_ITERATIONS + r->pes;
    const int successful = passed_total == expected;
    if (r->me == 0) {
        const double seconds = (double)cycles / BENCH_CYCLES_PER_SECOND;
        const double mops = (double)IS_ITERATIONS * (double)r->total_keys / seconds / 1e6;
        printf("IS class %c, %ld keys, %d PEs\n", r->c->name, r->total_keys, r->pes);
        printf("IS iterations: %d\n", IS_ITERATIONS);
        printf("IS simulated seconds: %.6f\n", seconds);
        printf("IS Mop/s total: %.2f\n", mops);
        printf("IS Mop/s per PE: %.2f\n", mops / r->pes);
        printf("IS passed verifications: %d of %d\n", passed_total, expected);
        printf("IS verification: %s\n", successful ? "SUCCESSFUL" : "UNSUCCESSFUL");
    }
    return successful ? 0 : 1;
}

int is_main(int argc, char** argv, int me, int pes, const struct is_runtime* runtime) {
    struct is_run run = {.runtime = runtime, .me = me, .pes = pes};
    const int status = run_benchmark(&run, argc, argv);
    free(run.bucket_next);
    free(run.first_bucket);
    free(run.my_send_counts);
    return status;
}
