/* Sets of member PEs (active sets and teams) and their barrier, the base of every OpenSHMEM
 * collective.
 *
 * The barrier is a dissemination barrier over the set's members: in round r, member i signals
 * member (i + 2^r) mod n and waits for the signal of member (i - 2^r) mod n. A signal is a
 * remote atomic increment of pSync[r] on the receiver, which decrements it again once it saw
 * it. Counting, rather than storing a flag, keeps a signal that a fast member sends for the next
 * barrier on the same pSync from being wiped out, and leaves every word at SHMEM_SYNC_VALUE
 * once all members have left. Only the members touch pSync, so the others may be elsewhere. */
#include "shmem.h"
#include "shmem_internal.h"
#include "xbrtime.h"

#include <string.h>

_Static_assert(SHMEM_SYNC_VALUE == 0, "a pSync word counts signals up from SHMEM_SYNC_VALUE");

struct shmem_internal_set shmem_internal_set_of(int PE_start, int logPE_stride, int PE_size,
                                                const char* routine) {
    const int pes = xbrtime_num_pes();
    const int me = xbrtime_mype();
    struct shmem_internal_set set = {PE_start, 0, PE_size, -1};
    if (logPE_stride >= 0 && logPE_stride < 31) {
        set.stride = 1 << logPE_stride;
    }
    const int fits = PE_start >= 0 && PE_size >= 1 && PE_size <= (1 << SHMEM_BARRIER_SYNC_SIZE) &&
                     set.stride > 0 && PE_start < pes &&
                     (long long)(PE_size - 1) * set.stride < pes - PE_start;
    set.me = fits ? shmem_internal_index_in(&set, me) : -1;
    if (set.me < 0) {
        shmem_internal_error("%s: PE %d is not in the active set (PE_start %d, logPE_stride %d, "
                             "PE_size %d) of %d PE%s",
                             routine, me, PE_start, logPE_stride, PE_size, pes,
                             pes == 1 ? "" : "s");
    }
    return set;
}

int shmem_internal_index_in(const struct shmem_internal_set* set, int pe) {
    const long long distance = (long long)pe - set->start;
    if (set->stride == 0) {
        return distance == 0 ? 0 : -1;
    }
    if (distance % set->stride != 0 || distance / set->stride < 0 ||
        distance / set->stride >= set->size) {
        return -1;
    }
    return (int)(distance / set->stride);
}

void shmem_internal_check_root(const struct shmem_internal_set* set, int root,
                               const char* routine) {
    if (root < 0 || root >= set->size) {
        shmem_internal_error("%s: PE_root %d is not one of the %d members", routine, root,
                             set->size);
    }
}

void shmem_internal_barrier(const struct shmem_internal_set* set, long* pSync) {
    const int me = xbrtime_mype();
    /* Puts issued before the barrier arrive before any signal. */
    xbrtime_fence();
    int round = 0;
    for (int distance = 1; distance < set->size; distance <<= 1, ++round) {
        const int partner = shmem_internal_pe_of(set, (set->me + distance) % set->size);
        xbrtime_long_atomic_add(&pSync[round], 1, partner);
        volatile long* signal = &pSync[round];
        while (*signal == SHMEM_SYNC_VALUE) {
        }
        xbrtime_long_atomic_add(&pSync[round], -1, me);
    }
    /* Loads after the barrier see what the members stored before it. */
    xbrtime_fence();
}

void shmem_internal_fetch(void* dest, const void* source, size_t count, size_t element_size,
                          int pe) {
    if (pe == xbrtime_mype()) {
        memmove(dest, source, count * element_size);
    } else {
        xbrtime_get_elements(dest, source, count, 1, element_size, pe);
    }
}
