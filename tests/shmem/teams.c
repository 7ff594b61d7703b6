/* Teams: SHMEM_TEAM_WORLD and SHMEM_TEAM_SHARED; strided splits with positive, negative and
 * zero strides, of the world and of a team; refused triplets; 2D splits, one with more columns
 * than PEs; PE translation between teams, the configuration, shmem_team_sync and its C11 name
 * shmem_sync(team) (each member adds to a counter on member 0 first), shmem_team_ptr; and team
 * slots, all taken and then given back by shmem_team_destroy. Each PE checks what it sees against
 * the arithmetic of the PE numbers. */
#include "shmem_test.h"

#include <shmem.h>

/* More splits than a PE can hold teams at once. */
#define SPLITS 80

static long arrivals;

static int team_failed(shmem_team_t team, int start, int stride, int size) {
    const int index = stride == 0 ? 0 : (me - start) / stride;
    const int member =
        stride == 0 ? me == start : (me - start) % stride == 0 && index >= 0 && index < size;
    if (!member) {
        return team != SHMEM_TEAM_INVALID;
    }
    if (team == SHMEM_TEAM_INVALID || shmem_team_my_pe(team) != index ||
        shmem_team_n_pes(team) != size) {
        return 1;
    }
    for (int k = 0; k < size; ++k) {
        if (shmem_team_translate_pe(team, k, SHMEM_TEAM_WORLD) != start + k * stride ||
            shmem_team_translate_pe(SHMEM_TEAM_WORLD, start + k * stride, team) != k) {
            return 1;
        }
    }
    return shmem_team_translate_pe(team, size, SHMEM_TEAM_WORLD) != -1 ||
           shmem_team_translate_pe(team, -1, SHMEM_TEAM_WORLD) != -1;
}

/* The members add 1 each to member 0's counter, then sync: member 0 must see them all. The
 * checked sync is shmem_team_sync or, with generic, its C11 name shmem_sync(team). */
static void check_team_sync(shmem_team_t team, int generic, const char* what) {
    const int first = shmem_team_translate_pe(team, 0, SHMEM_TEAM_WORLD);
    const long before = shmem_long_atomic_fetch(&arrivals, first);
    shmem_team_sync(team);
    shmem_long_atomic_inc(&arrivals, first);
    if ((generic ? shmem_sync(team) : shmem_team_sync(team)) != 0) {
        fail(what, 0);
    }
    if (me == first && arrivals != before + shmem_team_n_pes(team)) {
        report_failure("%s: team_sync let member 0 on with %ld of %d", what, arrivals - before,
                       shmem_team_n_pes(team));
    }
    shmem_team_sync(team);
}

static void test_predefined(void) {
    static int object;
    if (team_failed(SHMEM_TEAM_WORLD, 0, 1, npes)) {
        fail("SHMEM_TEAM_WORLD", 0);
    }
    if (shmem_team_my_pe(SHMEM_TEAM_SHARED) != 0 || shmem_team_n_pes(SHMEM_TEAM_SHARED) != 1 ||
        shmem_team_translate_pe(SHMEM_TEAM_SHARED, 0, SHMEM_TEAM_WORLD) != me) {
        fail("SHMEM_TEAM_SHARED is this PE", 0);
    }
    if (shmem_team_my_pe(SHMEM_TEAM_INVALID) != -1 || shmem_team_n_pes(SHMEM_TEAM_INVALID) != -1 ||
        shmem_team_sync(SHMEM_TEAM_INVALID) == 0 ||
        shmem_team_translate_pe(SHMEM_TEAM_INVALID, 0, SHMEM_TEAM_WORLD) != -1) {
        fail("SHMEM_TEAM_INVALID", 0);
    }
    if (shmem_team_ptr(SHMEM_TEAM_WORLD, &object, me) != &object ||
        shmem_team_ptr(SHMEM_TEAM_SHARED, &object, 0) != &object ||
        (npes > 1 && shmem_team_ptr(SHMEM_TEAM_WORLD, &object, (me + 1) % npes) != NULL)) {
        fail("shmem_team_ptr", 0);
    }
    shmem_team_config_t config = {.num_contexts = -7};
    if (shmem_team_get_config(SHMEM_TEAM_WORLD, SHMEM_TEAM_NUM_CONTEXTS, &config) != 0 ||
        config.num_contexts != 0) {
        fail("world configuration", config.num_contexts);
    }
    check_team_sync(SHMEM_TEAM_WORLD, 0, "world sync");
    check_team_sync(SHMEM_TEAM_WORLD, 1, "world sync by the C11 name shmem_sync(team)");
}

static void test_strided(int start, int stride, int size, const char* what) {
    shmem_team_t team = SHMEM_TEAM_INVALID;
    const shmem_team_config_t config = {.num_contexts = 3};
    if (shmem_team_split_strided(SHMEM_TEAM_WORLD, start, stride, size, &config,
                                 SHMEM_TEAM_NUM_CONTEXTS, &team) != 0) {
        report_failure("%s: split refused", what);
        return;
    }
    if (team_failed(team, start, stride, size)) {
        report_failure("%s: membership or translation", what);
    }
    if (team != SHMEM_TEAM_INVALID) {
        shmem_team_config_t seen = {0};
        if (shmem_team_get_config(team, SHMEM_TEAM_NUM_CONTEXTS, &seen) != 0 ||
            seen.num_contexts != 3) {
            report_failure("%s: num_contexts %d", what, seen.num_contexts);
        }
        check_team_sync(team, 0, what);
        shmem_team_destroy(team);
    }
}

