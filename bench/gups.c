/* HPCC RandomAccess (GUPS) on xbrtime, as the xBGAS paper ported ORNL's OpenSHMEM GUPS: a table
 * of 2^n 64-bit words lies in blocks over the PEs, and every update fetches the owner's word with
 * a one-element get, xors the random value into it and puts it back. Nothing locks the word, so
 * two PEs updating it at once can lose an update; HPCC tolerates 1 % wrong entries.
 *
 * usage: gups [log2 table words (20) [updates (4 x table words)]]
 * Only PE 0 prints; every PE exits 0 when verification passed, 1 when it failed. */
#include "xbrtime.h"
#include "xbrtime_bench.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

/* The HPCC random stream: a 64-bit shift register with primitive polynomial x^63 + x^2 + x + 1
 * whose state repeats after PERIOD steps. */
#define POLY UINT64_C(7)
#define PERIOD INT64_C(1317624576693539401)

static uint64_t next_random(uint64_t r) {
    return (r << 1) ^ ((int64_t)r < 0 ? POLY : 0);
}

/* The n-th value of the stream (HPCC_starts) without stepping n times: stepping is
 * multiplication by x in GF(2)[x] modulo POLY, so square-and-multiply on the state reaches x^n
 * in O(log n) steps. squares[j] holds x^(2j), the product of bit j of the state with itself. */
static uint64_t random_start(int64_t n) {
    while (n < 0) {
        n += PERIOD;
    }
    while (n > PERIOD) {
        n -= PERIOD;
    }
    if (n == 0) {
        return 1;
    }
    uint64_t squares[64];
    uint64_t power = 1;
    for (int j = 0; j < 64; ++j) {
        squares[j] = power;
        power = next_random(next_random(power));
    }
    int bit = 62;
    while (((n >> bit) & 1) == 0) {
        --bit;
    }
    uint64_t state = 2;
    while (bit > 0) {
        uint64_t squared = 0;
        for (int j = 0; j < 64; ++j) {
            if ((state >> j) & 1) {
                squared ^= squares[j];
            }
        }
        state = squared;
        --bit;
        if ((n >> bit) & 1) {
            state = next_random(state);
        }
    }
    return state;
}

struct table {
    unsigned long* words; /* this PE's block; symmetric */
    uint64_t size;        /* words in the whole table, a power of two */
    uint64_t block;       /* words per PE; the last PEs' blocks may be partly unused */
};

/* Updates first + 1 .. first + count of the global stream, each a get, xor and put on the
 * owning PE (the OSB/paper way, even when the owner is this PE). */
static void apply_updates(const struct table* table, uint64_t first, uint64_t count) {
    uint64_t random = random_start((int64_t)first);
    for (uint64_t i = 0; i < count; ++i) {
        random = next_random(random);
        const uint64_t index = random & (table->size - 1);
        const int owner = (int)(index / table->block);
        unsigned long* word = &table->words[index - (uint64_t)owner * table->block];
        unsigned long value;
        xbrtime_ulong_get(&value, word, 1, 0, owner);
        value ^= random;
        xbrtime_ulong_put(word, &value, 1, 0, owner);
    }
}

int main(int argc, char** argv) {
    if (xbrtime_init() != 0) {
        return 1;
    }
    const int me = xbrtime_mype();
    const int pes = xbrtime_num_pes();
    const unsigned log2_size = (unsigned)bench_number(argc, argv, 0, 20);
    if (log2_size < 1 || log2_size > 40 || (UINT64_C(1) << log2_size) < (uint64_t)pes) {
        if (me == 0) {
            fprintf(stderr, "gups: the table needs 2^1 to 2^40 words and at least one per PE\n");
        }
        return 2;
    }
    struct table table = {.size = UINT64_C(1) << log2_size};
    table.block = (table.size + (uint64_t)pes - 1) / (uint64_t)pes;
    const uint64_t updates = bench_number(argc, argv, 1, 4 * table.size);
    table.words = xbrtime_malloc(table.block * sizeof *table.words);
    if (table.words == NULL) {
        if (me == 0) {
            fprintf(stderr,
                    "gups: %" PRIu64 " KiB per PE do not fit the symmetric heap (give "
                    "xbemu more memory with -m)\n",
                    table.block * sizeof *table.words / 1024);
        }
        return 2;
    }
    const uint64_t first_index = (uint64_t)me * table.block;
    const uint64_t local_words = first_index >= table.size                ? 0
                                 : table.size - first_index < table.block ? table.size - first_index
                                                                          : table.block;
    for (uint64_t i = 0; i < local_words; ++i) {
        table.words[i] = first_index + i;
    }
    /* PE p performs updates [p * updates / pes, (p + 1) * updates / pes) of one global stream,
     * so the updates are the same for every PE count. */
    const uint64_t first_update = updates * (uint64_t)me / (uint64_t)pes;
    const uint64_t my_updates = updates * (uint64_t)(me + 1) / (uint64_t)pes - first_update;

    xbrtime_barrier();
    const uint64_t start = bench_cycles();
    apply_updates(&table, first_update, my_updates);
    xbrtime_barrier();
    const uint64_t cycles = bench_max_over_pes(bench_cycles() - start);

    /* xor is its own inverse: applying the same updates again restores T[i] = i, except where
     * a race lost an update in either pass. */
    apply_updates(&table, first_update, my_updates);
    xbrtime_barrier();
    static unsigned long local_errors;
    static unsigned long errors;
    local_errors = 0;
    for (uint64_t i = 0; i < local_words; ++i) {
        local_errors += table.words[i] != first_index + i;
    }
    xbrtime_ulong_reduce_all_sum(&errors, &local_errors, 1, 1);
    const int passed = errors * 100 <= table.size;

    if (me == 0) {
        const double seconds = (double)cycles / BENCH_CYCLES_PER_SECOND;
        const double rate = (double)updates / seconds / 1e9;
        printf("GUPS table 2^%u words, %" PRIu64 " updates, %d PEs\n", log2_size, updates, pes);
        printf("GUPS simulated seconds: %.6f\n", seconds);
        printf("GUPS rate: %.6f GUP/s total, %.6f GUP/s per PE (simulated)\n", rate, rate / pes);
        printf("GUPS verification: %lu errors (%.3f%%) %s\n", errors,
               100.0 * (double)errors / (double)table.size, passed ? "PASSED" : "FAILED");
    }
    xbrtime_free(table.words);
    xbrtime_close();
    return passed ? 0 : 1;
}
