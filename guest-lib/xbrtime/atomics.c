/* The remote atomics of xbrtime_atomics.h, one xBGAS atomic instruction each (compare_swap: an
 * elr/esc loop). Every type is 4 or 8 bytes and picks the .w or .d instruction by its size;
 * values travel as bit patterns in a 64-bit register, so float and double pass unchanged. */
#include "xbgas.h"
#include "xbrtime.h"

#include <string.h>

static uint64_t bits_of(const void* value, size_t size) {
    if (size == 4) {
        uint32_t bits;
        memcpy(&bits, value, sizeof bits);
        return bits;
    }
    uint64_t bits;
    memcpy(&bits, value, sizeof bits);
    return bits;
}

/* A .w result arrives sign-extended; only its low 4 bytes belong to the value. */
static void store_bits(void* value, uint64_t bits, size_t size) {
    if (size == 4) {
        const uint32_t low = (uint32_t)bits;
        memcpy(value, &low, sizeof low);
        return;
    }
    memcpy(value, &bits, sizeof bits);
}

#define DEFINE_REMOTE_ATOMIC(OPERATION)                                                            \
    static uint64_t remote_##OPERATION(void* target, uint64_t operand, size_t size, int pe) {      \
        const uint64_t object = xbrtime_object_of_pe(pe);                                          \
        return size == 4 ? (uint64_t)xb_eamo##OPERATION##_w(object, target, operand)               \
                         : xb_eamo##OPERATION##_d(object, target, operand);                        \
    }
DEFINE_REMOTE_ATOMIC(swap)
DEFINE_REMOTE_ATOMIC(add)
DEFINE_REMOTE_ATOMIC(and)
DEFINE_REMOTE_ATOMIC(or)
DEFINE_REMOTE_ATOMIC(xor)
DEFINE_REMOTE_ATOMIC(min)
DEFINE_REMOTE_ATOMIC(max)
DEFINE_REMOTE_ATOMIC(minu)
DEFINE_REMOTE_ATOMIC(maxu)
#undef DEFINE_REMOTE_ATOMIC

/* An OR with zero rather than a plain remote load, so that the read is ordered and atomic with
 * respect to the other PEs' atomics under every transport. */
static uint64_t remote_fetch(const void* target, size_t size, int pe) {
    return remote_or((void*)(uintptr_t)target, 0, size, pe);
}

/* esc succeeds only when the word still holds what elr read, so a failed esc means another PE
 * changed it in between: read again, and give up only when the object differs from cond. */
static uint64_t remote_compare_swap(void* target, uint64_t cond, uint64_t value, size_t size,
                                    int pe) {
    const uint64_t object = xbrtime_object_of_pe(pe);
    const uint64_t mask = size == 4 ? UINT32_MAX : UINT64_MAX;
    for (;;) {
        const uint64_t old =
            size == 4 ? (uint64_t)xb_elr_w(object, target) : xb_elr_d(object, target);
        if ((old & mask) != (cond & mask)) {
            return old;
        }
        const uint64_t failed =
            size == 4 ? xb_esc_w(object, target, value) : xb_esc_d(object, target, value);
        if (!failed) {
            return old;
        }
    }
}

/* Compared with 1 rather than 0, which -Wtype-limits would flag for the unsigned types. */
#define IS_SIGNED(TYPE) ((TYPE)-1 < (TYPE)1)

#define DEFINE_ATOMIC_ACCESS(TYPENAME, TYPE)                                                       \
    _Static_assert(sizeof(TYPE) == 4 || sizeof(TYPE) == 8, "atomics act on 4 or 8 bytes");         \
    TYPE xbrtime_##TYPENAME##_atomic_fetch(const TYPE* target, int pe) {                           \
        TYPE old;                                                                                  \
        store_bits(&old, remote_fetch(target, sizeof(TYPE), pe), sizeof(TYPE));                    \
        return old;                                                                                \
    }                                                                                              \
    void xbrtime_##TYPENAME##_atomic_set(TYPE* target, TYPE value, int pe) {                       \
        remote_swap(target, bits_of(&value, sizeof(TYPE)), sizeof(TYPE), pe);                      \
    }                                                                                              \
    TYPE xbrtime_##TYPENAME##_atomic_swap(TYPE* target, TYPE value, int pe) {                      \
        TYPE old;                                                                                  \
        store_bits(&old, remote_swap(target, bits_of(&value, sizeof(TYPE)), sizeof(TYPE), pe),     \
                   sizeof(TYPE));                                                                  \
        return old;                                                                                \
    }
XBRTIME_FOR_EACH_ATOMIC_TYPE(DEFINE_ATOMIC_ACCESS)
#undef DEFINE_ATOMIC_ACCESS

/* Integer types only, so plain casts carry the values. */
#define DEFINE_ATOMIC_OPERATION(TYPENAME, TYPE, OPERATION, REMOTE)                                 \
    TYPE xbrtime_##TYPENAME##_atomic_##OPERATION(TYPE* target, TYPE value, int pe) {               \
        return (TYPE)REMOTE(target, (uint64_t)value, sizeof(TYPE), pe);                            \
    }
#define DEFINE_ATOMIC_ARITHMETIC(TYPENAME, TYPE)                                                   \
    TYPE xbrtime_##TYPENAME##_atomic_compare_swap(TYPE* target, TYPE cond, TYPE value, int pe) {   \
        return (TYPE)remote_compare_swap(target, (uint64_t)cond, (uint64_t)value, sizeof(TYPE),    \
                                         pe);                                                      \
    }                                                                                              \
    DEFINE_ATOMIC_OPERATION(TYPENAME, TYPE, add, remote_add)                                       \
    DEFINE_ATOMIC_OPERATION(TYPENAME, TYPE, and, remote_and)                                       \
    DEFINE_ATOMIC_OPERATION(TYPENAME, TYPE, or, remote_or)                                         \
    DEFINE_ATOMIC_OPERATION(TYPENAME, TYPE, xor, remote_xor)                                       \
    DEFINE_ATOMIC_OPERATION(TYPENAME, TYPE, min, (IS_SIGNED(TYPE) ? remote_min : remote_minu))     \
    DEFINE_ATOMIC_OPERATION(TYPENAME, TYPE, max, (IS_SIGNED(TYPE) ? remote_max : remote_maxu))
XBRTIME_FOR_EACH_ATOMIC_INTEGER_TYPE(DEFINE_ATOMIC_ARITHMETIC)
#undef DEFINE_ATOMIC_ARITHMETIC
#undef DEFINE_ATOMIC_OPERATION
