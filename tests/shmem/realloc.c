/* shmem_realloc and shmem_malloc_with_hints: blocks grown and shrunk keep their contents up to
 * the smaller size, stay symmetric (the right neighbour writes into them at the address this
 * PE got) and free the old block (the heap hands the first address out again); NULL and 0 behave as
 * shmem_malloc and shmem_free; a block of shmem_align can be reallocated; the hints, known or not
 * (the standard lets a library ignore those it does not know), give ordinary, symmetric blocks;
 * shmrealloc is the name before 1.2. Also the calls that do nothing: size 0 and NULL. */
#include "shmem_test.h"

#include <shmem.h>
#include <stdint.h>
#include <stdlib.h>

static int right, left;

/* Each PE fills its own block with its pattern, then puts the pattern of its left neighbour's
 * block into the right neighbour's, at the same address; checks the first `count` longs. */
static void check_symmetric(long* block, size_t count, const char* what) {
    for (size_t i = 0; i < count; ++i) {
        block[i] = me * 1000L + (long)i;
    }
    shmem_barrier_all();
    long* expected = malloc(count * sizeof *expected);
    shmem_long_get(expected, block, count, left);
    shmem_barrier_all();
    shmem_long_put(block, expected, count, right);
    shmem_barrier_all();
    const int two_left = (left + npes - 1) % npes;
    for (size_t i = 0; i < count; ++i) {
        if (block[i] != two_left * 1000L + (long)i) {
            report_failure("%s: not symmetric at %zu", what, i);
            break;
        }
    }
    free(expected);
    shmem_barrier_all();
}

static void test_realloc(void) {
    long* block = shmem_realloc(NULL, 16 * sizeof(long));
    if (block == NULL) {
        fail("realloc of NULL", 0);
        return;
    }
    check_symmetric(block, 16, "realloc of NULL");
    long* grown = shmem_realloc(block, 5000 * sizeof(long));
    if (grown == NULL) {
        fail("grow", 0);
        return;
    }
    for (long i = 0; i < 16; ++i) {
        if (grown[i] != ((left + npes - 1) % npes) * 1000L + i) {
            fail("contents after growing", i);
            break;
        }
    }
    check_symmetric(grown, 5000, "grown");
    long* shrunk = shmem_realloc(grown, 10 * sizeof(long));
    for (long i = 0; shrunk != NULL && i < 10; ++i) {
        if (shrunk[i] != ((left + npes - 1) % npes) * 1000L + i) {
            fail("contents after shrinking", i);
            break;
        }
    }
    check_symmetric(shrunk, 10, "shrunk");
    if (shmem_realloc(shrunk, 0) != NULL) {
        fail("realloc to 0", 0);
    }
    /* The old blocks were freed: the heap gives the same address to the next allocation as to
     * the first one. */
    long* again = shmem_malloc(16 * sizeof(long));
    if (again != block) {
        fail("blocks freed by realloc", 0);
    }
    shmem_free(again);
}

static void test_aligned_and_old_name(void) {
    char* aligned = shmem_align(4096, 100);
    if (aligned == NULL || (uintptr_t)aligned % 4096 != 0) {
        fail("shmem_align", 0);
        return;
    }
    for (int i = 0; i < 100; ++i) {
        aligned[i] = (char)(me + i);
    }
    char* moved = shrealloc(aligned, 3000);
    for (int i = 0; moved != NULL && i < 100; ++i) {
        if (moved[i] != (char)(me + i)) {
            fail("contents of a reallocated aligned block", i);
            break;
        }
    }
    check_symmetric((long*)moved, 3000 / sizeof(long), "reallocated aligned block");
    shmem_free(moved);
}

static void test_hints(void) {
    static const long hints[] = {0,
                                 SHMEM_MALLOC_ATOMICS_REMOTE,
                                 SHMEM_MALLOC_SIGNAL_REMOTE,
                                 SHMEM_MALLOC_ATOMICS_REMOTE | SHMEM_MALLOC_SIGNAL_REMOTE,
                                 1L << 30,
                                 SHMEM_MALLOC_ATOMICS_REMOTE | 1L << 40};
    for (size_t h = 0; h < sizeof hints / sizeof hints[0]; ++h) {
        long* block = shmem_malloc_with_hints(64 * sizeof(long), hints[h]);
        if (block == NULL) {
            fail("shmem_malloc_with_hints", hints[h]);
            continue;
        }
        check_symmetric(block, 64, "block with hints");
        shmem_long_atomic_add(&block[0], 1, 0);
        shmem_barrier_all();
        if (me == 0 && block[0] != ((2 * npes - 2) % npes) * 1000L + npes) {
            fail("atomics on a block with hints", block[0]);
        }
        shmem_free(block);
    }
    if (shmem_malloc_with_hints(0, SHMEM_MALLOC_ATOMICS_REMOTE) != NULL ||
        shmem_malloc(0) != NULL || shmem_calloc(0, 8) != NULL || shmem_align(64, 0) != NULL) {
        fail("size 0 gave a block", 0);
    }
    shmem_free(NULL);
}

int main(void) {
    start_test();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    test_realloc();
    test_aligned_and_old_name();
    test_hints();
    return finish_test("realloc");
}
