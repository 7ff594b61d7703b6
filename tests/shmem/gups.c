/* A small GUPS (HPCC RandomAccess) in the manner of the OSB benchmark, with exactly its
 * OpenSHMEM routines: shmem_init, shmem_malloc, shmem_free, shmem_my_pe, shmem_n_pes,
 * shmem_barrier_all, shmem_int_sum_to_all, shmem_longlong_sum_to_all, shmem_longlong_g,
 * shmem_longlong_p, shmem_quiet, shmem_longlong_inc, shmem_finalize.
 *
 * Each PE holds 2^LOG_LOCAL words of the table, starting as their global indices, and makes
 * 4 * 2^LOG_LOCAL updates T[a] ^= a with get, xor and put at the owning PE, which also counts
 * the updates it received with shmem_longlong_inc. Running the same updates again restores the
 * table; as in HPCC, updates of one word that race may be lost, and up to 1% of the words may
 * differ. */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>

#define POLY 7ULL
#define LOG_LOCAL 12

static long pSync[SHMEM_REDUCE_SYNC_SIZE];
static long long llWrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE + 1];
static int iWrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE + 1];
static long long updates_received;

/* Each PE's own stretch of the HPCC stream. The starts are scrambled (splitmix64's finaliser):
 * multiples of one constant would be the same stream a step or two apart (2C is C shifted
 * once), so that PEs 0, 1, 3 and 7 would update the same words a few cycles apart, and lose
 * far more than 1% of them when they run in step, as in the cycle timing mode. */
static uint64_t stream_start(int pe) {
    uint64_t z = 0x9e3779b97f4a7c15ULL * (uint64_t)(pe + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return (z ^ (z >> 31)) | 1;
}

static uint64_t next(uint64_t a) {
    return (a << 1) ^ ((int64_t)a < 0 ? POLY : 0);
}

static void update(long long* table, uint64_t start, long updates, int npes) {
    uint64_t a = start;
    for (long u = 0; u < updates; ++u) {
        a = next(a);
        const uint64_t index = a >> 7;
        const int pe = (int)((index >> LOG_LOCAL) % (uint64_t)npes);
        long long* word = &table[index & ((1ULL << LOG_LOCAL) - 1)];
        const long long value = shmem_longlong_g(word, pe);
        shmem_longlong_p(word, value ^ (long long)a, pe);
        shmem_longlong_inc(&updates_received, pe);
    }
    shmem_quiet();
}

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    const int npes = shmem_n_pes();
    const long local_words = 1L << LOG_LOCAL;
    const long updates = 4 * local_words;
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; ++i) {
        pSync[i] = SHMEM_SYNC_VALUE;
    }
    long long* table = shmem_malloc((size_t)local_words * sizeof *table);
    for (long i = 0; i < local_words; ++i) {
        table[i] = (long long)me * local_words + i;
    }
    shmem_barrier_all();

    update(table, stream_start(me), updates, npes);
    shmem_barrier_all();
    update(table, stream_start(me), updates, npes);
    shmem_barrier_all();

    static long long errors, total_errors, received, total_received;
    static int passed, total_passed;
    errors = 0;
    for (long i = 0; i < local_words; ++i) {
        errors += table[i] != (long long)me * local_words + i;
    }
    received = updates_received;
    shmem_longlong_sum_to_all(&total_errors, &errors, 1, 0, 0, npes, llWrk, pSync);
    shmem_longlong_sum_to_all(&total_received, &received, 1, 0, 0, npes, llWrk, pSync);
    passed = total_errors * 100 <= local_words * npes && total_received == 2 * updates * npes;
    shmem_int_sum_to_all(&total_passed, &passed, 1, 0, 0, npes, iWrk, pSync);
    if (me == 0) {
        printf("gups: %d PEs, %ld words, %lld updates, %lld words differ: %s\n", npes,
               local_words * npes, total_received, total_errors,
               total_passed == npes ? "passed" : "FAILED");
    }
    shmem_free(table);
    shmem_finalize();
    return total_passed != npes;
}
