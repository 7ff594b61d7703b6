/* Set-up, queries and symmetric memory: global arrays, a variable of no initial value and a
 * `static` local written by other PEs; shmem_malloc, calloc, align and the old names giving
 * every PE the same addresses (PE 0 collects them), aligned as asked, freed and reused; the
 * accessibility queries and shmem_ptr; the version and name. Also fflush(NULL), which OpenSHMEM
 * tests call before their output mixes with other PEs' (picolibc's own faults). */
#include "shmem_test.h"

#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MAX_PES 64

static int right, left;

long global_table[MAX_PES];
int global_plain;
static uintptr_t addresses[MAX_PES][8];

static void test_static_data(void) {
    static int static_local[4];
    for (int pe = 0; pe < npes; ++pe) {
        shmem_long_p(&global_table[me], 1000 + me, pe);
    }
    shmem_int_p(&global_plain, 7 * me + 1, right);
    static_local[0] = -1;
    shmem_barrier_all();
    shmem_int_p(&static_local[1], 3 * me, right);
    shmem_barrier_all();
    for (int pe = 0; pe < npes; ++pe) {
        if (global_table[pe] != 1000 + pe) {
            fail("global array", pe);
        }
    }
    if (global_plain != 7 * left + 1) {
        fail("global variable", global_plain);
    }
    if (static_local[1] != 3 * left || static_local[0] != -1) {
        fail("static local", static_local[1]);
    }
}

/* Every PE's addresses of its blocks land in PE 0's table, which must hold one row repeated. */
static void check_symmetric(void* const* blocks, int count) {
    uintptr_t mine[8];
    for (int i = 0; i < count; ++i) {
        mine[i] = (uintptr_t)blocks[i];
    }
    shmem_putmem(addresses[me], mine, (size_t)count * sizeof mine[0], 0);
    shmem_barrier_all();
    if (me == 0) {
        for (int pe = 1; pe < npes; ++pe) {
            if (memcmp(addresses[pe], addresses[0], (size_t)count * sizeof mine[0]) != 0) {
                fail("addresses differ between PEs", pe);
            }
        }
    }
    shmem_barrier_all();
}

static void test_heap(void) {
    void* blocks[8];
    blocks[0] = shmem_malloc(100);
    blocks[1] = shmem_align(4096, 1000);
    blocks[2] = shmem_calloc(10, sizeof(long));
    blocks[3] = shmalloc(24);
    blocks[4] = shmemalign(256, 8);
    blocks[5] = shmem_align(8, 40);
    for (int i = 0; i < 6; ++i) {
        if (blocks[i] == NULL || !shmem_addr_accessible(blocks[i], right)) {
            fail("allocation", i);
            return;
        }
    }
    if ((uintptr_t)blocks[1] % 4096 != 0 || (uintptr_t)blocks[4] % 256 != 0 ||
        (uintptr_t)blocks[5] % 8 != 0) {
        fail("alignment", 0);
    }
    const long* zeros = blocks[2];
    for (int i = 0; i < 10; ++i) {
        if (zeros[i] != 0) {
            fail("calloc", i);
        }
    }
    if (shmem_malloc(0) != NULL || shmem_align(3, 16) != NULL) {
        fail("empty or misaligned request", 0);
    }
    check_symmetric(blocks, 6);
    /* each block written by the left neighbour */
    for (int i = 0; i < 6; ++i) {
        shmem_int_p(blocks[i], 100 * i + me, right);
    }
    shmem_barrier_all();
    for (int i = 0; i < 6; ++i) {
        if (*(int*)blocks[i] != 100 * i + left) {
            fail("heap block written remotely", i);
        }
    }
    shmem_free(blocks[1]);
    shfree(blocks[3]);
    shmem_free(blocks[4]);
    blocks[1] = shmem_align(1024, 3000);
    blocks[3] = shmem_malloc(24);
    if ((uintptr_t)blocks[1] % 1024 != 0) {
        fail("alignment after free", 0);
    }
    check_symmetric(blocks, 4);
    shmem_free(blocks[0]);
    shmem_free(blocks[1]);
    shmem_free(blocks[2]);
    shmem_free(blocks[3]);
    shmem_free(blocks[5]);
    shmem_free(NULL);
}

static void test_queries(void) {
    int on_stack = 0;
    if (!shmem_addr_accessible(global_table, right) || !shmem_addr_accessible(&global_plain, 0) ||
        shmem_addr_accessible(&on_stack, right) || shmem_addr_accessible(global_table, npes)) {
        fail("shmem_addr_accessible", 0);
    }
    if (!shmem_pe_accessible(0) || !shmem_pe_accessible(npes - 1) || shmem_pe_accessible(npes) ||
        shmem_pe_accessible(-1)) {
        fail("shmem_pe_accessible", 0);
    }
    if (shmem_ptr(global_table, me) != global_table ||
        (npes > 1 && shmem_ptr(global_table, right) != NULL)) {
        fail("shmem_ptr", 0);
    }
    int major = 0, minor = 0;
    char name[SHMEM_MAX_NAME_LEN];
    shmem_info_get_version(&major, &minor);
    shmem_info_get_name(name);
    if (major != SHMEM_MAJOR_VERSION || minor != SHMEM_MINOR_VERSION || name[0] == '\0') {
        fail("shmem_info", major);
    }
}

int main(void) {
    start_test();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    if (too_many_pes(MAX_PES)) {
        return 1;
    }
    test_static_data();
    test_heap();
    test_queries();
    if (fflush(NULL) != 0) {
        fail("fflush(NULL)", 0);
    }
    return finish_test("setup");
}
