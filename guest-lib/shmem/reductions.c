/* The reduction algorithm, for the team reductions and the active-set ones (TYPE_OP_to_all,
 * defined here too).
 *
 * Every member fetches every member's source, a chunk at a time, and combines the values in
 * member order: the same operations in the same order on every member, so floating results are
 * the same bits everywhere. A barrier before lets the members read only sources whose owners
 * have entered the call; a barrier after keeps any owner from changing its source, or writing a
 * result into it (dest == source), while another member may still read it. Such in-place results
 * wait in private memory until then. Each member reads n sources, n^2 transfers in all: simple,
 * and cheap for the small arrays that programs reduce. Over all PEs, the reductions whose
 * result does not depend on the order (the integer ones) take xbrtime's notified reduce_all
 * when the collective algorithm chosen says so (xbrtime_set_collective_algorithm). */
/* The combine functions and their operators are xbrtime's, so that both layers reduce alike. */
#include "../xbrtime/collective_internal.h"
#include "../xbrtime/reduction_operators.h"
#include "shmem.h"
#include "shmem_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Private room for one chunk of one member's source. */
#define CHUNK_BYTES 2048

void shmem_internal_reduce(const struct shmem_internal_set* set, long* pSync, void* dest,
                           const void* source, size_t nreduce, size_t size,
                           xbrtime_combine_function* combine, int order_independent,
                           const char* routine) {
    if (nreduce > 0 && shmem_internal_set_is_world(set) &&
        xbrtime_collective_uses_notified(order_independent)) {
        xbrtime_collective_notified_reduce_all(dest, source, nreduce, 1, size, combine);
        return;
    }
    shmem_internal_ordered_reduce(set, pSync, dest, source, nreduce, size, combine, routine);
}

void shmem_internal_ordered_reduce(const struct shmem_internal_set* set, long* pSync, void* dest,
                                   const void* source, size_t nreduce, size_t size,
                                   xbrtime_combine_function* combine, const char* routine) {
    if (nreduce == 0) {
        return;
    }
    const size_t bytes = nreduce * size;
    const uintptr_t dest_at = (uintptr_t)dest;
    const uintptr_t source_at = (uintptr_t)source;
    const int overlapping = dest_at < source_at + bytes && source_at < dest_at + bytes;
    unsigned char* result = dest;
    if (overlapping) {
        result = malloc(bytes);
        if (result == NULL) {
            shmem_internal_error("%s: no private memory for %zu bytes of results", routine, bytes);
        }
    }
    shmem_internal_barrier(set, pSync);
    _Alignas(16) unsigned char incoming[CHUNK_BYTES];
    const size_t chunk = CHUNK_BYTES / size;
    for (size_t first = 0; first < nreduce; first += chunk) {
        const size_t count = nreduce - first < chunk ? nreduce - first : chunk;
        const size_t offset = first * size;
        const unsigned char* from = (const unsigned char*)source + offset;
        shmem_internal_fetch(result + offset, from, count, size, shmem_internal_pe_of(set, 0));
        for (int member = 1; member < set->size; ++member) {
            if (member == set->me) {
                combine(result + offset, from, count);
            } else {
                shmem_internal_fetch(incoming, from, count, size,
                                     shmem_internal_pe_of(set, member));
                combine(result + offset, incoming, count);
            }
        }
    }
    shmem_internal_barrier(set, pSync);
    if (overlapping) {
        memmove(dest, result, bytes);
        free(result);
    }
}

#define DEFINE_TO_ALL(TYPENAME, TYPE, OP, OPERATOR)                                                \
    XBRTIME_DEFINE_COMBINE(combine_##TYPENAME##_##OP, TYPE, OPERATOR)                              \
    void shmem_##TYPENAME##_##OP##_to_all(TYPE* dest, const TYPE* source, int nreduce,             \
                                          int PE_start, int logPE_stride, int PE_size, TYPE* pWrk, \
                                          long* pSync) {                                           \
        (void)pWrk;                                                                                \
        const struct shmem_internal_set set =                                                      \
            shmem_internal_set_of(PE_start, logPE_stride, PE_size, __func__);                      \
        if (nreduce > 0) {                                                                         \
            shmem_internal_reduce(&set, pSync, dest, source, (size_t)nreduce, sizeof(TYPE),        \
                                  combine_##TYPENAME##_##OP, XBRTIME_EXACT_TYPE(TYPE), __func__);  \
        }                                                                                          \
    }

#define DEFINE_INTEGER_TO_ALL(TYPENAME, TYPE)                                                      \
    XBRTIME_FOR_EACH_INTEGER_REDUCTION(DEFINE_TO_ALL, TYPENAME, TYPE, prod)
#define DEFINE_FLOATING_TO_ALL(TYPENAME, TYPE)                                                     \
    XBRTIME_FOR_EACH_FLOATING_REDUCTION(DEFINE_TO_ALL, TYPENAME, TYPE, prod)
#define DEFINE_COMPLEX_TO_ALL(TYPENAME, TYPE)                                                      \
    DEFINE_TO_ALL(TYPENAME, TYPE, sum, FLOATING_SUM)                                               \
    DEFINE_TO_ALL(TYPENAME, TYPE, prod, FLOATING_PRODUCT)
SHMEM_FOR_EACH_INTEGER_REDUCTION_TYPE(DEFINE_INTEGER_TO_ALL)
SHMEM_FOR_EACH_FLOATING_REDUCTION_TYPE(DEFINE_FLOATING_TO_ALL)
SHMEM_FOR_EACH_COMPLEX_REDUCTION_TYPE(DEFINE_COMPLEX_TO_ALL)
