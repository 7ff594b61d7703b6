/* The OpenSHMEM atomics, each one xbrtime remote atomic (eamo* or elr/esc on the target PE, so
 * atomic with respect to every PE's atomics on the same object); inc and add are a fetching add
 * whose result goes unused. The non-blocking fetching forms complete before they return, and the
 * context forms act on the world PE that pe is in the context's team. */
#include "shmem.h"
#include "shmem_internal.h"
#include "xbrtime.h"

#define DEFINE_ATOMIC_ACCESS(TYPENAME, TYPE)                                                       \
    TYPE shmem_##TYPENAME##_atomic_fetch(const TYPE* source, int pe) {                             \
        return xbrtime_##TYPENAME##_atomic_fetch(source, pe);                                      \
    }                                                                                              \
    void shmem_##TYPENAME##_atomic_set(TYPE* dest, TYPE value, int pe) {                           \
        xbrtime_##TYPENAME##_atomic_set(dest, value, pe);                                          \
    }                                                                                              \
    TYPE shmem_##TYPENAME##_atomic_swap(TYPE* dest, TYPE value, int pe) {                          \
        return xbrtime_##TYPENAME##_atomic_swap(dest, value, pe);                                  \
    }

#define DEFINE_ATOMIC_ARITHMETIC(TYPENAME, TYPE)                                                   \
    TYPE shmem_##TYPENAME##_atomic_compare_swap(TYPE* dest, TYPE cond, TYPE value, int pe) {       \
        return xbrtime_##TYPENAME##_atomic_compare_swap(dest, cond, value, pe);                    \
    }                                                                                              \
    TYPE shmem_##TYPENAME##_atomic_fetch_inc(TYPE* dest, int pe) {                                 \
        return xbrtime_##TYPENAME##_atomic_add(dest, 1, pe);                                       \
    }                                                                                              \
    void shmem_##TYPENAME##_atomic_inc(TYPE* dest, int pe) {                                       \
        xbrtime_##TYPENAME##_atomic_add(dest, 1, pe);                                              \
    }                                                                                              \
    TYPE shmem_##TYPENAME##_atomic_fetch_add(TYPE* dest, TYPE value, int pe) {                     \
        return xbrtime_##TYPENAME##_atomic_add(dest, value, pe);                                   \
    }                                                                                              \
    void shmem_##TYPENAME##_atomic_add(TYPE* dest, TYPE value, int pe) {                           \
        xbrtime_##TYPENAME##_atomic_add(dest, value, pe);                                          \
    }

#define DEFINE_ATOMIC_BITWISE(TYPENAME, TYPE)                                                      \
    TYPE shmem_##TYPENAME##_atomic_fetch_and(TYPE* dest, TYPE value, int pe) {                     \
        return xbrtime_##TYPENAME##_atomic_and(dest, value, pe);                                   \
    }                                                                                              \
    void shmem_##TYPENAME##_atomic_and(TYPE* dest, TYPE value, int pe) {                           \
        xbrtime_##TYPENAME##_atomic_and(dest, value, pe);                                          \
    }                                                                                              \
    TYPE shmem_##TYPENAME##_atomic_fetch_or(TYPE* dest, TYPE value, int pe) {                      \
        return xbrtime_##TYPENAME##_atomic_or(dest, value, pe);                                    \
    }                                                                                              \
    void shmem_##TYPENAME##_atomic_or(TYPE* dest, TYPE value, int pe) {                            \
        xbrtime_##TYPENAME##_atomic_or(dest, value, pe);                                           \
    }                                                                                              \
    TYPE shmem_##TYPENAME##_atomic_fetch_xor(TYPE* dest, TYPE value, int pe) {                     \
        return xbrtime_##TYPENAME##_atomic_xor(dest, value, pe);                                   \
    }                                                                                              \
    void shmem_##TYPENAME##_atomic_xor(TYPE* dest, TYPE value, int pe) {                           \
        xbrtime_##TYPENAME##_atomic_xor(dest, value, pe);                                          \
    }

SHMEM_FOR_EACH_EXTENDED_ATOMIC_TYPE(DEFINE_ATOMIC_ACCESS)
SHMEM_FOR_EACH_ATOMIC_TYPE(DEFINE_ATOMIC_ARITHMETIC)
SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(DEFINE_ATOMIC_BITWISE)

#define DEFINE_DEPRECATED_ATOMIC_ACCESS(TYPENAME, TYPE)                                            \
    TYPE shmem_##TYPENAME##_fetch(const TYPE* source, int pe) {                                    \
        return shmem_##TYPENAME##_atomic_fetch(source, pe);                                        \
    }                                                                                              \
    void shmem_##TYPENAME##_set(TYPE* dest, TYPE value, int pe) {                                  \
        shmem_##TYPENAME##_atomic_set(dest, value, pe);                                            \
    }                                                                                              \
    TYPE shmem_##TYPENAME##_swap(TYPE* dest, TYPE value, int pe) {                                 \
        return shmem_##TYPENAME##_atomic_swap(dest, value, pe);                                    \
    }