static void test_refused(int start, int stride, int size) {
    shmem_team_t team = SHMEM_TEAM_WORLD;
    if (shmem_team_split_strided(SHMEM_TEAM_WORLD, start, stride, size, NULL, 0, &team) == 0 ||
        team != SHMEM_TEAM_INVALID) {
        report_failure("triplet (%d, %d, %d) accepted", start, stride, size);
    }
}

/* The odd PEs, and every other one of those: world PEs 1, 5, 9, ... */
static void test_nested(void) {
    shmem_team_t odd = SHMEM_TEAM_INVALID;
    shmem_team_t quarter = SHMEM_TEAM_INVALID;
    const int odd_count = npes / 2;
    if (odd_count == 0) {
        return;
    }
    if (shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, odd_count, NULL, 0, &odd) != 0) {
        fail("odd split", 0);
    }
    if (odd != SHMEM_TEAM_INVALID) {
        if (shmem_team_split_strided(odd, 0, 2, (odd_count + 1) / 2, NULL, 0, &quarter) != 0 ||
            team_failed(quarter, 1, 4, (odd_count + 1) / 2)) {
            fail("a split of the odd team", 0);
        }
        if (quarter != SHMEM_TEAM_INVALID && (shmem_team_translate_pe(quarter, 0, odd) != 0 ||
                                              shmem_team_translate_pe(odd, 1, quarter) != -1)) {
            fail("translation between the odd team and its split", 0);
        }
        if (quarter != SHMEM_TEAM_INVALID) {
            check_team_sync(quarter, 1, "nested team sync");
            shmem_team_destroy(quarter);
        }
        shmem_team_destroy(odd);
    } else if (me % 2 == 1) {
        fail("odd PE left out", 0);
    }
}

static void test_2d(int xrange) {
    shmem_team_t x_team = SHMEM_TEAM_INVALID;
    shmem_team_t y_team = SHMEM_TEAM_INVALID;
    const shmem_team_config_t config = {.num_contexts = 2};
    if (shmem_team_split_2d(SHMEM_TEAM_WORLD, xrange, &config, SHMEM_TEAM_NUM_CONTEXTS, &x_team,
                            NULL, 0, &y_team) != 0) {
        fail("2D split refused", xrange);
        return;
    }
    const int columns = xrange < npes ? xrange : npes;
    const int x = me % columns;
    const int row_start = me - x;
    const int row_size = npes - row_start < columns ? npes - row_start : columns;
    const int column_size = (npes - x + columns - 1) / columns;
    if (team_failed(x_team, row_start, 1, row_size) || shmem_team_my_pe(x_team) != x) {
        fail("2D x-axis team", xrange);
    }
    if (team_failed(y_team, x, columns, column_size) || shmem_team_my_pe(y_team) != me / columns) {
        fail("2D y-axis team", xrange);
    }
    shmem_team_config_t seen = {0};
    shmem_team_get_config(x_team, SHMEM_TEAM_NUM_CONTEXTS, &seen);
    if (seen.num_contexts != 2) {
        fail("2D x-axis configuration", seen.num_contexts);
    }
    check_team_sync(x_team, 0, "2D x-axis sync");
    check_team_sync(y_team, 1, "2D y-axis sync");
    shmem_team_destroy(x_team);
    shmem_team_destroy(y_team);
    if (shmem_team_split_2d(SHMEM_TEAM_WORLD, 0, NULL, 0, &x_team, NULL, 0, &y_team) == 0 ||
        x_team != SHMEM_TEAM_INVALID || y_team != SHMEM_TEAM_INVALID) {
        fail("2D split with xrange 0 accepted", 0);
    }
}

/* All team slots taken by teams of every PE: the next split fails on every PE, and once the
 * teams are destroyed, many more splits succeed in turn. */
static void test_slots(void) {
    static shmem_team_t teams[SPLITS];
    int created = 0;
    while (created < SPLITS &&
           shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0, &teams[created]) == 0) {
        ++created;
    }
    if (created == SPLITS || created < 32 || teams[created] != SHMEM_TEAM_INVALID) {
        fail("splits before the slots ran out", created);
    }
    for (int i = 0; i < created; ++i) {
        if (shmem_team_my_pe(teams[i]) != me) {
            fail("team while slots ran out", i);
        }
        shmem_team_destroy(teams[i]);
    }
    for (int i = 0; i < SPLITS; ++i) {
        shmem_team_t team = SHMEM_TEAM_INVALID;
        if (shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0, &team) != 0) {
            fail("split after destroy", i);
            break;
        }
        shmem_team_destroy(team);
    }
}

int main(void) {
    start_test();
    test_predefined();
    test_strided(0, 2, (npes + 1) / 2, "even PEs");
    test_strided(npes - 1, -1, npes, "reversed world");
    test_strided(npes / 2, 0, 1, "one PE by stride 0");
    test_strided(npes - 1, 1, 1, "the last PE");
    test_refused(0, 1, 0);
    test_refused(npes, 1, 1);
    test_refused(0, 1, npes + 1);
    test_refused(npes - 1, 1, 2);
    test_refused(0, -1, 2);
    test_refused(0, 0, 2);
    test_nested();
    test_2d(3);
    test_2d(npes + 2);
    test_slots();
    return finish_test("teams");
}
