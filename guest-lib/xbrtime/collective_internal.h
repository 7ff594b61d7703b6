/* What the collectives (collective_*.c) share: the binomial tree over virtual ranks and the
 * byte-level forms of the routines, which the typed wrappers call with sizeof(TYPE). Not
 * installed. */
#ifndef XBRTIME_COLLECTIVE_INTERNAL_H
#define XBRTIME_COLLECTIVE_INTERNAL_H

#include <stddef.h>

/* The tree is rooted at virtual rank 0, which is the root PE. */
static inline int xbrtime_virtual_rank(int pe, int root, int pes) {
    return (pe - root + pes) % pes;
}
static inline int xbrtime_pe_of_virtual_rank(int virtual_rank, int root, int pes) {
    return (virtual_rank + root) % pes;
}

/* The largest power of two below pes (0 for one PE): the distance of the first stage that sends
 * down the tree, and of the last that gathers up. */
static inline int xbrtime_top_stage_distance(int pes) {
    int distance = 1;
    while (2 * distance < pes) {
        distance *= 2;
    }
    return pes > 1 ? distance : 0;
}

/* A block of the symmetric heap for the calling collective; aborts when the heap is exhausted.
 * Every PE asks for the same size at the same point, as xbrtime_malloc requires. */
void* xbrtime_collective_scratch(size_t bytes);
/* Local memory of this PE only, aligned for every element type; aborts when there is none. */
void* xbrtime_collective_private_buffer(size_t bytes);
/* Local copy of nelems elements of element_size bytes, with a stride (in elements) per side. */
void xbrtime_collective_copy(void* dest, int dest_stride, const void* src, int src_stride,
                             size_t nelems, size_t element_size);

/* The stages of Algorithm 1: root's data (already in its buffer) reaches every PE's buffer,
 * which must be symmetric. Ends with a barrier after the last put. */
void xbrtime_collective_tree_broadcast(void* buffer, size_t nelems, int stride, size_t element_size,
                                       int root);

/* accumulator[i] = accumulator[i] OP operand[i], for i < nelems. */
typedef void xbrtime_combine_function(void* accumulator, const void* operand, size_t nelems);

void xbrtime_collective_reduce(void* dest, const void* src, size_t nelems, int stride,
                               size_t element_size, int root, xbrtime_combine_function* combine);
/* order_independent: see xbrtime_collective_uses_notified. */
void xbrtime_collective_reduce_all(void* dest, const void* src, size_t nelems, int stride,
                                   size_t element_size, xbrtime_combine_function* combine,
                                   int order_independent);

void xbrtime_collective_scatter(void* dest, const void* src, const int* pe_msgs, const int* pe_disp,
                                size_t nelems, size_t element_size, int root);
void xbrtime_collective_gather(void* dest, const void* src, const int* pe_msgs, const int* pe_disp,
                               size_t nelems, size_t element_size, int root);
void xbrtime_collective_gather_all(void* dest, const void* src, const int* pe_msgs,
                                   const int* pe_disp, size_t nelems, size_t element_size);

/* 1 when reduce_all and gather_all take the notified algorithms (collective_notified.c) under
 * the algorithm chosen: order_independent says that the combination gives the same bits in any
 * order (integer reductions, and gather_all, which only copies). */
int xbrtime_collective_uses_notified(int order_independent);
/* The same for gather_all, whose pieces are of largest elements at most and total elements in
 * all: the automatic choice keeps the trees when one PE's pieces dominate (below). */
int xbrtime_collective_uses_notified_gather(size_t largest, size_t total);
/* The notified reduce_all over all PEs (nelems > 0). */
void xbrtime_collective_notified_reduce_all(void* dest, const void* src, size_t nelems, int stride,
                                            size_t element_size, xbrtime_combine_function* combine);
/* The notified allgatherv over all PEs: PE p's piece of pe_msgs[p] elements (uniform_count when
 * pe_msgs is NULL) goes to every PE's dest at pe_disp[p] (the pieces back to back when pe_disp
 * is NULL). */
void xbrtime_collective_notified_gather_all(void* dest, const void* src, const int* pe_msgs,
                                            const int* pe_disp, size_t uniform_count,
                                            size_t element_size);

void xbrtime_collective_alltoall(void* dest, const void* src, size_t nelems, size_t element_size);

#endif
