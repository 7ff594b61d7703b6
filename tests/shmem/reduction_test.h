/* What the reduction tests share: the values each PE reduces, the C operators that give the
 * expected results, and the operations of each family of types, as X-macro lists
 * X(TYPENAME, TYPE, OP, COMBINE, VALUE_OF). */
#ifndef REDUCTION_TEST_H
#define REDUCTION_TEST_H

#include <complex.h>

/* Values with both signs, large enough for products to wrap, and bit patterns for the bitwise
 * operations; floating and complex values with fractions, so that the order of the operations
 * shows in the rounding. */
#define VALUE(TYPE, pe, i) ((TYPE)((((pe)*7 + (i)*13) % 29 - 11) * (1 + (pe) % 3)))
#define FLOAT_VALUE(TYPE, pe, i) ((TYPE)1.0 + (TYPE)(pe) / (TYPE)10 + (TYPE)(i) / (TYPE)1000)
#define COMPLEX_VALUE(TYPE, pe, i) ((TYPE)((1.0 + (pe) / 10.0) + (0.5 - (i) / 1000.0) * I))

#define WRAPPING_SUM(TYPE, a, b) (TYPE)((unsigned long long)(a) + (unsigned long long)(b))
#define WRAPPING_PROD(TYPE, a, b) (TYPE)((unsigned long long)(a) * (unsigned long long)(b))
#define PLAIN_SUM(TYPE, a, b) (TYPE)((a) + (b))
#define PLAIN_PROD(TYPE, a, b) (TYPE)((a) * (b))
#define MIN(TYPE, a, b) ((b) < (a) ? (b) : (a))
#define MAX(TYPE, a, b) ((b) > (a) ? (b) : (a))
#define AND(TYPE, a, b) (TYPE)((a) & (b))
#define OR(TYPE, a, b) (TYPE)((a) | (b))
#define XOR(TYPE, a, b) (TYPE)((a) ^ (b))

#define FOR_EACH_ORDERED_INTEGER_OPERATION(X, TYPENAME, TYPE)                                      \
    X(TYPENAME, TYPE, sum, WRAPPING_SUM, VALUE)                                                    \
    X(TYPENAME, TYPE, prod, WRAPPING_PROD, VALUE)                                                  \
    X(TYPENAME, TYPE, min, MIN, VALUE)                                                             \
    X(TYPENAME, TYPE, max, MAX, VALUE)
#define FOR_EACH_INTEGER_OPERATION(X, TYPENAME, TYPE)                                              \
    FOR_EACH_ORDERED_INTEGER_OPERATION(X, TYPENAME, TYPE)                                          \
    X(TYPENAME, TYPE, and, AND, VALUE)                                                             \
    X(TYPENAME, TYPE, or, OR, VALUE)                                                               \
    X(TYPENAME, TYPE, xor, XOR, VALUE)
#define FOR_EACH_FLOATING_OPERATION(X, TYPENAME, TYPE)                                             \
    X(TYPENAME, TYPE, sum, PLAIN_SUM, FLOAT_VALUE)                                                 \
    X(TYPENAME, TYPE, prod, PLAIN_PROD, FLOAT_VALUE)                                               \
    X(TYPENAME, TYPE, min, MIN, FLOAT_VALUE)                                                       \
    X(TYPENAME, TYPE, max, MAX, FLOAT_VALUE)
#define FOR_EACH_COMPLEX_OPERATION(X, TYPENAME, TYPE)                                              \
    X(TYPENAME, TYPE, sum, PLAIN_SUM, COMPLEX_VALUE)                                               \
    X(TYPENAME, TYPE, prod, PLAIN_PROD, COMPLEX_VALUE)

#endif
