/* Every team reduction TYPE_OP_reduce, complex types included, on SHMEM_TEAM_WORLD and on the
 * columns of a 2D split with two columns (the even and the odd PEs, at once), out of place and
 * in place, for 1 and 7 elements and, for a few types, 300 (more than one chunk of the
 * library's private buffer); also the C11 generic names. Each PE computes the expected result
 * itself, combining the members' values in member order as the routines promise, so floating
 * and complex results must match bit for bit. */
#include "reduction_test.h"
#include "shmem_test.h"

#include <shmem.h>
#include <string.h>

#define MAX_N 300
#define GUARD 2

static void fail_reduction(const char* routine, const char* team_name, int in_place, size_t n,
                           size_t index) {
    report_failure("%s on %s%s n=%zu at element %zu", routine, team_name,
                   in_place ? " in place" : "", n, index);
}

/* One reduction on team; values are those of the members' world PEs. */
#define DEFINE_TEST(TYPENAME, TYPE, OP, COMBINE, VALUE_OF)                                         \
    static TYPE TYPENAME##_##OP##_source[MAX_N + GUARD];                                           \
    static TYPE TYPENAME##_##OP##_dest[MAX_N + GUARD];                                             \
    static void test_##TYPENAME##_##OP(shmem_team_t team, const char* team_name, int in_place,     \
                                       size_t n) {                                                 \
        TYPE* source = TYPENAME##_##OP##_source;                                                   \
        TYPE* dest = in_place ? source : TYPENAME##_##OP##_dest;                                   \
        for (size_t i = 0; i < MAX_N + GUARD; ++i) {                                               \
            source[i] = VALUE_OF(TYPE, me, i);                                                     \
            TYPENAME##_##OP##_dest[i] = (TYPE)77;                                                  \
        }                                                                                          \
        if (shmem_##TYPENAME##_##OP##_reduce(team, dest, source, n) != 0) {                        \
            fail_reduction("shmem_" #TYPENAME "_" #OP "_reduce returned", team_name, in_place, n,  \
                           0);                                                                     \
        }                                                                                          \
        const int size = shmem_team_n_pes(team);                                                   \
        for (size_t i = 0; i < n + GUARD; ++i) {                                                   \
            TYPE expected = VALUE_OF(TYPE, shmem_team_translate_pe(team, 0, SHMEM_TEAM_WORLD), i); \
            for (int k = 1; k < size; ++k) {                                                       \
                expected = COMBINE(                                                                \
                    TYPE, expected,                                                                \
                    VALUE_OF(TYPE, shmem_team_translate_pe(team, k, SHMEM_TEAM_WORLD), i));        \
            }                                                                                      \
            if (i >= n) {                                                                          \
                expected = in_place ? VALUE_OF(TYPE, me, i) : (TYPE)77;                            \
            }                                                                                      \
            if (memcmp(&dest[i], &expected, sizeof expected) != 0) {                               \
                fail_reduction("shmem_" #TYPENAME "_" #OP "_reduce", team_name, in_place, n, i);   \
                break;                                                                             \
            }                                                                                      \
        }                                                                                          \
    }

#define DEFINE_ARITHMETIC_TESTS(TYPENAME, TYPE)                                                    \
    FOR_EACH_ORDERED_INTEGER_OPERATION(DEFINE_TEST, TYPENAME, TYPE)
#define DEFINE_BITWISE_TESTS(TYPENAME, TYPE) FOR_EACH_INTEGER_OPERATION(DEFINE_TEST, TYPENAME, TYPE)
#define DEFINE_FLOATING_TESTS(TYPENAME, TYPE)                                                      \
    FOR_EACH_FLOATING_OPERATION(DEFINE_TEST, TYPENAME, TYPE)
#define DEFINE_COMPLEX_TESTS(TYPENAME, TYPE) FOR_EACH_COMPLEX_OPERATION(DEFINE_TEST, TYPENAME, TYPE)
SHMEM_FOR_EACH_TEAM_BITWISE_REDUCTION_TYPE(DEFINE_BITWISE_TESTS)
SHMEM_FOR_EACH_TEAM_ARITHMETIC_REDUCTION_TYPE(DEFINE_ARITHMETIC_TESTS)
SHMEM_FOR_EACH_FLOATING_REDUCTION_TYPE(DEFINE_FLOATING_TESTS)
SHMEM_FOR_EACH_COMPLEX_REDUCTION_TYPE(DEFINE_COMPLEX_TESTS)

#define RUN(TYPENAME, TYPE, OP, COMBINE, VALUE_OF)                                                 \
    test_##TYPENAME##_##OP(team, team_name, in_place, n);
#define RUN_ARITHMETIC(TYPENAME, TYPE) FOR_EACH_ORDERED_INTEGER_OPERATION(RUN, TYPENAME, TYPE)
#define RUN_BITWISE(TYPENAME, TYPE) FOR_EACH_INTEGER_OPERATION(RUN, TYPENAME, TYPE)
#define RUN_FLOATING(TYPENAME, TYPE) FOR_EACH_FLOATING_OPERATION(RUN, TYPENAME, TYPE)
#define RUN_COMPLEX(TYPENAME, TYPE) FOR_EACH_COMPLEX_OPERATION(RUN, TYPENAME, TYPE)

static void test_team(shmem_team_t team, const char* team_name) {
    for (int in_place = 0; in_place < 2; ++in_place) {
        static const size_t sizes[] = {1, 7};
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
            const size_t n = sizes[s];
            SHMEM_FOR_EACH_TEAM_BITWISE_REDUCTION_TYPE(RUN_BITWISE)
            SHMEM_FOR_EACH_TEAM_ARITHMETIC_REDUCTION_TYPE(RUN_ARITHMETIC)
            SHMEM_FOR_EACH_FLOATING_REDUCTION_TYPE(RUN_FLOATING)
            SHMEM_FOR_EACH_COMPLEX_REDUCTION_TYPE(RUN_COMPLEX)
        }
        const size_t n = MAX_N;
        RUN(uint8, uint8_t, xor, XOR, VALUE)
        RUN(long, long, sum, WRAPPING_SUM, VALUE)
        RUN(double, double, prod, PLAIN_PROD, FLOAT_VALUE)
        RUN(longdouble, long double, min, MIN, FLOAT_VALUE)
        RUN(complexd, double _Complex, prod, PLAIN_PROD, COMPLEX_VALUE)
    }
}

