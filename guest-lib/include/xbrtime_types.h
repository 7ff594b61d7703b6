/* The 24 TYPENAMEs of the xbrtime API, as X-macro lists, so that every per-type routine is
 * declared and defined from one list:
 *
 *     #define DECLARE(TYPENAME, TYPE) void xbrtime_##TYPENAME##_put(TYPE*, ...);
 *     XBRTIME_FOR_EACH_TYPE(DECLARE)
 *
 * XBRTIME_FOR_EACH_INTEGER_TYPE lists the 21 integer types (those with bitwise reductions),
 * XBRTIME_FOR_EACH_FLOATING_TYPE the other 3. */
#ifndef XBRTIME_TYPES_H
#define XBRTIME_TYPES_H

#include <stddef.h>
#include <stdint.h>

#define XBRTIME_FOR_EACH_FLOATING_TYPE(X)                                                          \
    X(float, float)                                                                                \
    X(double, double)                                                                              \
    X(longdouble, long double)

/* The integer types of 4 and 8 bytes: those with remote atomics (xbrtime_atomics.h). */
#define XBRTIME_FOR_EACH_WORD_INTEGER_TYPE(X)                                                      \
    X(uint, unsigned int)                                                                          \
    X(int, int)                                                                                    \
    X(ulong, unsigned long)                                                                        \
    X(long, long)                                                                                  \
    X(ulonglong, unsigned long long)                                                               \
    X(longlong, long long)                                                                         \
    X(uint32, uint32_t)                                                                            \
    X(int32, int32_t)                                                                              \
    X(uint64, uint64_t)                                                                            \
    X(int64, int64_t)                                                                              \
    X(size, size_t)                                                                                \
    X(ptrdiff, ptrdiff_t)

#define XBRTIME_FOR_EACH_INTEGER_TYPE(X)                                                           \
    X(char, char)                                                                                  \
    X(uchar, unsigned char)                                                                        \
    X(schar, signed char)                                                                          \
    X(ushort, unsigned short)                                                                      \
    X(short, short)                                                                                \
    X(uint8, uint8_t)                                                                              \
    X(int8, int8_t)                                                                                \
    X(uint16, uint16_t)                                                                            \
    X(int16, int16_t)                                                                              \
    XBRTIME_FOR_EACH_WORD_INTEGER_TYPE(X)

#define XBRTIME_FOR_EACH_TYPE(X)                                                                   \
    XBRTIME_FOR_EACH_FLOATING_TYPE(X)                                                              \
    XBRTIME_FOR_EACH_INTEGER_TYPE(X)

#endif
