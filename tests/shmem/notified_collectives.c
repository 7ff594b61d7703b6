/* The OpenSHMEM reductions and collects over all PEs under each collective algorithm of xbrtime
 * (xbrtime_set_collective_algorithm: automatic, barrier stages, notified), and on a strided
 * team, which keeps the ordered algorithm: int, long and double sums, products, min and max
 * (and int's bitwise ones) of 1, 7 and 100 elements, in place too; fcollect; collect with
 * pieces of 0-2 elements, some PEs contributing none. The values keep double sums and products
 * exact, so every algorithm must give the exact result.
 *
 * usage: notified_collectives.elf */
#include "shmem_test.h"

#include <shmem.h>
#include <stdint.h>
#include <xbrtime.h>

#define MAX_N 100
#define MAX_PES 64

static int int_source[MAX_N], int_dest[MAX_N];
static long long_source[MAX_N], long_dest[MAX_N];
static double double_source[MAX_N], double_dest[MAX_N];
static long collected[MAX_PES * 2 + 2];
static long pieces[2];

static int value(int pe, int i) {
    return (pe * 7 + i * 3) % 11 - 5;
}

static int int_expected(const char* op, int i) {
    int result = value(0, i);
    for (int pe = 1; pe < npes; ++pe) {
        const int v = value(pe, i);
        if (op[0] == 's') {
            result += v;
        } else if (op[0] == 'p') {
            result = (pe % 4 == 0) ? result * v : result;
        } else if (op[1] == 'i') {
            result = v < result ? v : result;
        } else if (op[1] == 'a') {
            result = v > result ? v : result;
        } else if (op[0] == 'a') {
            result &= v;
        } else if (op[0] == 'o') {
            result |= v;
        } else {
            result ^= v;
        }
    }
    return result;
}

/* Products multiply only every fourth PE's value (the others contribute 1), to stay small. */
static int contribution(const char* op, int pe, int i) {
    if (op[0] == 'p' && pe % 4 != 0) {
        return 1;
    }
    return value(pe, i);
}

static void fill(const char* op) {
    for (int i = 0; i < MAX_N; ++i) {
        int_source[i] = contribution(op, me, i);
        long_source[i] = contribution(op, me, i) * 1000003L;
        double_source[i] = contribution(op, me, i) * 0.5;
    }
}

static void check_reductions(const char* op, const char* where, int n, int in_place) {
    for (int i = 0; i < n; ++i) {
        const int expected = int_expected(op, i);
        const int* ints = in_place ? int_source : int_dest;
        if (ints[i] != expected) {
            report_failure("%s int %s n %d at %d: %d, not %d", where, op, n, i, ints[i], expected);
        }
        /* Only sums, min and max scale with the factor; the products' factor is a power. */
        if (op[0] == 'p' || op[0] == 'a' || op[0] == 'o' || op[0] == 'x') {
            continue;
        }
        const long* longs = in_place ? long_source : long_dest;
        if (longs[i] != expected * 1000003L) {
            report_failure("%s long %s n %d at %d: %ld", where, op, n, i, longs[i]);
        }
        const double* doubles = in_place ? double_source : double_dest;
        if (doubles[i] != expected * 0.5) {
            report_failure("%s double %s n %d at %d: %g", where, op, n, i, doubles[i]);
        }
    }
}

#define REDUCE_ALL(team, op, n, in_place)                                                          \
    do {                                                                                           \
        fill(#op);                                                                                 \
        shmem_int_##op##_reduce(team, in_place ? int_source : int_dest, int_source, n);            \
        shmem_long_##op##_reduce(team, in_place ? long_source : long_dest, long_source, n);        \
        shmem_double_##op##_reduce(team, in_place ? double_source : double_dest, double_source,    \
                                   n);                                                             \
    } while (0)