/* The generic names reach the routine of the argument's type. */
static void test_generic(void) {
    static int ints[2];
    static int ints_and[2];
    static float floats[1];
    static float floats_max[1];
    static double _Complex complexes[1];
    static double _Complex complexes_sum[1];
    ints[0] = me == 0 ? 6 : 7;
    ints[1] = ~(1 << me);
    floats[0] = (float)me / 4.0f;
    complexes[0] = 1.0 + me * I;
    shmem_and_reduce(SHMEM_TEAM_WORLD, ints_and, ints, 2);
    shmem_max_reduce(SHMEM_TEAM_WORLD, floats_max, floats, 1);
    shmem_sum_reduce(SHMEM_TEAM_WORLD, complexes_sum, complexes, 1);
    const int low_bits = npes < 31 ? (1 << npes) - 1 : -1;
    if (ints_and[0] != 6 || ints_and[1] != ~low_bits || floats_max[0] != (float)(npes - 1) / 4.0f ||
        complexes_sum[0] != npes + (npes * (npes - 1) / 2) * I) {
        fail("generic reductions", 0);
    }
}

int main(void) {
    start_test();
    test_team(SHMEM_TEAM_WORLD, "world");
    shmem_team_t row = SHMEM_TEAM_INVALID;
    shmem_team_t column = SHMEM_TEAM_INVALID;
    if (shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, NULL, 0, &row, NULL, 0, &column) != 0) {
        fail("2D split", 0);
    } else {
        test_team(column, me % 2 == 0 ? "even PEs" : "odd PEs");
        shmem_team_destroy(row);
        shmem_team_destroy(column);
    }
    test_generic();
    return finish_test("team_reductions");
}
