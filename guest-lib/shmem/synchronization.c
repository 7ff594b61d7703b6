/* Barriers and the completion of puts. */
#include "shmem.h"
#include "shmem_internal.h"
#include "xbrtime.h"

void shmem_barrier_all(void) {
    xbrtime_barrier();
}

void shmem_sync_all(void) {
    xbrtime_barrier();
}

void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long* pSync) {
    const struct shmem_internal_set set =
        shmem_internal_set_of(PE_start, logPE_stride, PE_size, __func__);
    shmem_internal_barrier(&set, pSync);
}

/* The parentheses keep the C11 macro shmem_sync of shmem/generic.h from expanding the name. */
void(shmem_sync)(int PE_start, int logPE_stride, int PE_size, long* pSync) {
    const struct shmem_internal_set set =
        shmem_internal_set_of(PE_start, logPE_stride, PE_size, __func__);
    shmem_internal_barrier(&set, pSync);
}

void shmem_quiet(void) {
    xbrtime_fence();
}

void shmem_fence(void) {
    xbrtime_fence();
}
