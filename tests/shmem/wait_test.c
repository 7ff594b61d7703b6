/* The point-to-point waits and tests on several variables: shmem_TYPE_wait_until_all, _any and
 * _some and their _vector forms, shmem_TYPE_test_all, _any and _some and theirs, for every
 * point-to-point type, with and without a status mask, and the C11 generic names. PE 0's four
 * variables of each type are set one at a time by the other PEs in turn (by PE 0 itself when it
 * is alone), each set released by PE 0 through a turn counter, so that every wait has something
 * left to wait for and every test a known answer. */
#include "shmem_test.h"

#include <shmem.h>
#include <stdint.h>

#define VARIABLES 4

/* On PE 0: turn 2s + 1 releases step s, turn 2s + 2 says that it is done (counted from the
 * type's base). */
static long turn;

/* The steps of each type set the variables in the order 2, 0, 3, 1, to 1, 2, 3 and 4. */
static const int order[VARIABLES] = {2, 0, 3, 1};

/* The PE that performs step number (counted over all types). */
static int setter_of(long number) {
    return npes == 1 ? 0 : 1 + (int)(number % (npes - 1));
}

#define DEFINE_TEST(TYPENAME, TYPE)                                                                \
    static TYPE TYPENAME##_variables[VARIABLES];                                                   \
    static void set_##TYPENAME(long base, int step) {                                              \
        while (shmem_long_atomic_fetch(&turn, 0) != base + 2 * step + 1) {                         \
        }                                                                                          \
        shmem_##TYPENAME##_p(&TYPENAME##_variables[order[step]], (TYPE)(step + 1), 0);             \
        shmem_quiet();                                                                             \
        shmem_long_atomic_inc(&turn, 0);                                                           \
    }                                                                                              \
    /* PE 0: let step go, once the one before is done. */                                          \
    static void release_##TYPENAME(long base, int step) {                                          \
        shmem_long_wait_until(&turn, SHMEM_CMP_EQ, base + 2 * step);                               \
        shmem_long_atomic_inc(&turn, 0);                                                           \
        if (npes == 1) {                                                                           \
            set_##TYPENAME(base, step);                                                            \
        }                                                                                          \
    }                                                                                              \
    static void watch_##TYPENAME(long base) {                                                      \
        volatile TYPE* vars = TYPENAME##_variables;                                                \
        const int skip_first[VARIABLES] = {1, 0, 0, 0};                                            \
        const int all_masked[VARIABLES] = {1, 1, 1, 1};                                            \
        const TYPE twos[VARIABLES] = {2, 2, 2, 2};                                                 \
        const TYPE finals[VARIABLES] = {2, 4, 1, 3};                                               \
        size_t indices[VARIABLES];                                                                 \
        if (shmem_##TYPENAME##_test_any(vars, VARIABLES, NULL, SHMEM_CMP_NE, 0) != SIZE_MAX ||     \
            shmem_##TYPENAME##_test_some(vars, VARIABLES, indices, NULL, SHMEM_CMP_GT, 0) != 0 ||  \
            shmem_##TYPENAME##_test_all(vars, VARIABLES, NULL, SHMEM_CMP_GT, 0) != 0 ||            \
            shmem_##TYPENAME##_test_any_vector(vars, VARIABLES, NULL, SHMEM_CMP_EQ, twos) !=       \
                SIZE_MAX) {                                                                        \
            fail(#TYPENAME " tests before any store", 0);                                          \
        }                                                                                          \
        release_##TYPENAME(base, 0);                                                               \
        if (shmem_##TYPENAME##_wait_until_any(vars, VARIABLES, NULL, SHMEM_CMP_EQ, 1) != 2) {      \
            fail(#TYPENAME " wait_until_any", 0);                                                  \
        }                                                                                          \
        release_##TYPENAME(base, 1);                                                               \
        const size_t some = shmem_##TYPENAME##_wait_until_some(vars, VARIABLES, indices,           \
                                                               skip_first, SHMEM_CMP_NE, 0);       \
        if (some != 1 || indices[0] != 2) {                                                        \
            fail(#TYPENAME " wait_until_some with a mask", (long)some);                            \
        }                                                                                          \
        if (shmem_##TYPENAME##_wait_until_any_vector(vars, VARIABLES, NULL, SHMEM_CMP_EQ, twos) != \
            0) {                                                                                   \
            fail(#TYPENAME " wait_until_any_vector", 0);                                           \
        }                                                                                          \
        release_##TYPENAME(base, 2);                                                               \
        release_##TYPENAME(base, 3);                                                               \
        shmem_##TYPENAME##_wait_until_all_vector(vars, VARIABLES, NULL, SHMEM_CMP_EQ, finals);     \
        shmem_##TYPENAME##_wait_until_all(vars, VARIABLES, NULL, SHMEM_CMP_GE, 1);                 \
        const size_t greater = shmem_##TYPENAME##_wait_until_some_vector(                          \
            vars, VARIABLES, indices, NULL, SHMEM_CMP_GT, twos);                                   \
        if (greater != 2 || indices[0] != 1 || indices[1] != 3) {                                  \
            fail(#TYPENAME " wait_until_some_vector", (long)greater);                              \
        }                                                                                          \
        if (shmem_##TYPENAME##_test_all(vars, VARIABLES, NULL, SHMEM_CMP_LE, 4) != 1 ||            \
            shmem_##TYPENAME##_test_all_vector(vars, VARIABLES, NULL, SHMEM_CMP_LT, twos) != 0 ||  \
            shmem_##TYPENAME##_test_any(vars, VARIABLES, skip_first, SHMEM_CMP_EQ, 2) !=           \
                SIZE_MAX ||                                                                        \
            shmem_##TYPENAME##_test_some_vector(vars, VARIABLES, indices, NULL, SHMEM_CMP_LT,      \
                                                twos) != 1 ||                                      \
            indices[0] != 2 || shmem_##TYPENAME##_test(&vars[1], SHMEM_CMP_EQ, 4) != 1) {          \
            fail(#TYPENAME " tests once all are set", 0);                                          \
        }                                                                                          \
        if (shmem_##TYPENAME##_wait_until_any(vars, VARIABLES, all_masked, SHMEM_CMP_EQ, 9) !=     \
                SIZE_MAX ||                                                                        \
            shmem_##TYPENAME##_wait_until_some(vars, VARIABLES, indices, all_masked, SHMEM_CMP_EQ, \
                                               9) != 0 ||                                          \
            shmem_##TYPENAME##_test_all(vars, 0, NULL, SHMEM_CMP_EQ, 9) != 1) {                    \
            fail(#TYPENAME " with every variable masked", 0);                                      \
        }                                                                                          \
        shmem_##TYPENAME##_wait_until_all(vars, VARIABLES, all_masked, SHMEM_CMP_EQ, 9);           \
        shmem_long_wait_until(&turn, SHMEM_CMP_EQ, base + 2 * VARIABLES);                          \
    }                                                                                              \
    static void test_##TYPENAME(long* steps_before) {                                              \
        const long base = *steps_before * 2;                                                       \
        if (me == 0) {                                                                             \
            watch_##TYPENAME(base);                                                                \
        } else {                                                                                   \
            for (int step = 0; step < VARIABLES; ++step) {                                         \
                if (setter_of(*steps_before + step) == me) {                                       \
                    set_##TYPENAME(base, step);                                                    \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
        *steps_before += VARIABLES;                                                                \
    }
SHMEM_FOR_EACH_WAIT_TYPE(DEFINE_TEST)

/* The generic names on long flags, which the last PE sets. */
static long flags[2];

static void test_generic(void) {
    if (me == 0) {
        size_t index[2];
        const long ones[2] = {1, 1};
        if (npes == 1) {
            flags[0] = 1;
            flags[1] = 1;
        }
        shmem_wait_until_all(flags, 2, NULL, SHMEM_CMP_EQ, 1L);
        if (shmem_wait_until_any(flags, 2, NULL, SHMEM_CMP_EQ, 1L) != 0 ||
            shmem_wait_until_some(flags, 2, index, NULL, SHMEM_CMP_EQ, 1L) != 2 ||
            shmem_test_all(flags, 2, NULL, SHMEM_CMP_EQ, 1L) != 1 ||
            shmem_test_any(flags, 2, NULL, SHMEM_CMP_EQ, 2L) != SIZE_MAX ||
            shmem_test_some(flags, 2, index, NULL, SHMEM_CMP_NE, 0L) != 2 ||
            shmem_test_all_vector(flags, 2, NULL, SHMEM_CMP_EQ, ones) != 1 ||
            shmem_test_any_vector(flags, 2, NULL, SHMEM_CMP_EQ, ones) != 0 ||
            shmem_test_some_vector(flags, 2, index, NULL, SHMEM_CMP_EQ, ones) != 2 ||
            shmem_wait_until_some_vector(flags, 2, index, NULL, SHMEM_CMP_EQ, ones) != 2 ||
            shmem_wait_until_any_vector(flags, 2, NULL, SHMEM_CMP_EQ, ones) != 0) {
            fail("generic names", 0);
        }
        shmem_wait_until_all_vector(flags, 2, NULL, SHMEM_CMP_EQ, ones);
    } else if (me == npes - 1) {
        shmem_long_atomic_set(&flags[1], 1, 0);
        shmem_long_atomic_set(&flags[0], 1, 0);
    }
}

int main(void) {
    start_test();
    long steps = 0;
#define RUN_TEST(TYPENAME, TYPE) test_##TYPENAME(&steps);
    SHMEM_FOR_EACH_WAIT_TYPE(RUN_TEST)
    test_generic();
    shmem_barrier_all();
    return finish_test("wait_test");
}
