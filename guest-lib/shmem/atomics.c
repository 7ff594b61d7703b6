/* The OpenSHMEM atomics, each one xbrtime remote atomic (eamo* or elr/esc on the target PE, so
 * atomic with respect to every PE's atomics on the same object); inc and add are a fetching add
 * whose result goes unused. */
#include "shmem.h"
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
