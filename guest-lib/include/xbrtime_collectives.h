/* Collective operations of xbrtime over all PEs, called by every PE in the same order with the
 * same nelems, stride, root and counts. dest and src must be symmetric (static data or
 * xbrtime_malloc) unless said otherwise; the routines may allocate symmetric scratch space and
 * end with a barrier (the notified algorithms below copy src before they return instead), so a
 * PE may reuse its buffers as soon as the call returns. broadcast and
 * alltoall put into the other PEs' dest, so there dest must be ready on every PE before any PE
 * makes the call (as in OpenSHMEM; a barrier after preparing it ensures this); the other
 * routines write only the calling PE's own dest.
 *
 * Broadcast, reduce, scatter and gather are the binomial trees of the ICPP'19 paper (Algorithms
 * 1-4) over virtual ranks (rank - root) mod n, for any n and root, with ceil(log2 n) stages of a
 * barrier each. reduce_all is reduce to PE 0 and broadcast, so every PE gets the same bits, also
 * for floating types; gather_all is gather to PE 0 and broadcast. Element i of a strided call is
 * at index i * stride (stride >= 1); the elements between are left alone. nelems 0 moves
 * nothing but still synchronises.
 *
 * OP is sum, product, min or max for every TYPENAME, and also and, or, xor for the integer ones.
 * Signed integer sums and products wrap around (two's complement), as the hardware's would. */
#ifndef XBRTIME_COLLECTIVES_H
#define XBRTIME_COLLECTIVES_H

#include "xbrtime_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The algorithm of reduce_all and gather_all, and of OpenSHMEM's reductions, fcollect and collect
 * over all PEs. Every PE must choose the same, between collective calls.
 * XBRTIME_COLLECTIVES_BARRIER_STAGES: the trees above (reduce or gather to PE 0, then
 *   broadcast), a barrier per stage; every PE gets the same bits, also for floating types.
 * XBRTIME_COLLECTIVES_NOTIFIED: the GASPI paper's notified collectives, puts followed by a
 *   signal and no barrier: a dissemination reduce_all (ceil(log2 n) rounds for any n) and an
 *   allgatherv in which every PE puts its piece straight to every other. Floating reductions
 *   then combine in another order on each PE and may differ in their last bits between PEs.
 * XBRTIME_COLLECTIVES_AUTOMATIC (the default): notified where it was measured faster and
 *   gives the same bits everywhere: integer reductions; gather_all unless one PE's pieces
 *   dominate ((n - 1) x the largest above 4 x ceil(log2 n) x the total); OpenSHMEM fcollect
 *   of pieces below 64 bytes. The other algorithms otherwise (docs/xbrtime.md).
 * A value outside the enumeration stops the program with a one-line message. */
enum xbrtime_collective_algorithm {
    XBRTIME_COLLECTIVES_AUTOMATIC,
    XBRTIME_COLLECTIVES_BARRIER_STAGES,
    XBRTIME_COLLECTIVES_NOTIFIED,
};
void xbrtime_set_collective_algorithm(enum xbrtime_collective_algorithm algorithm);
enum xbrtime_collective_algorithm xbrtime_collective_algorithm(void);

/* Every PE's dest[i*stride] = root's src[i*stride], for i < nelems. */
#define XBRTIME_DECLARE_BROADCAST(TYPENAME, TYPE)                                                  \
    void xbrtime_##TYPENAME##_broadcast(TYPE* dest, const TYPE* src, size_t nelems, int stride,    \
                                        int root);
XBRTIME_FOR_EACH_TYPE(XBRTIME_DECLARE_BROADCAST)
#undef XBRTIME_DECLARE_BROADCAST

/* reduce: root's dest[i*stride] = OP over all PEs of src[i*stride]; other PEs' dest untouched.
 * reduce_all: every PE's dest[i*stride] gets that result. */
#define XBRTIME_DECLARE_REDUCE(TYPENAME, TYPE, OP)                                                 \
    void xbrtime_##TYPENAME##_reduce_##OP(TYPE* dest, const TYPE* src, size_t nelems, int stride,  \
                                          int root);                                               \
    void xbrtime_##TYPENAME##_reduce_all_##OP(TYPE* dest, const TYPE* src, size_t nelems,          \
                                              int stride);
#define XBRTIME_DECLARE_ARITHMETIC_REDUCTIONS(TYPENAME, TYPE)                                      \
    XBRTIME_DECLARE_REDUCE(TYPENAME, TYPE, sum)                                                    \
    XBRTIME_DECLARE_REDUCE(TYPENAME, TYPE, product)                                                \
    XBRTIME_DECLARE_REDUCE(TYPENAME, TYPE, min)                                                    \
    XBRTIME_DECLARE_REDUCE(TYPENAME, TYPE, max)
#define XBRTIME_DECLARE_BITWISE_REDUCTIONS(TYPENAME, TYPE)                                         \
    XBRTIME_DECLARE_REDUCE(TYPENAME, TYPE, and)                                                    \
    XBRTIME_DECLARE_REDUCE(TYPENAME, TYPE, or)                                                     \
    XBRTIME_DECLARE_REDUCE(TYPENAME, TYPE, xor)
XBRTIME_FOR_EACH_TYPE(XBRTIME_DECLARE_ARITHMETIC_REDUCTIONS)
XBRTIME_FOR_EACH_INTEGER_TYPE(XBRTIME_DECLARE_BITWISE_REDUCTIONS)
#undef XBRTIME_DECLARE_ARITHMETIC_REDUCTIONS
#undef XBRTIME_DECLARE_BITWISE_REDUCTIONS
#undef XBRTIME_DECLARE_REDUCE

/* pe_msgs[p] and pe_disp[p] (the same arrays on every PE, local memory) give the number of
 * elements of PE p and where they start in the root's buffer; nelems is the sum of pe_msgs.
 * scatter: PE p's dest[0 .. pe_msgs[p]) = root's src[pe_disp[p] ...].
 * gather: root's dest[pe_disp[p] ...] = PE p's src[0 .. pe_msgs[p]); other PEs' dest untouched.
 * gather_all: every PE's dest gets what gather gives the root. */
#define XBRTIME_DECLARE_SCATTER_GATHER(TYPENAME, TYPE)                                             \
    void xbrtime_##TYPENAME##_scatter(TYPE* dest, const TYPE* src, int* pe_msgs, int* pe_disp,     \
                                      size_t nelems, int root);                                    \
    void xbrtime_##TYPENAME##_gather(TYPE* dest, const TYPE* src, int* pe_msgs, int* pe_disp,      \
                                     size_t nelems, int root);                                     \
    void xbrtime_##TYPENAME##_gather_all(TYPE* dest, const TYPE* src, int* pe_msgs, int* pe_disp,  \
                                         size_t nelems);
XBRTIME_FOR_EACH_TYPE(XBRTIME_DECLARE_SCATTER_GATHER)
#undef XBRTIME_DECLARE_SCATTER_GATHER

/* Personalised exchange: block j of src (nelems elements from src + j*nelems) goes to PE j,
 * into block i of its dest, where i is the sender. */
#define XBRTIME_DECLARE_ALLTOALL(TYPENAME, TYPE)                                                   \
    void xbrtime_##TYPENAME##_alltoall(TYPE* dest, const TYPE* src, size_t nelems);
XBRTIME_FOR_EACH_TYPE(XBRTIME_DECLARE_ALLTOALL)
#undef XBRTIME_DECLARE_ALLTOALL

#ifdef __cplusplus
}
#endif

#endif
