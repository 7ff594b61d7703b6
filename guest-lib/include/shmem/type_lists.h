/* The TYPENAME tables of the OpenSHMEM 1.5 specification, as X-macro lists X(TYPENAME, TYPE), so
 * that each family of routines is declared, defined and tested from one list:
 *
 *     #define DECLARE(TYPENAME, TYPE) void shmem_##TYPENAME##_put(TYPE*, ...);
 *     SHMEM_FOR_EACH_RMA_TYPE(DECLARE)
 *
 * Part of <shmem.h>. */
#ifndef SHMEM_TYPE_LISTS_H
#define SHMEM_TYPE_LISTS_H

#include <stddef.h>
#include <stdint.h>

/* The complex types of the reductions; C++ spells them the GNU way. */
#ifdef __cplusplus
#define SHMEM_COMPLEX(TYPE) __complex__ TYPE
#else
#define SHMEM_COMPLEX(TYPE) TYPE _Complex
#endif

/* Parts of the lists below: char, whatever its sign, and the signed C integer types; the
 * unsigned ones; the fixed-width ones. */
#define SHMEM_FOR_EACH_SIGNED_C_TYPE(X)                                                            \
    X(char, char)                                                                                  \
    X(schar, signed char)                                                                          \
    X(short, short)                                                                                \
    X(int, int)                                                                                    \
    X(long, long)                                                                                  \
    X(longlong, long long)

#define SHMEM_FOR_EACH_UNSIGNED_C_TYPE(X)                                                          \
    X(uchar, unsigned char)                                                                        \
    X(ushort, unsigned short)                                                                      \
    X(uint, unsigned int)                                                                          \
    X(ulong, unsigned long)                                                                        \
    X(ulonglong, unsigned long long)

#define SHMEM_FOR_EACH_FIXED_WIDTH_TYPE(X)                                                         \
    X(int8, int8_t)                                                                                \
    X(int16, int16_t)                                                                              \
    X(int32, int32_t)                                                                              \
    X(int64, int64_t)                                                                              \
    X(uint8, uint8_t)                                                                              \
    X(uint16, uint16_t)                                                                            \
    X(uint32, uint32_t)                                                                            \
    X(uint64, uint64_t)

/* The standard RMA types: RMA, signals and the team collectives. */
#define SHMEM_FOR_EACH_RMA_TYPE(X)                                                                 \
    X(float, float)                                                                                \
    X(double, double)                                                                              \
    X(longdouble, long double)                                                                     \
    SHMEM_FOR_EACH_SIGNED_C_TYPE(X)                                                                \
    SHMEM_FOR_EACH_UNSIGNED_C_TYPE(X)                                                              \
    SHMEM_FOR_EACH_FIXED_WIDTH_TYPE(X)                                                             \
    X(size, size_t)                                                                                \
    X(ptrdiff, ptrdiff_t)

/* X(BITS, BYTES) for shmem_putBITS and its relatives. */
#define SHMEM_FOR_EACH_SIZE(X)                                                                     \
    X(8, 1)                                                                                        \
    X(16, 2)                                                                                       \
    X(32, 4)                                                                                       \
    X(64, 8)                                                                                       \
    X(128, 16)

/* X(BITS, BYTES) for the active-set collectives shmem_broadcastBITS, shmem_collectBITS,
 * shmem_fcollectBITS, shmem_alltoallBITS and shmem_alltoallsBITS. */
#define SHMEM_FOR_EACH_COLLECTIVE_SIZE(X)                                                          \
    X(32, 4)                                                                                       \
    X(64, 8)

/* The bitwise AMO types. */
#define SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(X)                                                      \
    X(uint, unsigned int)                                                                          \
    X(ulong, unsigned long)                                                                        \
    X(ulonglong, unsigned long long)                                                               \
    X(int32, int32_t)                                                                              \
    X(int64, int64_t)                                                                              \
    X(uint32, uint32_t)                                                                            \
    X(uint64, uint64_t)

/* The types of the atomics' names before 1.4 (shmem_int_finc, shmem_long_cswap, ...). */
#define SHMEM_FOR_EACH_DEPRECATED_ATOMIC_TYPE(X)                                                   \
    X(int, int)                                                                                    \
    X(long, long)                                                                                  \
    X(longlong, long long)

/* The standard AMO types: those two lists and the size types. */
#define SHMEM_FOR_EACH_ATOMIC_TYPE(X)                                                              \
    SHMEM_FOR_EACH_DEPRECATED_ATOMIC_TYPE(X)                                                       \
    SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(X)                                                          \
    X(size, size_t)                                                                                \
    X(ptrdiff, ptrdiff_t)

/* The extended AMO types (fetch, set, swap). */
#define SHMEM_FOR_EACH_EXTENDED_ATOMIC_TYPE(X)                                                     \
    SHMEM_FOR_EACH_ATOMIC_TYPE(X)                                                                  \
    X(float, float)                                                                                \
    X(double, double)

#define SHMEM_FOR_EACH_DEPRECATED_EXTENDED_ATOMIC_TYPE(X)                                          \
    SHMEM_FOR_EACH_DEPRECATED_ATOMIC_TYPE(X)                                                       \
    X(float, float)                                                                                \
    X(double, double)

/* The point-to-point synchronization types (short and ushort, deprecated, included), in the
 * standard's order. */
#define SHMEM_FOR_EACH_WAIT_TYPE(X)                                                                \
    X(short, short)                                                                                \
    SHMEM_FOR_EACH_DEPRECATED_ATOMIC_TYPE(X)                                                       \
    X(ushort, unsigned short)                                                                      \
    SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(X)                                                          \
    X(size, size_t)                                                                                \
    X(ptrdiff, ptrdiff_t)

/* The active-set reductions (TYPE_OP_to_all): sum, prod, min and max for the integer and
 * floating lists, and, or and xor for the integers, sum and prod for the complex types. */
#define SHMEM_FOR_EACH_INTEGER_REDUCTION_TYPE(X)                                                   \
    X(short, short)                                                                                \
    X(int, int)                                                                                    \
    X(long, long)                                                                                  \
    X(longlong, long long)

#define SHMEM_FOR_EACH_FLOATING_REDUCTION_TYPE(X)                                                  \
    X(float, float)                                                                                \
    X(double, double)                                                                              \
    X(longdouble, long double)

#define SHMEM_FOR_EACH_COMPLEX_REDUCTION_TYPE(X)                                                   \
    X(complexd, SHMEM_COMPLEX(double))                                                             \
    X(complexf, SHMEM_COMPLEX(float))

/* The team reductions (TYPE_OP_reduce): all seven operations for these integer types... */
#define SHMEM_FOR_EACH_TEAM_BITWISE_REDUCTION_TYPE(X)                                              \
    SHMEM_FOR_EACH_UNSIGNED_C_TYPE(X)                                                              \
    SHMEM_FOR_EACH_FIXED_WIDTH_TYPE(X)                                                             \
    X(size, size_t)

/* ... max, min, sum and prod for these, for SHMEM_FOR_EACH_FLOATING_REDUCTION_TYPE, and sum and
 * prod for SHMEM_FOR_EACH_COMPLEX_REDUCTION_TYPE. */
#define SHMEM_FOR_EACH_TEAM_ARITHMETIC_REDUCTION_TYPE(X)                                           \
    SHMEM_FOR_EACH_SIGNED_C_TYPE(X)                                                                \
    X(ptrdiff, ptrdiff_t)

#endif
