/* Alltoall: every PE puts block j of its src straight into block `me` of PE j's dest, starting
 * with its right neighbour so that the PEs do not all write to the same PE at once; the barrier
 * completes the puts. */
#include "collective_internal.h"
#include "xbrtime.h"

void xbrtime_collective_alltoall(void* dest, const void* src, size_t nelems, size_t element_size) {
    const int pes = xbrtime_num_pes();
    const int me = xbrtime_mype();
    const size_t block_bytes = nelems * element_size;
    for (int step = 1; step <= pes; ++step) {
        const int pe = (me + step) % pes;
        xbrtime_put_elements_nb((char*)dest + (size_t)me * block_bytes,
                                (const char*)src + (size_t)pe * block_bytes, nelems, 1,
                                element_size, pe);
    }
    xbrtime_barrier();
}

#define DEFINE_ALLTOALL(TYPENAME, TYPE)                                                            \
    void xbrtime_##TYPENAME##_alltoall(TYPE* dest, const TYPE* src, size_t nelems) {               \
        xbrtime_collective_alltoall(dest, src, nelems, sizeof(TYPE));                              \
    }
XBRTIME_FOR_EACH_TYPE(DEFINE_ALLTOALL)
