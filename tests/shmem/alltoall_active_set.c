/* The active-set alltoall of OpenSHMEM 1.3 (deprecated, still provided): shmem_alltoall32/64
 * and shmem_alltoalls32/64 (dst 2, sst 3), on all PEs and on the odd PEs, with a pSync that
 * must come back as it was. Member j's block for member i is source[i * n ...] (at stride
 * sst); it must land in block j of member i's dest (at stride dst); the elements between and
 * after must keep their sentinel. */
#include "shmem_test.h"

#include <shmem.h>
#include <stdint.h>

#define MAX_PES 32
#define N 3
#define DST 2
#define SST 3
#define SENTINEL 0xdeadbeefu

static long pSync[SHMEM_ALLTOALLS_SYNC_SIZE];
static uint32_t source32[MAX_PES * N * SST];
static uint64_t source64[MAX_PES * N * SST];
static uint32_t dest32[MAX_PES * N * DST + 2];
static uint64_t dest64[MAX_PES * N * DST + 2];

static uint64_t value(int pe, size_t i) {
    return ((uint64_t)pe << 36) + 7 * i + 1;
}

static void reset(void) {
    for (size_t i = 0; i < MAX_PES * N * SST; ++i) {
        source32[i] = (uint32_t)value(me, i);
        source64[i] = value(me, i);
    }
    for (size_t i = 0; i < MAX_PES * N * DST + 2; ++i) {
        dest32[i] = SENTINEL;
        dest64[i] = SENTINEL;
    }
}

static void test_set(int start, int log_stride, int size) {
    const int index = (me - start) >> log_stride;
    reset();
    shmem_alltoall32(dest32, source32, N, start, log_stride, size, pSync);
    shmem_alltoall64(dest64, source64, N, start, log_stride, size, pSync);
    for (int j = 0; j < size; ++j) {
        const int pe = set_member_pe(start, log_stride, j);
        for (size_t k = 0; k < N; ++k) {
            const size_t from = (size_t)index * N + k;
            if (dest32[j * N + k] != (uint32_t)value(pe, from) ||
                dest64[j * N + k] != value(pe, from)) {
                report_failure("alltoall from member %d, element %zu", j, k);
            }
        }
    }
    if (dest32[size * N] != SENTINEL || dest64[size * N] != SENTINEL) {
        fail("alltoall wrote past its end", size * N);
    }
    reset();
    shmem_alltoalls32(dest32, source32, DST, SST, N, start, log_stride, size, pSync);
    shmem_alltoalls64(dest64, source64, DST, SST, N, start, log_stride, size, pSync);
    for (int j = 0; j < size; ++j) {
        const int pe = set_member_pe(start, log_stride, j);
        for (size_t k = 0; k < N; ++k) {
            const size_t at = ((size_t)j * N + k) * DST;
            const size_t from = ((size_t)index * N + k) * SST;
            if (dest32[at] != (uint32_t)value(pe, from) || dest64[at] != value(pe, from) ||
                dest32[at + 1] != SENTINEL || dest64[at + 1] != SENTINEL) {
                report_failure("alltoalls from member %d, element %zu", j, k);
            }
        }
    }
}

int main(void) {
    start_test();
    if (too_many_pes(MAX_PES)) {
        return 1;
    }
    init_psync(pSync, SHMEM_ALLTOALLS_SYNC_SIZE);
    shmem_barrier_all();
    test_set(0, 0, npes);
    if (me % 2 == 1) {
        test_set(1, 1, npes / 2);
    }
    shmem_barrier_all();
    if (changed_psync_word(pSync, SHMEM_ALLTOALLS_SYNC_SIZE) >= 0) {
        fail("pSync not restored", 0);
    }
    return finish_test("alltoall_active_set");
}
