/* shmem_init_thread and shmem_query_thread: a PE is one hart running one thread, so the library
 * provides the level asked for (the last argument, SHMEM_THREAD_MULTIPLE without one) up to
 * SHMEM_THREAD_SERIALIZED, SERIALIZED for MULTIPLE, and says so afterwards; the levels are ordered
 * as the standard requires, and the library works once started this way. */
#include "shmem_test.h"

#include <shmem.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    const int requested = argc > 1 ? atoi(argv[argc - 1]) : SHMEM_THREAD_MULTIPLE;
    int provided = -1;
    if (shmem_init_thread(requested, &provided) != 0) {
        return 1;
    }
    me = shmem_my_pe();
    npes = shmem_n_pes();
    const int expected = requested < SHMEM_THREAD_SERIALIZED ? requested : SHMEM_THREAD_SERIALIZED;
    if (provided != expected) {
        fail("provided level", provided);
    }
    int queried = -1;
    shmem_query_thread(&queried);
    if (queried != expected) {
        fail("queried level", queried);
    }
    if (!(SHMEM_THREAD_SINGLE < SHMEM_THREAD_FUNNELED &&
          SHMEM_THREAD_FUNNELED < SHMEM_THREAD_SERIALIZED &&
          SHMEM_THREAD_SERIALIZED < SHMEM_THREAD_MULTIPLE)) {
        fail("order of the levels", 0);
    }
    static long sum;
    shmem_long_atomic_add(&sum, me + 1, 0);
    shmem_barrier_all();
    if (me == 0 && sum != (long)npes * (npes + 1) / 2) {
        fail("atomics after shmem_init_thread", sum);
    }
    return finish_test("thread_level");
}