static void test_team_reductions(shmem_team_t team, const char* where, int n, int in_place) {
    REDUCE_ALL(team, sum, n, in_place);
    check_reductions("sum", where, n, in_place);
    REDUCE_ALL(team, min, n, in_place);
    check_reductions("min", where, n, in_place);
    REDUCE_ALL(team, max, n, in_place);
    check_reductions("max", where, n, in_place);
    REDUCE_ALL(team, prod, n, in_place);
    check_reductions("prod", where, n, in_place);
    fill("and");
    shmem_int32_and_reduce(team, (int32_t*)int_dest, (const int32_t*)int_source, n);
    check_reductions("and", where, n, 0);
    shmem_int32_or_reduce(team, (int32_t*)int_dest, (const int32_t*)int_source, n);
    check_reductions("or", where, n, 0);
    shmem_int32_xor_reduce(team, (int32_t*)int_dest, (const int32_t*)int_source, n);
    check_reductions("xor", where, n, 0);
}

static void test_collects(const char* where) {
    for (int i = 0; i < 2; ++i) {
        pieces[i] = me * 10L + i;
    }
    for (size_t i = 0; i < sizeof collected / sizeof collected[0]; ++i) {
        collected[i] = -1;
    }
    shmem_long_fcollect(SHMEM_TEAM_WORLD, collected, pieces, 2);
    for (int pe = 0; pe < npes; ++pe) {
        for (int i = 0; i < 2; ++i) {
            if (collected[2 * pe + i] != pe * 10L + i) {
                report_failure("%s fcollect PE %d element %d: %ld", where, pe, i,
                               collected[2 * pe + i]);
            }
        }
    }
    if (collected[2 * npes] != -1) {
        report_failure("%s fcollect wrote past its end", where);
    }
    /* PE p contributes p % 3 elements. */
    for (size_t i = 0; i < sizeof collected / sizeof collected[0]; ++i) {
        collected[i] = -1;
    }
    shmem_long_collect(SHMEM_TEAM_WORLD, collected, pieces, (size_t)(me % 3));
    int at = 0;
    for (int pe = 0; pe < npes; ++pe) {
        for (int i = 0; i < pe % 3; ++i, ++at) {
            if (collected[at] != pe * 10L + i) {
                report_failure("%s collect PE %d element %d: %ld", where, pe, i, collected[at]);
            }
        }
    }
    if (collected[at] != -1) {
        report_failure("%s collect wrote past its end", where);
    }
}

int main(void) {
    start_test();
    if (too_many_pes(MAX_PES)) {
        shmem_finalize();
        return 1;
    }
    static const enum xbrtime_collective_algorithm algorithms[] = {
        XBRTIME_COLLECTIVES_AUTOMATIC, XBRTIME_COLLECTIVES_BARRIER_STAGES,
        XBRTIME_COLLECTIVES_NOTIFIED};
    static const char* const names[] = {"automatic", "barrier stages", "notified"};
    static const int sizes[] = {1, 7, MAX_N};
    /* The even PEs: a strided team, which keeps the ordered reduction. */
    shmem_team_t evens = SHMEM_TEAM_INVALID;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, NULL, 0, &evens);
    for (int a = 0; a < 3; ++a) {
        xbrtime_set_collective_algorithm(algorithms[a]);
        for (int s = 0; s < 3; ++s) {
            test_team_reductions(SHMEM_TEAM_WORLD, names[a], sizes[s], 0);
            test_team_reductions(SHMEM_TEAM_WORLD, names[a], sizes[s], 1);
        }
        test_collects(names[a]);
        if (evens != SHMEM_TEAM_INVALID) {
            int mine = me, total = 0;
            shmem_int_sum_reduce(evens, &total, &mine, 1);
            const int half = (npes + 1) / 2;
            if (total != half * (half - 1)) {
                report_failure("%s sum over the even PEs: %d", names[a], total);
            }
        }
        shmem_barrier_all();
    }
    return finish_test("notified_collectives");
}
