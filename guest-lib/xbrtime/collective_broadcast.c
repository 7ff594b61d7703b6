/* Broadcast: Algorithm 1 of the ICPP'19 paper, recursive halving over virtual ranks. In the stage
 * of distance d (from the largest power of two below n down to 1), every PE whose virtual rank is
 * a multiple of 2d already holds the data and puts it to virtual rank + d, so the PEs holding it
 * double each stage. A barrier closes each stage, so a PE sends only data that has arrived. */
#include "collective_internal.h"
#include "xbrtime.h"

void xbrtime_collective_tree_broadcast(void* buffer, size_t nelems, int stride, size_t element_size,
                                       int root) {
    const int pes = xbrtime_num_pes();
    const int virtual_rank = xbrtime_virtual_rank(xbrtime_mype(), root, pes);
    for (int distance = xbrtime_top_stage_distance(pes); distance > 0; distance /= 2) {
        if (virtual_rank % (2 * distance) == 0 && virtual_rank + distance < pes) {
            const int child = xbrtime_pe_of_virtual_rank(virtual_rank + distance, root, pes);
            xbrtime_put_elements_nb(buffer, buffer, nelems, stride, element_size, child);
        }
        xbrtime_barrier();
    }
}

#define DEFINE_BROADCAST(TYPENAME, TYPE)                                                           \
    void xbrtime_##TYPENAME##_broadcast(TYPE* dest, const TYPE* src, size_t nelems, int stride,    \
                                        int root) {                                                \
        if (xbrtime_mype() == root && dest != src) {                                               \
            xbrtime_collective_copy(dest, stride, src, stride, nelems, sizeof(TYPE));              \
        }                                                                                          \
        xbrtime_collective_tree_broadcast(dest, nelems, stride, sizeof(TYPE), root);               \
    }
XBRTIME_FOR_EACH_TYPE(DEFINE_BROADCAST)
