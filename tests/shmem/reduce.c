/* Every TYPE_OP_to_all (complex ones included), on all PEs and on the even and the odd PEs at once
 * (strided sets with their own pSync), out of place and in place, for 1, 7 and 1100 elements (with
 * the argument "quick": 1 and 7). Each PE computes the expected result itself, combining the
 * members' values in member order as the routines promise, so floating results must match bit for
 * bit. */
#include "reduction_test.h"
#include "shmem_test.h"

#include <shmem.h>
#include <string.h>

#define MAX_N 1100
#define GUARD 2

static int sizes[] = {1, 7, MAX_N};
static int size_count = 3;
static long pSync_all[SHMEM_REDUCE_SYNC_SIZE];
static long pSync_even[SHMEM_REDUCE_SYNC_SIZE];
static long pSync_odd[SHMEM_REDUCE_SYNC_SIZE];

static void fail_reduction(const char* routine, const char* how, int n, int index) {
    report_failure("%s %s n=%d at element %d", routine, how, n, index);
}

/* One reduction on the set (start, log_stride, size), which the caller belongs to. */
#define DEFINE_TEST(TYPENAME, TYPE, OP, COMBINE, VALUE_OF)                                         \
    static TYPE TYPENAME##_##OP##_source[MAX_N + GUARD];                                           \
    static TYPE TYPENAME##_##OP##_dest[MAX_N + GUARD];                                             \
    static TYPE TYPENAME##_##OP##_work[MAX_N / 2 + 1 + SHMEM_REDUCE_MIN_WRKDATA_SIZE];             \
    static void test_##TYPENAME##_##OP(int start, int log_stride, int size, long* pSync,           \
                                       int in_place, int n) {                                      \
        const char* routine = "shmem_" #TYPENAME "_" #OP "_to_all";                                \
        TYPE* source = TYPENAME##_##OP##_source;                                                   \
        TYPE* dest = in_place ? source : TYPENAME##_##OP##_dest;                                   \
        for (int i = 0; i < MAX_N + GUARD; ++i) {                                                  \
            source[i] = VALUE_OF(TYPE, me, i);                                                     \
            TYPENAME##_##OP##_dest[i] = (TYPE)77;                                                  \
        }                                                                                          \
        shmem_##TYPENAME##_##OP##_to_all(dest, source, n, start, log_stride, size,                 \
                                         TYPENAME##_##OP##_work, pSync);                           \
        for (int i = 0; i < n + GUARD; ++i) {                                                      \
            TYPE expected = VALUE_OF(TYPE, start, i);                                              \
            for (int k = 1; k < size; ++k) {                                                       \
                expected = COMBINE(TYPE, expected,                                                 \
                                   VALUE_OF(TYPE, set_member_pe(start, log_stride, k), i));        \
            }                                                                                      \
            if (i >= n) {                                                                          \
                expected = in_place ? VALUE_OF(TYPE, me, i) : (TYPE)77;                            \
            }                                                                                      \
            if (memcmp(&dest[i], &expected, sizeof expected) != 0) {                               \
                fail_reduction(routine, in_place ? "in place" : "", n, i);                         \
                break;                                                                             \
            }                                                                                      \
        }                                                                                          \
    }

#define DEFINE_INTEGER_TESTS(TYPENAME, TYPE) FOR_EACH_INTEGER_OPERATION(DEFINE_TEST, TYPENAME, TYPE)
#define DEFINE_FLOATING_TESTS(TYPENAME, TYPE)                                                      \
    FOR_EACH_FLOATING_OPERATION(DEFINE_TEST, TYPENAME, TYPE)
#define DEFINE_COMPLEX_TESTS(TYPENAME, TYPE) FOR_EACH_COMPLEX_OPERATION(DEFINE_TEST, TYPENAME, TYPE)
SHMEM_FOR_EACH_INTEGER_REDUCTION_TYPE(DEFINE_INTEGER_TESTS)
SHMEM_FOR_EACH_FLOATING_REDUCTION_TYPE(DEFINE_FLOATING_TESTS)
SHMEM_FOR_EACH_COMPLEX_REDUCTION_TYPE(DEFINE_COMPLEX_TESTS)

#define RUN(TYPENAME, TYPE, OP, COMBINE, VALUE_OF)                                                 \
    test_##TYPENAME##_##OP(start, log_stride, size, pSync, in_place, n);
#define RUN_INTEGER(TYPENAME, TYPE) FOR_EACH_INTEGER_OPERATION(RUN, TYPENAME, TYPE)
#define RUN_FLOATING(TYPENAME, TYPE) FOR_EACH_FLOATING_OPERATION(RUN, TYPENAME, TYPE)
#define RUN_COMPLEX(TYPENAME, TYPE) FOR_EACH_COMPLEX_OPERATION(RUN, TYPENAME, TYPE)

static void test_set(int start, int log_stride, int size, long* pSync) {
    for (int in_place = 0; in_place < 2; ++in_place) {
        for (int s = 0; s < size_count; ++s) {
            const int n = sizes[s];
            SHMEM_FOR_EACH_INTEGER_REDUCTION_TYPE(RUN_INTEGER)
            SHMEM_FOR_EACH_FLOATING_REDUCTION_TYPE(RUN_FLOATING)
            SHMEM_FOR_EACH_COMPLEX_REDUCTION_TYPE(RUN_COMPLEX)
        }
    }
}

static void check_psync(const long* pSync) {
    const int changed = changed_psync_word(pSync, SHMEM_REDUCE_SYNC_SIZE);
    if (changed >= 0) {
        fail_reduction("pSync", "not restored", 0, changed);
    }
}

int main(int argc, char** argv) {
    start_test();
    if (argc > 1 && strcmp(argv[argc - 1], "quick") == 0) {
        size_count = 2;
    }
    init_psync(pSync_all, SHMEM_REDUCE_SYNC_SIZE);
    init_psync(pSync_even, SHMEM_REDUCE_SYNC_SIZE);
    init_psync(pSync_odd, SHMEM_REDUCE_SYNC_SIZE);
    shmem_barrier_all();
    test_set(0, 0, npes, pSync_all);
    if (me % 2 == 0) {
        test_set(0, 1, (npes + 1) / 2, pSync_even);
    } else {
        test_set(1, 1, npes / 2, pSync_odd);
    }
    shmem_barrier_all();
    check_psync(pSync_all);
    check_psync(me % 2 == 0 ? pSync_even : pSync_odd);
    return finish_test("reduce");
}
