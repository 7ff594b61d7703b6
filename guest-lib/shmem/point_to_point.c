/* Point-to-point synchronization: waiting until variables in local memory compare with a value
 * as SHMEM_CMP_* says, and testing whether they do.
 *
 * The loops that wait on one variable are as small as they can be, a volatile load and a
 * compare branching back to the load: xbemu recognises such a loop as polling and gives the
 * host CPU to the other PEs. Waits on several variables test them in turn until enough hold.
 * Every wait and every test that holds ends with a fence, so that loads of data put before
 * the awaited store see it. The vector forms compare element i with cmp_values[i]; the others
 * use one value, which they pass as a vector with a step of 0. */
#include "shmem.h"
#include "shmem_internal.h"
#include "xbrtime.h"

#include <stdint.h>

static void check_comparison(int cmp, const char* routine) {
    if (cmp < SHMEM_CMP_EQ || cmp > SHMEM_CMP_LE) {
        shmem_internal_error("%s: %d is not a SHMEM_CMP_ comparison", routine, cmp);
    }
}

static int included(const int* status, size_t i) {
    return status == NULL || status[i] == 0;
}

static int any_included(const int* status, size_t nelems) {
    for (size_t i = 0; i < nelems; ++i) {
        if (included(status, i)) {
            return 1;
        }
    }
    return 0;
}

/* One function per loop: inside a single switch GCC merges the loops' exits and copies their
 * tests, which makes each wait a longer loop (xbemu sees waits of any shape, but a short loop
 * is found sooner). */
#define DEFINE_SPIN(TYPENAME, TYPE, NAME, CONDITION)                                               \
    __attribute__((noinline)) static void spin_##TYPENAME##_##NAME(volatile TYPE* ivar,            \
                                                                   TYPE value) {                   \
        while (CONDITION) {                                                                        \
        }                                                                                          \
    }

/* The routines on many variables, with one value (SUFFIX empty) or one per variable
 * (_vector): the values are VALUES, one every STEP elements. */
#define DEFINE_MANY(TYPENAME, TYPE, SUFFIX, VALUE_PARAMETER, VALUES, STEP)                         \
    void shmem_##TYPENAME##_wait_until_all##SUFFIX(volatile TYPE* ivars, size_t nelems,            \
                                                   const int* status, int cmp, VALUE_PARAMETER) {  \
        check_comparison(cmp, __func__);                                                           \
        wait_all_##TYPENAME(ivars, nelems, status, cmp, VALUES, STEP);                             \
    }                                                                                              \
    size_t shmem_##TYPENAME##_wait_until_any##SUFFIX(                                              \
        volatile TYPE* ivars, size_t nelems, const int* status, int cmp, VALUE_PARAMETER) {        \
        check_comparison(cmp, __func__);                                                           \
        return wait_any_##TYPENAME(ivars, nelems, status, cmp, VALUES, STEP);                      \
    }                                                                                              \
    size_t shmem_##TYPENAME##_wait_until_some##SUFFIX(volatile TYPE* ivars, size_t nelems,         \
                                                      size_t* indices, const int* status, int cmp, \
                                                      VALUE_PARAMETER) {                           \
        check_comparison(cmp, __func__);                                                           \
        return wait_some_##TYPENAME(ivars, nelems, indices, status, cmp, VALUES, STEP);            \
    }                                                                                              \
    int shmem_##TYPENAME##_test_all##SUFFIX(volatile TYPE* ivars, size_t nelems,                   \
                                            const int* status, int cmp, VALUE_PARAMETER) {         \
        check_comparison(cmp, __func__);                                                           \
        return test_all_##TYPENAME(ivars, nelems, status, cmp, VALUES, STEP);                      \
    }                                                                                              \
    size_t shmem_##TYPENAME##_test_any##SUFFIX(volatile TYPE* ivars, size_t nelems,                \
                                               const int* status, int cmp, VALUE_PARAMETER) {      \
        check_comparison(cmp, __func__);                                                           \
        return test_any_##TYPENAME(ivars, nelems, status, cmp, VALUES, STEP);                      \
    }                                                                                              \
    size_t shmem_##TYPENAME##_test_some##SUFFIX(volatile TYPE* ivars, size_t nelems,               \
                                                size_t* indices, const int* status, int cmp,       \
                                                VALUE_PARAMETER) {                                 \
        check_comparison(cmp, __func__);                                                           \
        return holding_##TYPENAME(ivars, nelems, indices, status, cmp, VALUES, STEP, 0);           \
    }

