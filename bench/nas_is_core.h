/* NAS Parallel Benchmarks IS (integer sort) apart from its runtime: the classes, the key
 * sequence, bucketing, the split of the buckets over the PEs, ranking, NPB's partial and full
 * verification, and the report. nas_is.c (xbrtime) and nas_is_pimp.c (PIMP messages) each
 * supply the communication and memory through struct is_runtime.
 *
 * Every PE generates its slice of one global key sequence, buckets its keys, the bucket sizes are
 * summed over the PEs, each PE receives the keys of a contiguous range of buckets from every PE
 * and ranks them. 10 timed iterations follow one untimed warm-up, with NPB's partial verification
 * of 5 known keys in each and a full verification of the order at the end. */
#ifndef NAS_IS_CORE_H
#define NAS_IS_CORE_H

#include <stddef.h>
#include <stdint.h>

#define IS_ITERATIONS 10
#define IS_TEST_KEYS 5

struct is_class;
struct is_runtime;

struct is_run {
    const struct is_class* c;
    const struct is_runtime* runtime;
    int me;
    int pes;
    long total_keys;
    int max_key;
    int buckets;
    int shift; /* key >> shift is its bucket */
    /* This PE holds keys [first_index, first_index + key_count) of the global sequence; every
     * PE but the last holds keys_per_pe of them. */
    long keys_per_pe;
    long first_index;
    long key_count;
    /* From the runtime's allocate (symmetric where it needs them so): every PE allocates the
     * same sizes in the same order. */
    int* keys;        /* my slice of the sequence */
    int* grouped;     /* my keys grouped by bucket, the source of what I send */
    int* received;    /* the keys of my range, from every PE */
    long capacity;    /* of received */
    int* counts;      /* local bucket sizes, then the test keys I hold (0 elsewhere) */
    int* summed;      /* scratch of the summation */
    int* totals;      /* counts summed over the PEs, on every PE */
    int* send_counts; /* row s: how many keys PE s sends to each PE */
    int* key_ranks;   /* per key of my range: how many of my received keys are <= it */
    /* Private. */
    int* bucket_next;  /* where the next key of each bucket goes in grouped */
    int* first_bucket; /* PE p receives buckets [first_bucket[p], first_bucket[p + 1]) */
    int* my_send_counts;
    /* The last ranking. */
    long received_count;
    long most_received; /* over all PEs */
    int range_low;      /* my range of key values is [range_low, range_high) */
    int range_high;
    long lesser_keys; /* keys of all PEs below range_low */
    long stray_keys;  /* received keys outside my range: a broken exchange */
    int passed;       /* partial verifications passed on this PE, then the full one */
};

/* The runtime's part. */
struct is_runtime {
    /* Memory every PE allocates alike (symmetric for a runtime that needs it), and its release. */
    void* (*allocate)(size_t bytes);
    void (*release)(void* block);
    /* Every PE's dest[i] = the sum over the PEs of src[i]; scratch is as large and allocated
     * alike. */
    void (*sum)(int* dest, int* scratch, const int* src, size_t count);
    /* Row s of r->send_counts = PE s's r->my_send_counts, on every PE. */
    void (*exchange_send_counts)(struct is_run* r);
    /* Replaces r->received by an allocation of `keys` keys on every PE at once; 0, or -1 when
     * there is no memory. */
    int (*replace_receive_buffer)(struct is_run* r, long keys);
    /* Moves r->my_send_counts[p] keys of r->grouped (PE p's part follows the parts of the PEs
     * below it) to PE p, which keeps them in r->received after those of the PEs below me. */
    void (*send_keys)(struct is_run* r);
    /* Whether the nearest PE below me that holds keys has a last key above my first: 1 or 0.
     * holds_keys and last_key are mine; every PE calls it. */
    long (*boundary_errors)(struct is_run* r, int holds_keys, int last_key, int first_key);
    /* The maximum of value over the PEs, on every PE. */
    uint64_t (*max_over_pes)(uint64_t value);
    void (*barrier)(void);
};

/* The benchmark on this PE (argv as the program's): the class from argv[1] (S, W, A, B or C;
 * default S). Only PE 0 prints. Returns the exit status: 0 when verification succeeded, 1 when
 * not, 2 for a bad class or too little memory. */
int is_main(int argc, char** argv, int me, int pes, const struct is_runtime* runtime);

#endif
