/* The operators of the reductions, shared by xbrtime's reduce and reduce_all (collective_reduce.c)
 * and OpenSHMEM's TYPE_OP_to_all (shmem/reductions.c), so that both layers combine values alike.
 * Not installed. */
#ifndef XBRTIME_REDUCTION_OPERATORS_H
#define XBRTIME_REDUCTION_OPERATORS_H

#include <stddef.h>
#include <stdint.h>

/* OPERATOR(TYPE, a, b) is a OP b as a TYPE. Signed sums and products wrap like the hardware's:
 * computed on uint64_t, whose low bits are those of the exact result, and converted back (modulo
 * 2^width, as GCC defines it). */
#define WRAPPING_SUM(TYPE, a, b) ((TYPE)((uint64_t)(a) + (uint64_t)(b)))
#define WRAPPING_PRODUCT(TYPE, a, b) ((TYPE)((uint64_t)(a) * (uint64_t)(b)))
#define FLOATING_SUM(TYPE, a, b) ((TYPE)((a) + (b)))
#define FLOATING_PRODUCT(TYPE, a, b) ((TYPE)((a) * (b)))
#define MINIMUM(TYPE, a, b) ((b) < (a) ? (b) : (a))
#define MAXIMUM(TYPE, a, b) ((b) > (a) ? (b) : (a))
#define BITWISE_AND(TYPE, a, b) ((TYPE)((a) & (b)))
#define BITWISE_OR(TYPE, a, b) ((TYPE)((a) | (b)))
#define BITWISE_XOR(TYPE, a, b) ((TYPE)((a) ^ (b)))

/* 1 for the integer types, whose reductions give the same bits in any order; 0 for the floating
 * and complex ones (rounding, and the sign of zero or a NaN that min and max keep). */
#define XBRTIME_EXACT_TYPE(TYPE) ((TYPE)0.5 == (TYPE)0)

/* X(TYPENAME, TYPE, OP, OPERATOR) for every reduction of a floating or an integer TYPE. The two
 * APIs name the product differently (xbrtime's product, OpenSHMEM's prod): PRODUCT is its OP. */
#define XBRTIME_FOR_EACH_FLOATING_REDUCTION(X, TYPENAME, TYPE, PRODUCT)                            \
    X(TYPENAME, TYPE, sum, FLOATING_SUM)                                                           \
    X(TYPENAME, TYPE, PRODUCT, FLOATING_PRODUCT)                                                   \
    X(TYPENAME, TYPE, min, MINIMUM)                                                                \
    X(TYPENAME, TYPE, max, MAXIMUM)
#define XBRTIME_FOR_EACH_INTEGER_REDUCTION(X, TYPENAME, TYPE, PRODUCT)                             \
    X(TYPENAME, TYPE, sum, WRAPPING_SUM)                                                           \
    X(TYPENAME, TYPE, PRODUCT, WRAPPING_PRODUCT)                                                   \
    X(TYPENAME, TYPE, min, MINIMUM)                                                                \
    X(TYPENAME, TYPE, max, MAXIMUM)                                                                \
    X(TYPENAME, TYPE, and, BITWISE_AND)                                                            \
    X(TYPENAME, TYPE, or, BITWISE_OR)                                                              \
    X(TYPENAME, TYPE, xor, BITWISE_XOR)

/* static void NAME(void* accumulator, const void* operand, size_t nelems), an
 * xbrtime_combine_function: accumulator[i] = OPERATOR(TYPE, accumulator[i], operand[i]). */
#define XBRTIME_DEFINE_COMBINE(NAME, TYPE, OPERATOR)                                               \
    static void NAME(void* accumulator, const void* operand, size_t nelems) {                      \
        TYPE* result = accumulator;                                                                \
        const TYPE* other = operand;                                                               \
        for (size_t i = 0; i < nelems; ++i) {                                                      \
            result[i] = OPERATOR(TYPE, result[i], other[i]);                                       \
        }                                                                                          \
    }

#endif
