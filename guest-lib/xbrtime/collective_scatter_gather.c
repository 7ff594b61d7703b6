/* Scatter and gather: Algorithms 3 and 4 of the ICPP'19 paper. Both work on a symmetric scratch
 * buffer that holds the pieces in the order of virtual ranks, so that the pieces of a subtree
 * (virtual ranks [v, v + 2d) in the stage of distance d) are contiguous and one transfer per
 * stage moves them.
 *
 * Scatter: the root reorders src into its scratch buffer; from the largest distance down, every
 * PE holding the pieces of [v, v + 2d) puts those of [v + d, v + 2d) to virtual rank v + d.
 * Gather: every PE copies its piece into its scratch buffer; from distance 1 up, every PE gets
 * the pieces of [v + d, v + 2d) from virtual rank v + d; the root reorders into dest.
 * gather_all: gather to PE 0, then Algorithm 1 broadcasts PE 0's scratch buffer and every PE
 * reorders it into its dest.
 *
 * A barrier opens each stage, so a PE sends or is asked only for pieces that have arrived, and
 * nobody writes into a scratch block still in use on another PE. */
#include "collective_internal.h"
#include "runtime_state.h"
#include "xbrtime.h"

#include <stdlib.h>

/* Where each virtual rank's piece starts in the scratch buffer (in elements), with the total
 * after the last: offsets[v] for v <= pes. */
static size_t* piece_offsets(const int* pe_msgs, size_t nelems, int root, int pes,
                             const char* routine) {
    size_t* offsets = xbrtime_collective_private_buffer((size_t)(pes + 1) * sizeof(size_t));
    offsets[0] = 0;
    for (int v = 0; v < pes; ++v) {
        offsets[v + 1] = offsets[v] + (size_t)pe_msgs[xbrtime_pe_of_virtual_rank(v, root, pes)];
    }
    if (offsets[pes] != nelems) {
        xbrtime_report_error("xbrtime: %s: nelems is %zu, but pe_msgs add up to %zu", routine,
                             nelems, offsets[pes]);
        abort();
    }
    return offsets;
}

static int min_int(int a, int b) {
    return a < b ? a : b;
}

/* The pieces of virtual ranks [first, end) in the scratch buffer. */
struct span {
    size_t byte_offset;
    size_t nelems;
};

static struct span pieces_of(const size_t* offsets, int first, int end, size_t element_size) {
    return (struct span){offsets[first] * element_size, offsets[end] - offsets[first]};
}

void xbrtime_collective_scatter(void* dest, const void* src, const int* pe_msgs, const int* pe_disp,
                                size_t nelems, size_t element_size, int root) {
    const int pes = xbrtime_num_pes();
    const int me = xbrtime_mype();
    const int virtual_rank = xbrtime_virtual_rank(me, root, pes);
    size_t* offsets = piece_offsets(pe_msgs, nelems, root, pes, "scatter");
    char* scratch = xbrtime_collective_scratch(nelems * element_size);
    if (me == root && nelems > 0) {
        for (int v = 0; v < pes; ++v) {
            const int pe = xbrtime_pe_of_virtual_rank(v, root, pes);
            xbrtime_collective_copy(scratch + offsets[v] * element_size, 1,
                                    (const char*)src + (size_t)pe_disp[pe] * element_size, 1,
                                    (size_t)pe_msgs[pe], element_size);
        }
    }
    for (int distance = xbrtime_top_stage_distance(pes); distance > 0; distance /= 2) {
        xbrtime_barrier();
        if (virtual_rank % (2 * distance) == 0 && virtual_rank + distance < pes && nelems > 0) {
            const int child = virtual_rank + distance;
            const struct span part =
                pieces_of(offsets, child, min_int(child + distance, pes), element_size);
            xbrtime_put_elements_nb(scratch + part.byte_offset, scratch + part.byte_offset,
                                    part.nelems, 1, element_size,
                                    xbrtime_pe_of_virtual_rank(child, root, pes));
        }
    }
    xbrtime_barrier();
    if (nelems > 0) {
        xbrtime_collective_copy(dest, 1, scratch + offsets[virtual_rank] * element_size, 1,
                                (size_t)pe_msgs[me], element_size);
    }
    xbrtime_free(scratch);
    free(offsets);
}