#define DEFINE_WAIT(TYPENAME, TYPE)                                                                \
    DEFINE_SPIN(TYPENAME, TYPE, eq, *ivar != value)                                                \
    DEFINE_SPIN(TYPENAME, TYPE, ne, *ivar == value)                                                \
    DEFINE_SPIN(TYPENAME, TYPE, gt, *ivar <= value)                                                \
    DEFINE_SPIN(TYPENAME, TYPE, ge, *ivar < value)                                                 \
    DEFINE_SPIN(TYPENAME, TYPE, lt, *ivar >= value)                                                \
    DEFINE_SPIN(TYPENAME, TYPE, le, *ivar > value)                                                 \
    static void wait_##TYPENAME(volatile TYPE* ivar, int cmp, TYPE value) {                        \
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
        default:                                                                                   \
            spin_##TYPENAME##_le(ivar, value);                                                     \
        }                                                                                          \
    }                                                                                              \
    static int holds_##TYPENAME(TYPE now, int cmp, TYPE value) {                                   \
        switch (cmp) {                                                                             \
        case SHMEM_CMP_EQ:                                                                         \
            return now == value;                                                                   \
        case SHMEM_CMP_NE:                                                                         \
            return now != value;                                                                   \
        case SHMEM_CMP_GT:                                                                         \
            return now > value;                                                                    \
        case SHMEM_CMP_GE:                                                                         \
            return now >= value;                                                                   \
        case SHMEM_CMP_LT:                                                                         \
            return now < value;                                                                    \
        default:                                                                                   \
            return now <= value;                                                                   \
        }                                                                                          \
    }                                                                                              \
    /* The elements that hold now, in indices (when not NULL); stop_at_first: only the first. */   \
    static size_t holding_##TYPENAME(volatile TYPE* ivars, size_t nelems, size_t* indices,         \
                                     const int* status, int cmp, const TYPE* values, size_t step,  \
                                     int stop_at_first) {                                          \
        size_t count = 0;                                                                          \
        for (size_t i = 0; i < nelems; ++i) {                                                      \
            if (included(status, i) && holds_##TYPENAME(ivars[i], cmp, values[i * step])) {        \
                if (indices != NULL) {                                                             \
                    indices[count] = i;                                                            \
                }                                                                                  \
                ++count;                                                                           \
                if (stop_at_first) {                                                               \
                    break;                                                                         \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
        if (count != 0) {                                                                          \
            xbrtime_fence();                                                                       \
        }                                                                                          \
        return count;                                                                              \
    }                                                                                              \
    static void wait_all_##TYPENAME(volatile TYPE* ivars, size_t nelems, const int* status,        \
                                    int cmp, const TYPE* values, size_t step) {                    \
        for (size_t i = 0; i < nelems; ++i) {                                                      \
            if (included(status, i)) {                                                             \
                wait_##TYPENAME(&ivars[i], cmp, values[i * step]);                                 \
            }                                                                                      \
        }                                                                                          \
        xbrtime_fence();                                                                           \
    }                                                                                              \
    static size_t test_any_##TYPENAME(volatile TYPE* ivars, size_t nelems, const int* status,      \
                                      int cmp, const TYPE* values, size_t step) {                  \
        size_t index = SIZE_MAX;                                                                   \
        return holding_##TYPENAME(ivars, nelems, &index, status, cmp, values, step, 1) != 0        \
                   ? index                                                                         \
                   : SIZE_MAX;                                                                     \
    }                                                                                              \
    static size_t wait_any_##TYPENAME(volatile TYPE* ivars, size_t nelems, const int* status,      \
                                      int cmp, const TYPE* values, size_t step) {                  \
        if (!any_included(status, nelems)) {                                                       \
            return SIZE_MAX;                                                                       \
        }                                                                                          \
        size_t index = SIZE_MAX;                                                                   \
        while ((index = test_any_##TYPENAME(ivars, nelems, status, cmp, values, step)) ==          \
               SIZE_MAX) {                                                                         \
        }                                                                                          \
        return index;                                                                              \
    }                                                                                              \
    static size_t wait_some_##TYPENAME(volatile TYPE* ivars, size_t nelems, size_t* indices,       \
                                       const int* status, int cmp, const TYPE* values,             \
                                       size_t step) {                                              \
        if (!any_included(status, nelems)) {                                                       \
            return 0;                                                                              \
        }                                                                                          \
        size_t count = 0;                                                                          \
        while ((count = holding_##TYPENAME(ivars, nelems, indices, status, cmp, values, step,      \
                                           0)) == 0) {                                             \
        }                                                                                          \
        return count;                                                                              \
    }                                                                                              \
    static int test_all_##TYPENAME(volatile TYPE* ivars, size_t nelems, const int* status,         \
                                   int cmp, const TYPE* values, size_t step) {                     \
        for (size_t i = 0; i < nelems; ++i) {                                                      \
            if (included(status, i) && !holds_##TYPENAME(ivars[i], cmp, values[i * step])) {       \
                return 0;                                                                          \
            }                                                                                      \
        }                                                                                          \
        xbrtime_fence();                                                                           \
        return 1;                                                                                  \
    }                                                                                              \
    void shmem_##TYPENAME##_wait_until(volatile TYPE* ivar, int cmp, TYPE cmp_value) {             \
        check_comparison(cmp, __func__);                                                           \
        wait_##TYPENAME(ivar, cmp, cmp_value);                                                     \
        xbrtime_fence();                                                                           \
    }                                                                                              \
    void shmem_##TYPENAME##_wait(volatile TYPE* ivar, TYPE cmp_value) {                            \
        shmem_##TYPENAME##_wait_until(ivar, SHMEM_CMP_NE, cmp_value);                              \
    }                                                                                              \
    int shmem_##TYPENAME##_test(volatile TYPE* ivar, int cmp, TYPE cmp_value) {                    \
        check_comparison(cmp, __func__);                                                           \
        return holding_##TYPENAME(ivar, 1, NULL, NULL, cmp, &cmp_value, 0, 1) != 0;                \
    }                                                                                              \
    DEFINE_MANY(TYPENAME, TYPE, , TYPE cmp_value, &cmp_value, 0)                                   \
    DEFINE_MANY(TYPENAME, TYPE, _vector, const TYPE* cmp_values, cmp_values, 1)
SHMEM_FOR_EACH_WAIT_TYPE(DEFINE_WAIT)

/* Parenthesised: in C11 shmem.h makes shmem_wait_until the type-generic macro. */
void(shmem_wait_until)(volatile long* ivar, int cmp, long cmp_value) {
    shmem_long_wait_until(ivar, cmp, cmp_value);
}

void shmem_wait(volatile long* ivar, long cmp_value) {
    shmem_long_wait_until(ivar, SHMEM_CMP_NE, cmp_value);
}
