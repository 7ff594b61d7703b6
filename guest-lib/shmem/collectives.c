/* Broadcast, collect and fcollect on an active set. Each member gets what it needs from the
 * others' sources between two barriers of the set: the first lets it read only sources whose
 * owners have entered the call, the second keeps every owner from changing its source before
 * the last reader is done. Gets rather than puts, so that the members move their data in
 * parallel and nobody writes into a PE that has not entered the call yet. */
#include "shmem.h"
#include "shmem_internal.h"
#include "xbrtime.h"

#include <stdlib.h>

/* The pSync word beyond the barrier's where collect publishes its caller's element count. */
#define COUNT_WORD SHMEM_BARRIER_SYNC_SIZE
_Static_assert(COUNT_WORD < SHMEM_COLLECT_SYNC_SIZE, "collect's pSync has room for the count");

static void broadcast(void* dest, const void* source, size_t nelems, size_t size, int PE_root,
                      int PE_start, int logPE_stride, int PE_size, long* pSync,
                      const char* routine) {
    const struct shmem_internal_set set =
        shmem_internal_set_of(PE_start, logPE_stride, PE_size, routine);
    if (PE_root < 0 || PE_root >= set.size) {
        xbrtime_report_error("%s: PE_root %d is not one of the active set's %d members", routine,
                             PE_root, set.size);
        abort();
    }
    shmem_internal_barrier(&set, pSync);
    if (set.me != PE_root) {
        shmem_internal_fetch(dest, source, nelems, size, shmem_internal_pe_of(&set, PE_root));
    }
    shmem_internal_barrier(&set, pSync);
}

static void fcollect(void* dest, const void* source, size_t nelems, size_t size, int PE_start,
                     int logPE_stride, int PE_size, long* pSync, const char* routine) {
    const struct shmem_internal_set set =
        shmem_internal_set_of(PE_start, logPE_stride, PE_size, routine);
    shmem_internal_barrier(&set, pSync);
    for (int member = 0; member < set.size; ++member) {
        shmem_internal_fetch((char*)dest + (size_t)member * nelems * size, source, nelems, size,
                             shmem_internal_pe_of(&set, member));
    }
    shmem_internal_barrier(&set, pSync);
}

/* Each member's count waits in its own pSync[COUNT_WORD] for the others to read it; every
 * member clears its word once the second barrier shows that all have. */
static void collect(void* dest, const void* source, size_t nelems, size_t size, int PE_start,
                    int logPE_stride, int PE_size, long* pSync, const char* routine) {
    const struct shmem_internal_set set =
        shmem_internal_set_of(PE_start, logPE_stride, PE_size, routine);
    pSync[COUNT_WORD] = (long)nelems;
    shmem_internal_barrier(&set, pSync);
    size_t offset = 0;
    for (int member = 0; member < set.size; ++member) {
        const int pe = shmem_internal_pe_of(&set, member);
        long count = (long)nelems;
        if (member != set.me) {
            xbrtime_long_get(&count, &pSync[COUNT_WORD], 1, 1, pe);
        }
        shmem_internal_fetch((char*)dest + offset * size, source, (size_t)count, size, pe);
        offset += (size_t)count;
    }
    shmem_internal_barrier(&set, pSync);
    pSync[COUNT_WORD] = SHMEM_SYNC_VALUE;
}

#define DEFINE_COLLECTIVES(BITS, BYTES)                                                            \
    void shmem_broadcast##BITS(void* dest, const void* source, size_t nelems, int PE_root,         \
                               int PE_start, int logPE_stride, int PE_size, long* pSync) {         \
        broadcast(dest, source, nelems, BYTES, PE_root, PE_start, logPE_stride, PE_size, pSync,    \
                  "shmem_broadcast" #BITS);                                                        \
    }                                                                                              \
    void shmem_collect##BITS(void* dest, const void* source, size_t nelems, int PE_start,          \
                             int logPE_stride, int PE_size, long* pSync) {                         \
        collect(dest, source, nelems, BYTES, PE_start, logPE_stride, PE_size, pSync,               \
                "shmem_collect" #BITS);                                                            \
    }                                                                                              \
    void shmem_fcollect##BITS(void* dest, const void* source, size_t nelems, int PE_start,         \
                              int logPE_stride, int PE_size, long* pSync) {                        \
        fcollect(dest, source, nelems, BYTES, PE_start, logPE_stride, PE_size, pSync,              \
                 "shmem_fcollect" #BITS);                                                          \
    }
SHMEM_FOR_EACH_COLLECTIVE_SIZE(DEFINE_COLLECTIVES)
