/* Remote atomic operations of xbrtime on a symmetric object of PE pe, performed by the xBGAS
 * remote atomic instructions (eamo*, elr/esc), so they are atomic with respect to every other
 * PE's atomics on the same object. Each but set returns the value the object held before.
 *
 * fetch, set, swap: the 12 integer TYPENAMEs of 4 and 8 bytes, float and double.
 * compare_swap, add, and, or, xor, min, max: the 12 integer TYPENAMEs of 4 and 8 bytes
 * (uint, int, ulong, long, ulonglong, longlong, uint32, int32, uint64, int64, size, ptrdiff).
 * compare_swap stores value only when the object equals cond. fetch is an atomic OR with zero
 * rather than a plain remote load, so that it is ordered with the other PEs' atomics under every
 * transport; the object must therefore be writable, as every symmetric object is. */
#ifndef XBRTIME_ATOMICS_H
#define XBRTIME_ATOMICS_H

#include "xbrtime_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define XBRTIME_FOR_EACH_ATOMIC_INTEGER_TYPE(X) XBRTIME_FOR_EACH_WORD_INTEGER_TYPE(X)

#define XBRTIME_FOR_EACH_ATOMIC_TYPE(X)                                                            \
    XBRTIME_FOR_EACH_ATOMIC_INTEGER_TYPE(X)                                                        \
    X(float, float)                                                                                \
    X(double, double)

#define XBRTIME_DECLARE_ATOMIC_ACCESS(TYPENAME, TYPE)                                              \
    TYPE xbrtime_##TYPENAME##_atomic_fetch(const TYPE* target, int pe);                            \
    void xbrtime_##TYPENAME##_atomic_set(TYPE* target, TYPE value, int pe);                        \
    TYPE xbrtime_##TYPENAME##_atomic_swap(TYPE* target, TYPE value, int pe);
#define XBRTIME_DECLARE_ATOMIC_ARITHMETIC(TYPENAME, TYPE)                                          \
    TYPE xbrtime_##TYPENAME##_atomic_compare_swap(TYPE* target, TYPE cond, TYPE value, int pe);    \
    TYPE xbrtime_##TYPENAME##_atomic_add(TYPE* target, TYPE value, int pe);                        \
    TYPE xbrtime_##TYPENAME##_atomic_and(TYPE* target, TYPE value, int pe);                        \
    TYPE xbrtime_##TYPENAME##_atomic_or(TYPE* target, TYPE value, int pe);                         \
    TYPE xbrtime_##TYPENAME##_atomic_xor(TYPE* target, TYPE value, int pe);                        \
    TYPE xbrtime_##TYPENAME##_atomic_min(TYPE* target, TYPE value, int pe);                        \
    TYPE xbrtime_##TYPENAME##_atomic_max(TYPE* target, TYPE value, int pe);
XBRTIME_FOR_EACH_ATOMIC_TYPE(XBRTIME_DECLARE_ATOMIC_ACCESS)
XBRTIME_FOR_EACH_ATOMIC_INTEGER_TYPE(XBRTIME_DECLARE_ATOMIC_ARITHMETIC)
#undef XBRTIME_DECLARE_ATOMIC_ACCESS
#undef XBRTIME_DECLARE_ATOMIC_ARITHMETIC

#ifdef __cplusplus
}
#endif

#endif
