/* Broadcast, collect, fcollect and alltoall over a set of members with a pSync, for the team
 * collectives and the active-set ones (defined here too). Each member gets what it needs from
 * the others' sources between two barriers of the set: the first lets it read only sources
 * whose owners have entered the call, the second keeps every owner from changing its source
 * before the last reader is done. Gets rather than puts, so that the members move their data
 * in parallel and nobody writes into a PE that has not entered the call yet. Over all PEs,
 * fcollect and collect take xbrtime's notified allgatherv when the collective algorithm chosen
 * says so (xbrtime_set_collective_algorithm). */
#include "../xbrtime/collective_internal.h"
#include "shmem.h"
#include "shmem_internal.h"
#include "xbrtime.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The pSync word beyond the barrier's where collect publishes its caller's element count. */
#define COUNT_WORD SHMEM_BARRIER_SYNC_SIZE
_Static_assert(COUNT_WORD < SHMEM_COLLECT_SYNC_SIZE, "collect's pSync has room for the count");

void shmem_internal_broadcast(const struct shmem_internal_set* set, long* pSync, void* dest,
                              const void* source, size_t nelems, size_t size, int root,
                              int root_too) {
    shmem_internal_barrier(set, pSync);
    if (set->me != root) {
        shmem_internal_fetch(dest, source, nelems, size, shmem_internal_pe_of(set, root));
    } else if (root_too && dest != source) {
        memmove(dest, source, nelems * size);
    }
    shmem_internal_barrier(set, pSync);
}

int shmem_internal_set_is_world(const struct shmem_internal_set* set) {
    return set->start == 0 && set->size == xbrtime_num_pes() &&
           (set->stride == 1 || set->size == 1);
}

/* Over all PEs the collects may take xbrtime's notified allgatherv, which only copies and so
 * gives every PE the same result whatever the order. Measured in the cycle mode (docs/
 * reproductions.md, GASPI), it beats the gets between two barriers only for pieces below 64
 * bytes, where the gets cannot move doublewords and the barriers dominate (fcollect on 4 and 17
 * PEs: 16 and 32 B faster, 64 B to 1 KiB up to 1.6x slower). So the automatic choice takes it
 * for fcollect below that size and never for collect, whose piece sizes are not known before an
 * exchange of the counts; XBRTIME_COLLECTIVES_NOTIFIED takes it always. */
#define NOTIFIED_FCOLLECT_BYTES 64

static int notified_collect(const struct shmem_internal_set* set, size_t piece_bytes) {
    if (!shmem_internal_set_is_world(set) || !xbrtime_collective_uses_notified(1)) {
        return 0;
    }
    return xbrtime_collective_algorithm() == XBRTIME_COLLECTIVES_NOTIFIED ||
           piece_bytes < NOTIFIED_FCOLLECT_BYTES;
}

void shmem_internal_fcollect(const struct shmem_internal_set* set, long* pSync, void* dest,
                             const void* source, size_t nelems, size_t size) {
    if (notified_collect(set, nelems * size)) {
        xbrtime_collective_notified_gather_all(dest, source, NULL, NULL, nelems, size);
        return;
    }
    shmem_internal_barrier(set, pSync);
    for (int member = 0; member < set->size; ++member) {
        shmem_internal_fetch((char*)dest + (size_t)member * nelems * size, source, nelems, size,
                             shmem_internal_pe_of(set, member));
    }
    shmem_internal_barrier(set, pSync);
}

/* The notified collect: the counts first (a notified fcollect into private memory), then the
 * pieces. */
static void collect_notified(const struct shmem_internal_set* set, void* dest, const void* source,
                             size_t nelems, size_t size) {
    int* counts = xbrtime_collective_private_buffer((size_t)set->size * sizeof(int));
    const int mine = (int)nelems;
    xbrtime_collective_notified_gather_all(counts, &mine, NULL, NULL, 1, sizeof mine);
    xbrtime_collective_notified_gather_all(dest, source, counts, NULL, 0, size);
    free(counts);
}

/* Each member's count waits in its own pSync[COUNT_WORD] for the others to read it; every
 * member clears its word once the second barrier shows that all have. */
