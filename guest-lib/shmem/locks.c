/* Distributed locks: a ticket lock in PE 0's copy of the lock variable. The upper 32 bits count
 * the tickets handed out, the lower 32 the ticket now served; the lock is free when they are
 * equal, which the initial 0 is. Every change is one 64-bit remote atomic on PE 0, so the lock
 * is atomic under every transport, and PEs get the lock in the order they asked for it. */
#include "shmem.h"
#include "shmem_internal.h"
#include "xbgas.h"
#include "xbrtime.h"

#define LOCK_PE 0
#define NEXT_TICKET (UINT64_C(1) << 32)

static uint32_t ticket_served(uint64_t lock) {
    return (uint32_t)lock;
}

static uint32_t tickets_handed_out(uint64_t lock) {
    return (uint32_t)(lock >> 32);
}

static uint64_t read_lock(long* lock) {
    return xbrtime_uint64_atomic_fetch((uint64_t*)lock, LOCK_PE);
}

/* The loop is one remote atomic and a branch back to it, which xbemu sees as polling. */
static void wait_for_turn(long* lock, uint32_t ticket) {
    const uint64_t object = xbrtime_object_of_pe(LOCK_PE);
    while ((uint32_t)xb_eamoor_d(object, lock, 0) != ticket) {
    }
}

void shmem_set_lock(long* lock) {
    const uint64_t before = xbrtime_uint64_atomic_add((uint64_t*)lock, NEXT_TICKET, LOCK_PE);
    wait_for_turn(lock, tickets_handed_out(before));
    /* Loads in the critical section see what the previous holder stored. */
    xbrtime_fence();
}

void shmem_clear_lock(long* lock) {
    /* The holder's stores, remote ones included, complete before the next holder enters. */
    xbrtime_fence();
    /* Serving the next ticket adds 1 to the low half; when it wraps around, the carry into the
     * high half is taken back. */
    const uint64_t step = ticket_served(read_lock(lock)) == UINT32_MAX ? 1 - NEXT_TICKET : 1;
    xbrtime_uint64_atomic_add((uint64_t*)lock, step, LOCK_PE);
}

int shmem_test_lock(long* lock) {
    const uint64_t seen = read_lock(lock);
    if (ticket_served(seen) != tickets_handed_out(seen)) {
        return 1;
    }
    if (xbrtime_uint64_atomic_compare_swap((uint64_t*)lock, seen, seen + NEXT_TICKET, LOCK_PE) !=
        seen) {
        return 1;
    }
    xbrtime_fence();
    return 0;
}