/* Leaves every PE's piece in root's scratch buffer, in the order of virtual ranks. */
static void gather_into_scratch(char* scratch, const void* src, const size_t* offsets,
                                size_t nelems, size_t element_size, int root) {
    const int pes = xbrtime_num_pes();
    const int virtual_rank = xbrtime_virtual_rank(xbrtime_mype(), root, pes);
    if (nelems > 0) {
        const struct span own = pieces_of(offsets, virtual_rank, virtual_rank + 1, element_size);
        xbrtime_collective_copy(scratch + own.byte_offset, 1, src, 1, own.nelems, element_size);
    }
    for (int distance = 1; distance < pes; distance *= 2) {
        xbrtime_barrier();
        if (virtual_rank % (2 * distance) == 0 && virtual_rank + distance < pes && nelems > 0) {
            const int child = virtual_rank + distance;
            const struct span part =
                pieces_of(offsets, child, min_int(child + distance, pes), element_size);
            xbrtime_get_elements(scratch + part.byte_offset, scratch + part.byte_offset,
                                 part.nelems, 1, element_size,
                                 xbrtime_pe_of_virtual_rank(child, root, pes));
        }
    }
}

/* dest[pe_disp[p]...] = the piece of PE p in the scratch buffer of a gather to root. */
static void unpack_pieces(void* dest, const char* scratch, const int* pe_msgs, const int* pe_disp,
                          const size_t* offsets, size_t element_size, int root) {
    const int pes = xbrtime_num_pes();
    for (int pe = 0; pe < pes; ++pe) {
        const int v = xbrtime_virtual_rank(pe, root, pes);
        xbrtime_collective_copy((char*)dest + (size_t)pe_disp[pe] * element_size, 1,
                                scratch + offsets[v] * element_size, 1, (size_t)pe_msgs[pe],
                                element_size);
    }
}

void xbrtime_collective_gather(void* dest, const void* src, const int* pe_msgs, const int* pe_disp,
                               size_t nelems, size_t element_size, int root) {
    const int pes = xbrtime_num_pes();
    size_t* offsets = piece_offsets(pe_msgs, nelems, root, pes, "gather");
    char* scratch = xbrtime_collective_scratch(nelems * element_size);
    gather_into_scratch(scratch, src, offsets, nelems, element_size, root);
    if (xbrtime_mype() == root && nelems > 0) {
        unpack_pieces(dest, scratch, pe_msgs, pe_disp, offsets, element_size, root);
    }
    /* The root may still be getting from its last child: nobody may free and reuse the block
     * before. */
    xbrtime_barrier();
    xbrtime_free(scratch);
    free(offsets);
}

void xbrtime_collective_gather_all(void* dest, const void* src, const int* pe_msgs,
                                   const int* pe_disp, size_t nelems, size_t element_size) {
    const int pes = xbrtime_num_pes();
    size_t* offsets = piece_offsets(pe_msgs, nelems, 0, pes, "gather_all");
    size_t largest = 0;
    for (int pe = 0; pe < pes; ++pe) {
        largest = (size_t)pe_msgs[pe] > largest ? (size_t)pe_msgs[pe] : largest;
    }
    if (xbrtime_collective_uses_notified_gather(largest, nelems)) {
        free(offsets);
        xbrtime_collective_notified_gather_all(dest, src, pe_msgs, pe_disp, 0, element_size);
        return;
    }
    char* scratch = xbrtime_collective_scratch(nelems * element_size);
    gather_into_scratch(scratch, src, offsets, nelems, element_size, 0);
    /* Every get of the gather is over once PE 0 starts putting (see reduce_all). */
    xbrtime_collective_tree_broadcast(scratch, nelems, 1, element_size, 0);
    if (nelems > 0) {
        unpack_pieces(dest, scratch, pe_msgs, pe_disp, offsets, element_size, 0);
    }
    xbrtime_free(scratch);
    free(offsets);
}

#define DEFINE_SCATTER_GATHER(TYPENAME, TYPE)                                                      \
    void xbrtime_##TYPENAME##_scatter(TYPE* dest, const TYPE* src, int* pe_msgs, int* pe_disp,     \
                                      size_t nelems, int root) {                                   \
        xbrtime_collective_scatter(dest, src, pe_msgs, pe_disp, nelems, sizeof(TYPE), root);       \
    }                                                                                              \
    void xbrtime_##TYPENAME##_gather(TYPE* dest, const TYPE* src, int* pe_msgs, int* pe_disp,      \
                                     size_t nelems, int root) {                                    \
        xbrtime_collective_gather(dest, src, pe_msgs, pe_disp, nelems, sizeof(TYPE), root);        \
    }                                                                                              \
    void xbrtime_##TYPENAME##_gather_all(TYPE* dest, const TYPE* src, int* pe_msgs, int* pe_disp,  \
                                         size_t nelems) {                                          \
        xbrtime_collective_gather_all(dest, src, pe_msgs, pe_disp, nelems, sizeof(TYPE));          \
    }
XBRTIME_FOR_EACH_TYPE(DEFINE_SCATTER_GATHER)
