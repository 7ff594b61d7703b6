/* Distributed locks under contention: every PE takes one lock many times, with shmem_set_lock
 * or by trying shmem_test_lock until it succeeds, and inside it increments a counter on the
 * last PE by a get, a pause and a put, which loses updates unless the lock excludes the others;
 * the holder also records itself in a variable that must not change while it holds the lock.
 * A second lock, taken while holding the first, must not interfere. The count must come out
 * exact. */
#include "shmem_test.h"

#include <shmem.h>

#define ROUNDS 24

static long lock;
static long inner_lock;
static long counter;
static long holder = -1;
static long inner_count;

static void critical_section(int round) {
    const int owner = npes - 1;
    if (shmem_long_atomic_swap(&holder, me, owner) != -1) {
        fail("someone else held the lock", round);
    }
    const long seen = shmem_long_g(&counter, owner);
    for (volatile int pause = 0; pause < (me + round) % 7 * 20; ++pause) {
    }
    shmem_long_p(&counter, seen + 1, owner);
    if (round % 4 == 0) {
        shmem_set_lock(&inner_lock);
        shmem_long_p(&inner_count, shmem_long_g(&inner_count, 0) + 1, 0);
        shmem_clear_lock(&inner_lock);
    }
    if (shmem_long_atomic_swap(&holder, -1, owner) != me) {
        fail("the lock changed hands while held", round);
    }
}

int main(void) {
    start_test();
    for (int round = 0; round < ROUNDS; ++round) {
        if ((round + me) % 3 == 0) {
            while (shmem_test_lock(&lock) != 0) {
            }
        } else {
            shmem_set_lock(&lock);
        }
        critical_section(round);
        shmem_clear_lock(&lock);
    }
    shmem_barrier_all();
    if (me == npes - 1 && counter != (long)ROUNDS * npes) {
        fail("locked counter", counter);
    }
    if (me == 0 && inner_count != (long)(ROUNDS / 4) * npes) {
        fail("inner locked counter", inner_count);
    }
    /* Free again: a test succeeds at once, and the lock is held until cleared. */
    if (me == 0) {
        if (shmem_test_lock(&lock) != 0) {
            fail("a free lock refused", 0);
        }
        if (shmem_test_lock(&lock) == 0) {
            fail("a held lock taken again", 0);
        }
        shmem_clear_lock(&lock);
    }
    return finish_test("locks");
}
