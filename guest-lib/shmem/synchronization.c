/* Barriers, completion of puts, and waiting on local memory.
 *
 * The wait loops are as small as they can be, a volatile load and a compare branching back to
 * the load: xbemu recognises such a loop as polling and gives the host CPU to the other PEs. */
#include "shmem.h"
#include "shmem_internal.h"
#include "xbrtime.h"

#include <stdlib.h>

void shmem_barrier_all(void) {
    xbrtime_barrier();
}

void shmem_sync_all(void) {
    xbrtime_barrier();
}

void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long* pSync) {
    const struct shmem_internal_set set =
        shmem_internal_set_of(PE_start, logPE_stride, PE_size, "shmem_barrier");
    shmem_internal_barrier(&set, pSync);
}

void shmem_sync(int PE_start, int logPE_stride, int PE_size, long* pSync) {
    const struct shmem_internal_set set =
        shmem_internal_set_of(PE_start, logPE_stride, PE_size, "shmem_sync");
    shmem_internal_barrier(&set, pSync);
}

void shmem_quiet(void) {
    xbrtime_fence();
}

void shmem_fence(void) {
    xbrtime_fence();
}

static void unknown_comparison(const char* routine, int cmp) {
    xbrtime_report_error("%s: %d is not a SHMEM_CMP_ comparison", routine, cmp);
    abort();
}

/* One function per loop: inside a single switch GCC merges the loops' exits and copies their
 * tests, and a loop that no longer branches straight back to its own load is not seen as
 * polling. */
#define DEFINE_SPIN(TYPENAME, TYPE, NAME, CONDITION)                                               \
    __attribute__((noinline)) static void spin_##TYPENAME##_##NAME(volatile TYPE* ivar,            \
                                                                   TYPE value) {                   \
        while (CONDITION) {                                                                        \
        }                                                                                          \
    }

/* After the wait, a fence, so that loads of data put before the awaited store see it. */
#define DEFINE_WAIT(TYPENAME, TYPE)                                                                \
    DEFINE_SPIN(TYPENAME, TYPE, eq, *ivar != value)                                                \
    DEFINE_SPIN(TYPENAME, TYPE, ne, *ivar == value)                                                \
    DEFINE_SPIN(TYPENAME, TYPE, gt, *ivar <= value)                                                \
    DEFINE_SPIN(TYPENAME, TYPE, ge, *ivar < value)                                                 \
    DEFINE_SPIN(TYPENAME, TYPE, lt, *ivar >= value)                                                \
    DEFINE_SPIN(TYPENAME, TYPE, le, *ivar > value)                                                 \
    void shmem_##TYPENAME##_wait_until(volatile TYPE* ivar, int cmp, TYPE value) {                 \
        switch (cmp) {                                                                             \
        case SHMEM_CMP_EQ:                                                                         \
            spin_##TYPENAME##_eq(ivar, value);                                                     \
            break;                                                                                 \
        case SHMEM_CMP_NE:                                                                         \
            spin_##TYPENAME##_ne(ivar, value);                                                     \
            break;                                                                                 \
        case SHMEM_CMP_GT:                                                                         \
            spin_##TYPENAME##_gt(ivar, value);                                                     \
            break;                                                                                 \
        case SHMEM_CMP_GE:                                                                         \
            spin_##TYPENAME##_ge(ivar, value);                                                     \
            break;                                                                                 \
        case SHMEM_CMP_LT:                                                                         \
            spin_##TYPENAME##_lt(ivar, value);                                                     \
            break;                                                                                 \
        case SHMEM_CMP_LE:                                                                         \
            spin_##TYPENAME##_le(ivar, value);                                                     \
            break;                                                                                 \
        default:                                                                                   \
            unknown_comparison("shmem_" #TYPENAME "_wait_until", cmp);                             \
        }                                                                                          \
        xbrtime_fence();                                                                           \
    }                                                                                              \
    int shmem_##TYPENAME##_test(volatile TYPE* ivar, int cmp, TYPE value) {                        \
        const TYPE now = *ivar;                                                                    \
        int holds = 0;                                                                             \
        switch (cmp) {                                                                             \
        case SHMEM_CMP_EQ:                                                                         \
            holds = now == value;                                                                  \
            break;                                                                                 \
        case SHMEM_CMP_NE:                                                                         \
            holds = now != value;                                                                  \
            break;                                                                                 \
        case SHMEM_CMP_GT:                                                                         \
            holds = now > value;                                                                   \
            break;                                                                                 \
        case SHMEM_CMP_GE:                                                                         \
            holds = now >= value;                                                                  \
            break;                                                                                 \
        case SHMEM_CMP_LT:                                                                         \
            holds = now < value;                                                                   \
            break;                                                                                 \
        case SHMEM_CMP_LE:                                                                         \
            holds = now <= value;                                                                  \
            break;                                                                                 \
        default:                                                                                   \
            unknown_comparison("shmem_" #TYPENAME "_test", cmp);                                   \
        }                                                                                          \
        if (holds) {                                                                               \
            xbrtime_fence();                                                                       \
        }                                                                                          \
        return holds;                                                                              \
    }                                                                                              \
    void shmem_##TYPENAME##_wait(volatile TYPE* ivar, TYPE value) {                                \
        shmem_##TYPENAME##_wait_until(ivar, SHMEM_CMP_NE, value);                                  \
    }
SHMEM_FOR_EACH_WAIT_TYPE(DEFINE_WAIT)

/* Parenthesised: in C11 shmem.h makes shmem_wait_until the type-generic macro. */
void(shmem_wait_until)(volatile long* ivar, int cmp, long value) {
    shmem_long_wait_until(ivar, cmp, value);
}

void shmem_wait(volatile long* ivar, long value) {
    shmem_long_wait_until(ivar, SHMEM_CMP_NE, value);
}