#define DEFINE_DEPRECATED_ATOMIC_ARITHMETIC(TYPENAME, TYPE)                                        \
    TYPE shmem_##TYPENAME##_cswap(TYPE* dest, TYPE cond, TYPE value, int pe) {                     \
        return shmem_##TYPENAME##_atomic_compare_swap(dest, cond, value, pe);                      \
    }                                                                                              \
    TYPE shmem_##TYPENAME##_finc(TYPE* dest, int pe) {                                             \
        return shmem_##TYPENAME##_atomic_fetch_inc(dest, pe);                                      \
    }                                                                                              \
    void shmem_##TYPENAME##_inc(TYPE* dest, int pe) {                                              \
        shmem_##TYPENAME##_atomic_inc(dest, pe);                                                   \
    }                                                                                              \
    TYPE shmem_##TYPENAME##_fadd(TYPE* dest, TYPE value, int pe) {                                 \
        return shmem_##TYPENAME##_atomic_fetch_add(dest, value, pe);                               \
    }                                                                                              \
    void shmem_##TYPENAME##_add(TYPE* dest, TYPE value, int pe) {                                  \
        shmem_##TYPENAME##_atomic_add(dest, value, pe);                                            \
    }

SHMEM_FOR_EACH_DEPRECATED_EXTENDED_ATOMIC_TYPE(DEFINE_DEPRECATED_ATOMIC_ACCESS)
SHMEM_FOR_EACH_DEPRECATED_ATOMIC_TYPE(DEFINE_DEPRECATED_ATOMIC_ARITHMETIC)

long shmem_swap(long* dest, long value, int pe) {
    return shmem_long_atomic_swap(dest, value, pe);
}

#define DEFINE_NONBLOCKING_ATOMIC_ACCESS(TYPENAME, TYPE)                                           \
    void shmem_##TYPENAME##_atomic_fetch_nbi(TYPE* fetch, const TYPE* source, int pe) {            \
        *fetch = shmem_##TYPENAME##_atomic_fetch(source, pe);                                      \
    }                                                                                              \
    void shmem_##TYPENAME##_atomic_swap_nbi(TYPE* fetch, TYPE* dest, TYPE value, int pe) {         \
        *fetch = shmem_##TYPENAME##_atomic_swap(dest, value, pe);                                  \
    }
#define DEFINE_NONBLOCKING_ATOMIC_ARITHMETIC(TYPENAME, TYPE)                                       \
    void shmem_##TYPENAME##_atomic_compare_swap_nbi(TYPE* fetch, TYPE* dest, TYPE cond,            \
                                                    TYPE value, int pe) {                          \
        *fetch = shmem_##TYPENAME##_atomic_compare_swap(dest, cond, value, pe);                    \
    }                                                                                              \
    void shmem_##TYPENAME##_atomic_fetch_inc_nbi(TYPE* fetch, TYPE* dest, int pe) {                \
        *fetch = shmem_##TYPENAME##_atomic_fetch_inc(dest, pe);                                    \
    }                                                                                              \
    void shmem_##TYPENAME##_atomic_fetch_add_nbi(TYPE* fetch, TYPE* dest, TYPE value, int pe) {    \
        *fetch = shmem_##TYPENAME##_atomic_fetch_add(dest, value, pe);                             \
    }
#define DEFINE_NONBLOCKING_ATOMIC_BITWISE(TYPENAME, TYPE)                                          \
    void shmem_##TYPENAME##_atomic_fetch_and_nbi(TYPE* fetch, TYPE* dest, TYPE value, int pe) {    \
        *fetch = shmem_##TYPENAME##_atomic_fetch_and(dest, value, pe);                             \
    }                                                                                              \
    void shmem_##TYPENAME##_atomic_fetch_or_nbi(TYPE* fetch, TYPE* dest, TYPE value, int pe) {     \
        *fetch = shmem_##TYPENAME##_atomic_fetch_or(dest, value, pe);                              \
    }                                                                                              \
    void shmem_##TYPENAME##_atomic_fetch_xor_nbi(TYPE* fetch, TYPE* dest, TYPE value, int pe) {    \
        *fetch = shmem_##TYPENAME##_atomic_fetch_xor(dest, value, pe);                             \
    }
SHMEM_FOR_EACH_EXTENDED_ATOMIC_TYPE(DEFINE_NONBLOCKING_ATOMIC_ACCESS)
SHMEM_FOR_EACH_ATOMIC_TYPE(DEFINE_NONBLOCKING_ATOMIC_ARITHMETIC)
SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(DEFINE_NONBLOCKING_ATOMIC_BITWISE)

#define WORLD_PE shmem_internal_context_pe(ctx, pe, __func__)

