/* What the files of the OpenSHMEM layer share (not installed). */
#ifndef SHMEM_INTERNAL_H
#define SHMEM_INTERNAL_H

#include <stddef.h>

/* xbrtime_report_error: messages go to the host's standard error, which picolibc's stdio
 * does not reach. */
#include "../xbrtime/runtime_state.h"

/* An active set, and where the calling PE stands in it. */
struct shmem_internal_set {
    int start;
    int stride;
    int size;
    int me; /* the caller's index in the set */
};

/* The set of (PE_start, logPE_stride, PE_size); aborts with a message naming routine when the
 * set does not fit the job or leaves the caller out. */
struct shmem_internal_set shmem_internal_set_of(int PE_start, int logPE_stride, int PE_size,
                                                const char* routine);

static inline int shmem_internal_pe_of(const struct shmem_internal_set* set, int index) {
    return set->start + index * set->stride;
}

/* A barrier of the set's members alone, through pSync[0 .. SHMEM_BARRIER_SYNC_SIZE). It
 * completes the caller's puts first. */
void shmem_internal_barrier(const struct shmem_internal_set* set, long* pSync);

/* count elements of element_size bytes from source on PE pe (maybe the caller) to local dest. */
void shmem_internal_fetch(void* dest, const void* source, size_t count, size_t element_size,
                          int pe);

#endif