void shmem_internal_collect(const struct shmem_internal_set* set, long* pSync, void* dest,
                            const void* source, size_t nelems, size_t size) {
    if (notified_collect(set, SIZE_MAX)) {
        collect_notified(set, dest, source, nelems, size);
        return;
    }
    pSync[COUNT_WORD] = (long)nelems;
    shmem_internal_barrier(set, pSync);
    size_t offset = 0;
    for (int member = 0; member < set->size; ++member) {
        const int pe = shmem_internal_pe_of(set, member);
        long count = (long)nelems;
        if (member != set->me) {
            xbrtime_long_get(&count, &pSync[COUNT_WORD], 1, 1, pe);
        }
        shmem_internal_fetch((char*)dest + offset * size, source, (size_t)count, size, pe);
        offset += (size_t)count;
    }
    shmem_internal_barrier(set, pSync);
    pSync[COUNT_WORD] = SHMEM_SYNC_VALUE;
}

void shmem_internal_alltoall(const struct shmem_internal_set* set, long* pSync, void* dest,
                             ptrdiff_t dst, const void* source, ptrdiff_t sst, size_t nelems,
                             size_t size) {
    shmem_internal_barrier(set, pSync);
    const ptrdiff_t block = (ptrdiff_t)nelems;
    for (int member = 0; member < set->size; ++member) {
        char* to = (char*)dest + member * block * dst * (ptrdiff_t)size;
        const char* from = (const char*)source + set->me * block * sst * (ptrdiff_t)size;
        if (dst == 1 && sst == 1) {
            shmem_internal_fetch(to, from, nelems, size, shmem_internal_pe_of(set, member));
        } else {
            shmem_internal_strided_get(to, from, dst, sst, nelems, size,
                                       shmem_internal_pe_of(set, member));
        }
    }
    shmem_internal_barrier(set, pSync);
}

void shmem_internal_check_strides(ptrdiff_t dst, ptrdiff_t sst, const char* routine) {
    if (dst < 1 || sst < 1) {
        shmem_internal_error("%s: the strides (dst %td, sst %td) must be 1 or more", routine, dst,
                             sst);
    }
}

#define DEFINE_ACTIVE_SET_COLLECTIVES(BITS, BYTES)                                                 \
    void shmem_broadcast##BITS(void* dest, const void* source, size_t nelems, int PE_root,         \
                               int PE_start, int logPE_stride, int PE_size, long* pSync) {         \
        const struct shmem_internal_set set =                                                      \
            shmem_internal_set_of(PE_start, logPE_stride, PE_size, __func__);                      \
        shmem_internal_check_root(&set, PE_root, __func__);                                        \
        shmem_internal_broadcast(&set, pSync, dest, source, nelems, BYTES, PE_root, 0);            \
    }                                                                                              \
    void shmem_collect##BITS(void* dest, const void* source, size_t nelems, int PE_start,          \
                             int logPE_stride, int PE_size, long* pSync) {                         \
        const struct shmem_internal_set set =                                                      \
            shmem_internal_set_of(PE_start, logPE_stride, PE_size, __func__);                      \
        shmem_internal_collect(&set, pSync, dest, source, nelems, BYTES);                          \
    }                                                                                              \
    void shmem_fcollect##BITS(void* dest, const void* source, size_t nelems, int PE_start,         \
                              int logPE_stride, int PE_size, long* pSync) {                        \
        const struct shmem_internal_set set =                                                      \
            shmem_internal_set_of(PE_start, logPE_stride, PE_size, __func__);                      \
        shmem_internal_fcollect(&set, pSync, dest, source, nelems, BYTES);                         \
    }                                                                                              \
    void shmem_alltoall##BITS(void* dest, const void* source, size_t nelems, int PE_start,         \
                              int logPE_stride, int PE_size, long* pSync) {                        \
        const struct shmem_internal_set set =                                                      \
            shmem_internal_set_of(PE_start, logPE_stride, PE_size, __func__);                      \
        shmem_internal_alltoall(&set, pSync, dest, 1, source, 1, nelems, BYTES);                   \
    }                                                                                              \
    void shmem_alltoalls##BITS(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,       \
                               size_t nelems, int PE_start, int logPE_stride, int PE_size,         \
                               long* pSync) {                                                      \
        const struct shmem_internal_set set =                                                      \
            shmem_internal_set_of(PE_start, logPE_stride, PE_size, __func__);                      \
        shmem_internal_check_strides(dst, sst, __func__);                                          \
        shmem_internal_alltoall(&set, pSync, dest, dst, source, sst, nelems, BYTES);               \
    }
SHMEM_FOR_EACH_COLLECTIVE_SIZE(DEFINE_ACTIVE_SET_COLLECTIVES)
