/* Reduce: Algorithm 2 of the ICPP'19 paper, recursive doubling over virtual ranks. Every PE starts
 * with its contribution in a symmetric scratch buffer; in the stage of distance d = 1, 2, 4...
 * every PE whose virtual rank is a multiple of 2d gets the scratch buffer of virtual rank + d,
 * which by then holds the combination of that PE's subtree, and combines it into its own. The
 * barrier opening each stage makes sure the child finished the stages before.
 *
 * reduce_all is reduce to PE 0 followed by a broadcast of the result (Algorithm 1), so that every
 * PE gets the very bits PE 0 computed: floating results do not depend on the PE. */
#include "collective_internal.h"
#include "reduction_operators.h"
#include "xbrtime.h"

#include <stdint.h>
#include <stdlib.h>

/* Leaves the combination of every PE's src in root's scratch (contiguous). */
static void reduce_into_scratch(void* scratch, const void* src, size_t nelems, int stride,
                                size_t element_size, int root, xbrtime_combine_function* combine) {
    const int pes = xbrtime_num_pes();
    const int virtual_rank = xbrtime_virtual_rank(xbrtime_mype(), root, pes);
    xbrtime_collective_copy(scratch, 1, src, stride, nelems, element_size);
    void* child_part = xbrtime_collective_private_buffer(nelems * element_size);
    for (int distance = 1; distance < pes; distance *= 2) {
        xbrtime_barrier();
        if (virtual_rank % (2 * distance) == 0 && virtual_rank + distance < pes) {
            const int child = xbrtime_pe_of_virtual_rank(virtual_rank + distance, root, pes);
            xbrtime_get_elements(child_part, scratch, nelems, 1, element_size, child);
            combine(scratch, child_part, nelems);
        }
    }
    free(child_part);
}

void xbrtime_collective_reduce(void* dest, const void* src, size_t nelems, int stride,
                               size_t element_size, int root, xbrtime_combine_function* combine) {
    if (nelems == 0) {
        xbrtime_barrier();
        return;
    }
    void* scratch = xbrtime_collective_scratch(nelems * element_size);
    reduce_into_scratch(scratch, src, nelems, stride, element_size, root, combine);
    if (xbrtime_mype() == root) {
        xbrtime_collective_copy(dest, stride, scratch, 1, nelems, element_size);
    }
    /* The root may still be getting from its last child: nobody may free and reuse the block
     * before. */
    xbrtime_barrier();
    xbrtime_free(scratch);
}

void xbrtime_collective_reduce_all(void* dest, const void* src, size_t nelems, int stride,
                                   size_t element_size, xbrtime_combine_function* combine,
                                   int order_independent) {
    if (nelems == 0) {
        xbrtime_barrier();
        return;
    }
    if (xbrtime_collective_uses_notified(order_independent)) {
        xbrtime_collective_notified_reduce_all(dest, src, nelems, stride, element_size, combine);
        return;
    }
    void* scratch = xbrtime_collective_scratch(nelems * element_size);
    reduce_into_scratch(scratch, src, nelems, stride, element_size, 0, combine);
    /* Every get of the reduction is over once PE 0 starts putting: the other PEs' gets ended
     * before the last stage's barrier, PE 0's own before its first put. */
    xbrtime_collective_tree_broadcast(scratch, nelems, 1, element_size, 0);
    xbrtime_collective_copy(dest, stride, scratch, 1, nelems, element_size);
    xbrtime_free(scratch);
}

#define DEFINE_REDUCTION(TYPENAME, TYPE, OP, OPERATOR)                                             \
    XBRTIME_DEFINE_COMBINE(combine_##TYPENAME##_##OP, TYPE, OPERATOR)                              \
    void xbrtime_##TYPENAME##_reduce_##OP(TYPE* dest, const TYPE* src, size_t nelems, int stride,  \
                                          int root) {                                              \
        xbrtime_collective_reduce(dest, src, nelems, stride, sizeof(TYPE), root,                   \
                                  combine_##TYPENAME##_##OP);                                      \
    }                                                                                              \
    void xbrtime_##TYPENAME##_reduce_all_##OP(TYPE* dest, const TYPE* src, size_t nelems,          \
                                              int stride) {                                        \
        xbrtime_collective_reduce_all(dest, src, nelems, stride, sizeof(TYPE),                     \
                                      combine_##TYPENAME##_##OP, XBRTIME_EXACT_TYPE(TYPE));        \
    }

#define DEFINE_FLOATING_REDUCTIONS(TYPENAME, TYPE)                                                 \
    XBRTIME_FOR_EACH_FLOATING_REDUCTION(DEFINE_REDUCTION, TYPENAME, TYPE, product)
#define DEFINE_INTEGER_REDUCTIONS(TYPENAME, TYPE)                                                  \
    XBRTIME_FOR_EACH_INTEGER_REDUCTION(DEFINE_REDUCTION, TYPENAME, TYPE, product)
XBRTIME_FOR_EACH_FLOATING_TYPE(DEFINE_FLOATING_REDUCTIONS)
XBRTIME_FOR_EACH_INTEGER_TYPE(DEFINE_INTEGER_REDUCTIONS)