#define DEFINE_CONTEXT_ATOMIC_ACCESS(TYPENAME, TYPE)                                               \
    TYPE shmem_ctx_##TYPENAME##_atomic_fetch(shmem_ctx_t ctx, const TYPE* source, int pe) {        \
        return shmem_##TYPENAME##_atomic_fetch(source, WORLD_PE);                                  \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_atomic_set(shmem_ctx_t ctx, TYPE* dest, TYPE value, int pe) {      \
        shmem_##TYPENAME##_atomic_set(dest, value, WORLD_PE);                                      \
    }                                                                                              \
    TYPE shmem_ctx_##TYPENAME##_atomic_swap(shmem_ctx_t ctx, TYPE* dest, TYPE value, int pe) {     \
        return shmem_##TYPENAME##_atomic_swap(dest, value, WORLD_PE);                              \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_atomic_fetch_nbi(shmem_ctx_t ctx, TYPE* fetch, const TYPE* source, \
                                                 int pe) {                                         \
        shmem_##TYPENAME##_atomic_fetch_nbi(fetch, source, WORLD_PE);                              \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_atomic_swap_nbi(shmem_ctx_t ctx, TYPE* fetch, TYPE* dest,          \
                                                TYPE value, int pe) {                              \
        shmem_##TYPENAME##_atomic_swap_nbi(fetch, dest, value, WORLD_PE);                          \
    }
#define DEFINE_CONTEXT_ATOMIC_ARITHMETIC(TYPENAME, TYPE)                                           \
    TYPE shmem_ctx_##TYPENAME##_atomic_compare_swap(shmem_ctx_t ctx, TYPE* dest, TYPE cond,        \
                                                    TYPE value, int pe) {                          \
        return shmem_##TYPENAME##_atomic_compare_swap(dest, cond, value, WORLD_PE);                \
    }                                                                                              \
    TYPE shmem_ctx_##TYPENAME##_atomic_fetch_inc(shmem_ctx_t ctx, TYPE* dest, int pe) {            \
        return shmem_##TYPENAME##_atomic_fetch_inc(dest, WORLD_PE);                                \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_atomic_inc(shmem_ctx_t ctx, TYPE* dest, int pe) {                  \
        shmem_##TYPENAME##_atomic_inc(dest, WORLD_PE);                                             \
    }                                                                                              \
    TYPE shmem_ctx_##TYPENAME##_atomic_fetch_add(shmem_ctx_t ctx, TYPE* dest, TYPE value,          \
                                                 int pe) {                                         \
        return shmem_##TYPENAME##_atomic_fetch_add(dest, value, WORLD_PE);                         \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_atomic_add(shmem_ctx_t ctx, TYPE* dest, TYPE value, int pe) {      \
        shmem_##TYPENAME##_atomic_add(dest, value, WORLD_PE);                                      \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_atomic_compare_swap_nbi(shmem_ctx_t ctx, TYPE* fetch, TYPE* dest,  \
                                                        TYPE cond, TYPE value, int pe) {           \
        shmem_##TYPENAME##_atomic_compare_swap_nbi(fetch, dest, cond, value, WORLD_PE);            \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_atomic_fetch_inc_nbi(shmem_ctx_t ctx, TYPE* fetch, TYPE* dest,     \
                                                     int pe) {                                     \
        shmem_##TYPENAME##_atomic_fetch_inc_nbi(fetch, dest, WORLD_PE);                            \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_atomic_fetch_add_nbi(shmem_ctx_t ctx, TYPE* fetch, TYPE* dest,     \
                                                     TYPE value, int pe) {                         \
        shmem_##TYPENAME##_atomic_fetch_add_nbi(fetch, dest, value, WORLD_PE);                     \
    }
#define DEFINE_CONTEXT_ATOMIC_BITWISE_OPERATION(TYPENAME, TYPE, OPERATION)                         \
    TYPE shmem_ctx_##TYPENAME##_atomic_fetch_##OPERATION(shmem_ctx_t ctx, TYPE* dest, TYPE value,  \
                                                         int pe) {                                 \
        return shmem_##TYPENAME##_atomic_fetch_##OPERATION(dest, value, WORLD_PE);                 \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_atomic_##OPERATION(shmem_ctx_t ctx, TYPE* dest, TYPE value,        \
                                                   int pe) {                                       \
        shmem_##TYPENAME##_atomic_##OPERATION(dest, value, WORLD_PE);                              \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_atomic_fetch_##OPERATION##_nbi(shmem_ctx_t ctx, TYPE* fetch,       \
                                                               TYPE* dest, TYPE value, int pe) {   \
        shmem_##TYPENAME##_atomic_fetch_##OPERATION##_nbi(fetch, dest, value, WORLD_PE);           \
    }
#define DEFINE_CONTEXT_ATOMIC_BITWISE(TYPENAME, TYPE)                                              \
    DEFINE_CONTEXT_ATOMIC_BITWISE_OPERATION(TYPENAME, TYPE, and)                                   \
    DEFINE_CONTEXT_ATOMIC_BITWISE_OPERATION(TYPENAME, TYPE, or)                                    \
    DEFINE_CONTEXT_ATOMIC_BITWISE_OPERATION(TYPENAME, TYPE, xor)
SHMEM_FOR_EACH_EXTENDED_ATOMIC_TYPE(DEFINE_CONTEXT_ATOMIC_ACCESS)
SHMEM_FOR_EACH_ATOMIC_TYPE(DEFINE_CONTEXT_ATOMIC_ARITHMETIC)
SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(DEFINE_CONTEXT_ATOMIC_BITWISE)
