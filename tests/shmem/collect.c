/* broadcast, fcollect and collect, 32- and 64-bit, on all PEs and on the odd PEs (a strided
 * set whose other PEs stay out): broadcast from every member in turn, collect with blocks of
 * different lengths (some empty). Every element of dest and the ones after it are checked, and
 * the root's own dest must stay as it was. One pSync serves all calls in a row. */
#include "shmem_test.h"

#include <shmem.h>
#include <stdint.h>
#include <string.h>

#define MAX_PES 64
#define MAX_N 300
#define SENTINEL 0x5a5a5a5a

static long pSync[SHMEM_COLLECT_SYNC_SIZE];
static uint32_t source32[MAX_N];
static uint32_t dest32[MAX_PES * MAX_N + 4];
static uint64_t source64[MAX_N];
static uint64_t dest64[MAX_PES * MAX_N + 4];

static void fail_at(const char* what, int detail, size_t index) {
    report_failure("%s (%d) at element %zu", what, detail, index);
}

static uint64_t value(int pe, size_t i) {
    return ((uint64_t)pe << 40) + 0x1000 + i;
}

static void reset(size_t count) {
    for (size_t i = 0; i < MAX_N; ++i) {
        source32[i] = (uint32_t)value(me, i);
        source64[i] = value(me, i);
    }
    for (size_t i = 0; i < count; ++i) {
        dest32[i] = SENTINEL;
        dest64[i] = SENTINEL;
    }
}

/* dest[first + i] == value(pe, i) for i < count */
static void check_block(const char* what, size_t first, size_t count, int pe) {
    for (size_t i = 0; i < count; ++i) {
        if (dest32[first + i] != (uint32_t)value(pe, i) || dest64[first + i] != value(pe, i)) {
            fail_at(what, pe, first + i);
            return;
        }
    }
}

static void check_untouched(const char* what, size_t first, size_t count) {
    for (size_t i = first; i < first + count; ++i) {
        if (dest32[i] != SENTINEL || dest64[i] != SENTINEL) {
            fail_at(what, -1, i);
            return;
        }
    }
}

static void test_set(int start, int log_stride, int size) {
    static const size_t lengths[] = {1, 5, MAX_N};
    const int index = (me - start) >> log_stride;
    for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; ++l) {
        const size_t n = lengths[l];
        for (int root = 0; root < size; ++root) {
            reset(n + 4);
            shmem_broadcast32(dest32, source32, n, root, start, log_stride, size, pSync);
            shmem_broadcast64(dest64, source64, n, root, start, log_stride, size, pSync);
            if (index == root) {
                check_untouched("broadcast root's dest", 0, n + 4);
            } else {
                check_block("broadcast", 0, n, set_member_pe(start, log_stride, root));
                check_untouched("broadcast past the end", n, 4);
            }
        }
        reset((size_t)size * n + 4);
        shmem_fcollect32(dest32, source32, n, start, log_stride, size, pSync);
        shmem_fcollect64(dest64, source64, n, start, log_stride, size, pSync);
        for (int k = 0; k < size; ++k) {
            check_block("fcollect", (size_t)k * n, n, set_member_pe(start, log_stride, k));
        }
        check_untouched("fcollect past the end", (size_t)size * n, 4);
    }
    /* member k brings (k * 7) % 4 elements: 0, 3, 2, 1, 0, ... */
    reset(4 * (size_t)size + 4);
    const size_t mine = (size_t)(index * 7) % 4;
    shmem_collect32(dest32, source32, mine, start, log_stride, size, pSync);
    shmem_collect64(dest64, source64, mine, start, log_stride, size, pSync);
    size_t offset = 0;
    for (int k = 0; k < size; ++k) {
        const size_t count = (size_t)(k * 7) % 4;
        check_block("collect", offset, count, set_member_pe(start, log_stride, k));
        offset += count;
    }
    check_untouched("collect past the end", offset, 4);
}

int main(void) {
    start_test();
    if (too_many_pes(MAX_PES)) {
        return 1;
    }
    init_psync(pSync, SHMEM_COLLECT_SYNC_SIZE);
    shmem_barrier_all();
    test_set(0, 0, npes);
    if (me % 2 == 1) {
        test_set(1, 1, npes / 2);
    }
    shmem_barrier_all();
    const int changed = changed_psync_word(pSync, SHMEM_COLLECT_SYNC_SIZE);
    if (changed >= 0) {
        fail_at("pSync not restored", changed, 0);
    }
    return finish_test("collect");
}
