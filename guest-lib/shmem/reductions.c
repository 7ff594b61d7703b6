/* The reductions TYPE_OP_to_all on an active set.
 *
 * Every member fetches every member's source, a chunk at a time, and combines the values in
 * member order: the same operations in the same order on every member, so floating results are
 * the same bits everywhere. A barrier before lets the members read only sources whose owners
 * have entered the call; a barrier after keeps any owner from changing its source, or writing a
 * result into it (dest == source), while another member may still read it. Such in-place results
 * wait in private memory until then. Each member reads n sources, n^2 transfers in all: simple,
 * and cheap for the small arrays that programs reduce. */
#include "shmem.h"
#include "shmem_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Private room for one chunk of one member's source. */
#define CHUNK_BYTES 2048

typedef void combine_chunk(void* accumulated, const void* incoming, size_t count);

static void reduce(void* dest, const void* source, int nreduce, size_t size, combine_chunk* combine,
                   int PE_start, int logPE_stride, int PE_size, long* pSync, const char* routine) {
    const struct shmem_internal_set set =
        shmem_internal_set_of(PE_start, logPE_stride, PE_size, routine);
    if (nreduce <= 0) {
        return;
    }
    const size_t bytes = (size_t)nreduce * size;
    const uintptr_t dest_at = (uintptr_t)dest;
    const uintptr_t source_at = (uintptr_t)source;
    const int overlapping = dest_at < source_at + bytes && source_at < dest_at + bytes;
    unsigned char* result = dest;
    if (overlapping) {
        result = malloc(bytes);
        if (result == NULL) {
            xbrtime_report_error("%s: no private memory for %zu bytes of results", routine, bytes);
            abort();
        }
    }
    shmem_internal_barrier(&set, pSync);
    _Alignas(16) unsigned char incoming[CHUNK_BYTES];
    const size_t chunk = CHUNK_BYTES / size;
    for (size_t first = 0; first < (size_t)nreduce; first += chunk) {
        const size_t count = (size_t)nreduce - first < chunk ? (size_t)nreduce - first : chunk;
        const size_t offset = first * size;
        const unsigned char* from = (const unsigned char*)source + offset;
        shmem_internal_fetch(result + offset, from, count, size, shmem_internal_pe_of(&set, 0));
        for (int member = 1; member < set.size; ++member) {
            if (member == set.me) {
                combine(result + offset, from, count);
            } else {
                shmem_internal_fetch(incoming, from, count, size,
                                     shmem_internal_pe_of(&set, member));
                combine(result + offset, incoming, count);
            }
        }
    }
    shmem_internal_barrier(&set, pSync);
    if (overlapping) {
        memmove(dest, result, bytes);
        free(result);
    }
}

/* Integer sums and products wrap around: computed on unsigned long long, whose arithmetic is
 * modular, and narrowed back (GCC converts to a signed type modulo 2^width). */
#define WRAPPING_SUM(TYPE, a, b) (TYPE)((unsigned long long)(a) + (unsigned long long)(b))
#define WRAPPING_PROD(TYPE, a, b) (TYPE)((unsigned long long)(a) * (unsigned long long)(b))
#define PLAIN_SUM(TYPE, a, b) (TYPE)((a) + (b))
#define PLAIN_PROD(TYPE, a, b) (TYPE)((a) * (b))
#define MIN(TYPE, a, b) ((b) < (a) ? (b) : (a))
#define MAX(TYPE, a, b) ((b) > (a) ? (b) : (a))
#define AND(TYPE, a, b) (TYPE)((a) & (b))
#define OR(TYPE, a, b) (TYPE)((a) | (b))
#define XOR(TYPE, a, b) (TYPE)((a) ^ (b))

#define DEFINE_TO_ALL(TYPENAME, TYPE, OP, COMBINE)                                                 \
    static void combine_##TYPENAME##_##OP(void* accumulated, const void* incoming, size_t count) { \
        TYPE* a = accumulated;                                                                     \
        const TYPE* b = incoming;                                                                  \
        for (size_t i = 0; i < count; ++i) {                                                       \
            a[i] = COMBINE(TYPE, a[i], b[i]);                                                      \
        }                                                                                          \
    }                                                                                              \
    void shmem_##TYPENAME##_##OP##_to_all(TYPE* dest, const TYPE* source, int nreduce,             \
                                          int PE_start, int logPE_stride, int PE_size, TYPE* pWrk, \
                                          long* pSync) {                                           \
        (void)pWrk;                                                                                \
        reduce(dest, source, nreduce, sizeof(TYPE), combine_##TYPENAME##_##OP, PE_start,           \
               logPE_stride, PE_size, pSync, "shmem_" #TYPENAME "_" #OP "_to_all");                \
    }

#define DEFINE_INTEGER_TO_ALL(TYPENAME, TYPE)                                                      \
    DEFINE_TO_ALL(TYPENAME, TYPE, sum, WRAPPING_SUM)                                               \
    DEFINE_TO_ALL(TYPENAME, TYPE, prod, WRAPPING_PROD)                                             \
    DEFINE_TO_ALL(TYPENAME, TYPE, min, MIN)                                                        \
    DEFINE_TO_ALL(TYPENAME, TYPE, max, MAX)                                                        \
    DEFINE_TO_ALL(TYPENAME, TYPE, and, AND)                                                        \
    DEFINE_TO_ALL(TYPENAME, TYPE, or, OR)                                                          \
    DEFINE_TO_ALL(TYPENAME, TYPE, xor, XOR)
#define DEFINE_FLOATING_TO_ALL(TYPENAME, TYPE)                                                     \
    DEFINE_TO_ALL(TYPENAME, TYPE, sum, PLAIN_SUM)                                                  \
    DEFINE_TO_ALL(TYPENAME, TYPE, prod, PLAIN_PROD)                                                \
    DEFINE_TO_ALL(TYPENAME, TYPE, min, MIN)                                                        \
    DEFINE_TO_ALL(TYPENAME, TYPE, max, MAX)
SHMEM_FOR_EACH_INTEGER_REDUCTION_TYPE(DEFINE_INTEGER_TO_ALL)
SHMEM_FOR_EACH_FLOATING_REDUCTION_TYPE(DEFINE_FLOATING_TO_ALL)
