/* Contexts: creation with each option and refusal of unknown ones, the team of a context,
 * destruction; and every RMA routine and every atomic with a context made from the world in
 * reverse order (a team whose PE k is world PE npes - 1 - k), so that each must translate its
 * PE number. Each PE works the cells of its successor in that team, which receives from it
 * alone, then reads them back. The C11 generic names take the context first. */
#include "shmem_test.h"

#include <shmem.h>
#include <string.h>

#define CELLS 10

static shmem_ctx_t ctx;
static int target; /* the successor, in the reversed team's numbering */
static int sender; /* the world PE whose successor this PE is */
static int target_world;

#define VALUE(TYPE, pe, i) ((TYPE)((pe)*10 + (i) + 1))

/* put 3, p 1, iput 2 (every other cell), put_nbi 1 into the successor's cells; then the same
 * back through get, g, iget and get_nbi. */
#define DEFINE_RMA_TEST(TYPENAME, TYPE)                                                            \
    static TYPE TYPENAME##_cells[CELLS];                                                           \
    static void test_rma_##TYPENAME(void) {                                                        \
        TYPE mine[CELLS];                                                                          \
        TYPE back[CELLS];                                                                          \
        for (int i = 0; i < CELLS; ++i) {                                                          \
            mine[i] = VALUE(TYPE, me, i);                                                          \
        }                                                                                          \
        shmem_ctx_##TYPENAME##_put(ctx, TYPENAME##_cells, mine, 3, target);                        \
        shmem_ctx_##TYPENAME##_p(ctx, &TYPENAME##_cells[3], mine[3], target);                      \
        shmem_ctx_##TYPENAME##_iput(ctx, &TYPENAME##_cells[4], &mine[4], 2, 2, 2, target);         \
        shmem_ctx_##TYPENAME##_put_nbi(ctx, &TYPENAME##_cells[8], &mine[8], 2, target);            \
        shmem_ctx_quiet(ctx);                                                                      \
        shmem_barrier_all();                                                                       \
        for (int i = 0; i < CELLS; ++i) {                                                          \
            if (i != 5 && i != 7 && TYPENAME##_cells[i] != VALUE(TYPE, sender, i)) {               \
                report_failure("ctx put " #TYPENAME " cell %d", i);                                \
            }                                                                                      \
        }                                                                                          \
        memset(back, 0, sizeof back);                                                              \
        shmem_ctx_##TYPENAME##_get(ctx, back, TYPENAME##_cells, 3, target);                        \
        back[3] = shmem_ctx_##TYPENAME##_g(ctx, &TYPENAME##_cells[3], target);                     \
        shmem_ctx_##TYPENAME##_iget(ctx, &back[4], &TYPENAME##_cells[4], 2, 2, 2, target);         \
        shmem_ctx_##TYPENAME##_get_nbi(ctx, &back[8], &TYPENAME##_cells[8], 2, target);            \
        shmem_ctx_quiet(ctx);                                                                      \
        for (int i = 0; i < CELLS; ++i) {                                                          \
            if (i != 5 && i != 7 && back[i] != mine[i]) {                                          \
                report_failure("ctx get " #TYPENAME " cell %d", i);                                \
            }                                                                                      \
        }                                                                                          \
        shmem_barrier_all();                                                                       \
    }
SHMEM_FOR_EACH_RMA_TYPE(DEFINE_RMA_TEST)

/* The untyped forms, on bytes of one buffer. */
static _Alignas(16) unsigned char bytes[64];

static void test_untyped(void) {
    _Alignas(16) unsigned char mine[64];
    _Alignas(16) unsigned char back[64];
    for (int i = 0; i < 64; ++i) {
        mine[i] = (unsigned char)(me * 3 + i);
    }
    shmem_ctx_putmem(ctx, bytes, mine, 3, target);
    shmem_ctx_put8(ctx, &bytes[3], &mine[3], 1, target);
    shmem_ctx_put16(ctx, &bytes[4], &mine[4], 2, target);
    shmem_ctx_put32_nbi(ctx, &bytes[8], &mine[8], 2, target);
    shmem_ctx_put64(ctx, &bytes[16], &mine[16], 1, target);
    shmem_ctx_put128_nbi(ctx, &bytes[32], &mine[32], 1, target);
    shmem_ctx_putmem_nbi(ctx, &bytes[48], &mine[48], 16, target);
    shmem_ctx_iput32(ctx, &bytes[24], &mine[24], 1, 1, 2, target);
    shmem_ctx_fence(ctx);
    shmem_barrier_all();
    for (int i = 0; i < 64; ++i) {
        if (bytes[i] != (unsigned char)(sender * 3 + i)) {
            fail("ctx untyped put", i);
            break;
        }
    }
    memset(back, 0, sizeof back);
    shmem_ctx_getmem(ctx, back, bytes, 8, target);
    shmem_ctx_get8_nbi(ctx, &back[8], &bytes[8], 8, target);
    shmem_ctx_get16(ctx, &back[16], &bytes[16], 4, target);
    shmem_ctx_get32(ctx, &back[24], &bytes[24], 2, target);
    shmem_ctx_get64_nbi(ctx, &back[32], &bytes[32], 1, target);
    shmem_ctx_getmem_nbi(ctx, &back[40], &bytes[40], 8, target);
    shmem_ctx_get128(ctx, &back[48], &bytes[48], 1, target);
    shmem_ctx_iget64(ctx, &back[32], &bytes[32], 1, 1, 2, target);
    shmem_ctx_quiet(ctx);
    if (memcmp(back, mine, sizeof back) != 0) {
        fail("ctx untyped get", 0);
    }
    shmem_barrier_all();
}

/* Each PE works its successor's cell alone, so every returned value is known. */
#define DEFINE_ATOMIC_TEST(TYPENAME, TYPE)                                                         \
    static TYPE TYPENAME##_cell;                                                                   \
    static void test_atomic_##TYPENAME(void) {                                                     \
        TYPE* cell = &TYPENAME##_cell;                                                             \
        TYPE fetched = 0;                                                                          \
        shmem_ctx_##TYPENAME##_atomic_set(ctx, cell, (TYPE)7, target);                             \
        shmem_ctx_##TYPENAME##_atomic_swap_nbi(ctx, &fetched, cell, (TYPE)9, target);              \
        if (fetched != 7 ||                                                                        \
            shmem_ctx_##TYPENAME##_atomic_swap(ctx, cell, (TYPE)11, target) != 9 ||                \
            shmem_ctx_##TYPENAME##_atomic_compare_swap(ctx, cell, (TYPE)11, (TYPE)20, target) !=   \
                11 ||                                                                              \
            shmem_ctx_##TYPENAME##_atomic_fetch_inc(ctx, cell, target) != 20) {                    \
            fail(#TYPENAME " ctx swap, compare_swap, fetch_inc", 0);                               \
        }                                                                                          \
        shmem_ctx_##TYPENAME##_atomic_inc(ctx, cell, target);                                      \
        shmem_ctx_##TYPENAME##_atomic_add(ctx, cell, (TYPE)3, target);                             \
        shmem_ctx_##TYPENAME##_atomic_compare_swap_nbi(ctx, &fetched, cell, (TYPE)25, (TYPE)30,    \
                                                       target);                                    \
        if (fetched != 25 ||                                                                       \
            shmem_ctx_##TYPENAME##_atomic_fetch_add(ctx, cell, (TYPE)2, target) != 30) {           \
            fail(#TYPENAME " ctx inc, add, compare_swap_nbi", (long)fetched);                      \
        }                                                                                          \
        shmem_ctx_##TYPENAME##_atomic_fetch_inc_nbi(ctx, &fetched, cell, target);                  \
        if (fetched != 32) {                                                                       \
            fail(#TYPENAME " ctx fetch_inc_nbi", (long)fetched);                                   \
        }                                                                                          \
        shmem_ctx_##TYPENAME##_atomic_fetch_add_nbi(ctx, &fetched, cell, (TYPE)-3, target);        \
        shmem_ctx_##TYPENAME##_atomic_fetch_nbi(ctx, &fetched, cell, target);                      \
        shmem_ctx_quiet(ctx);                                                                      \
        if (fetched != 30 || shmem_ctx_##TYPENAME##_atomic_fetch(ctx, cell, target) != 30) {       \
            fail(#TYPENAME " ctx fetch_add_nbi, fetch_nbi", (long)fetched);                        \
        }                                                                                          \
        shmem_barrier_all();                                                                       \
        if (TYPENAME##_cell != 30) {                                                               \
            fail(#TYPENAME " ctx atomics left the cell at", (long)TYPENAME##_cell);                \
        }                                                                                          \
        shmem_barrier_all();                                                                       \
    }
SHMEM_FOR_EACH_ATOMIC_TYPE(DEFINE_ATOMIC_TEST)

#define DEFINE_BITWISE_TEST(TYPENAME, TYPE)                                                        \
    static TYPE TYPENAME##_bits;                                                                   \
    static void test_bitwise_##TYPENAME(void) {                                                    \
        TYPE* bits = &TYPENAME##_bits;                                                             \
        TYPE fetched = 0;                                                                          \
        shmem_ctx_##TYPENAME##_atomic_set(ctx, bits, (TYPE)0, target);                             \
        shmem_ctx_##TYPENAME##_atomic_or(ctx, bits, (TYPE)0xf0, target);                           \
        shmem_ctx_##TYPENAME##_atomic_and(ctx, bits, (TYPE)0x3c, target);                          \
        shmem_ctx_##TYPENAME##_atomic_xor(ctx, bits, (TYPE)0x11, target);                          \
        shmem_ctx_##TYPENAME##_atomic_fetch_or_nbi(ctx, &fetched, bits, (TYPE)0x100, target);      \
        if (fetched != 0x21 ||                                                                     \
            shmem_ctx_##TYPENAME##_atomic_fetch_and(ctx, bits, (TYPE)0x1ff, target) != 0x121 ||    \
            shmem_ctx_##TYPENAME##_atomic_fetch_xor(ctx, bits, (TYPE)0x1, target) != 0x121 ||      \
            shmem_ctx_##TYPENAME##_atomic_fetch_or(ctx, bits, (TYPE)0x2, target) != 0x120) {       \
            fail(#TYPENAME " ctx bitwise", (long)fetched);                                         \
        }                                                                                          \
        shmem_ctx_##TYPENAME##_atomic_fetch_and_nbi(ctx, &fetched, bits, (TYPE)0x3, target);       \
        TYPE after_and = 0;                                                                        \
        shmem_ctx_##TYPENAME##_atomic_fetch_xor_nbi(ctx, &after_and, bits, (TYPE)0x3, target);     \
        if (fetched != 0x122 || after_and != 0x2 ||                                                \
            shmem_ctx_##TYPENAME##_atomic_fetch(ctx, bits, target) != 0x1) {                       \
            fail(#TYPENAME " ctx bitwise nbi", (long)fetched);                                     \
        }                                                                                          \
        shmem_barrier_all();                                                                       \
    }
SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(DEFINE_BITWISE_TEST)

static float float_cell;
static double double_cell;

static void test_floating_atomics(void) {
    float fetched = 0.0f;
    shmem_ctx_float_atomic_set(ctx, &float_cell, 1.5f, target);
    shmem_ctx_float_atomic_swap_nbi(ctx, &fetched, &float_cell, 2.5f, target);
    shmem_ctx_double_atomic_set(ctx, &double_cell, -0.25, target);
    if (fetched != 1.5f || shmem_ctx_float_atomic_fetch(ctx, &float_cell, target) != 2.5f ||
        shmem_ctx_double_atomic_swap(ctx, &double_cell, 8.0, target) != -0.25) {
        fail("ctx float and double atomics", 0);
    }
    double seen = 0.0;
    shmem_ctx_double_atomic_fetch_nbi(ctx, &seen, &double_cell, target);
    if (seen != 8.0) {
        fail("ctx double fetch_nbi", 0);
    }
    shmem_barrier_all();
}

/* The generic names with the context first, and without. */
static long generic_cells[4];
static unsigned int generic_counter;

static void test_generic(void) {
    const long mine[2] = {me * 2L, me * 2L + 1};
    shmem_put(ctx, generic_cells, mine, 2, target);
    shmem_p(ctx, &generic_cells[2], 100L + me, target);
    shmem_atomic_add(ctx, &generic_counter, 5u, target);
    shmem_quiet();
    shmem_barrier_all();
    unsigned int fetched = 0;
    shmem_atomic_fetch_nbi(ctx, &fetched, &generic_counter, target);
    long back = shmem_g(ctx, &generic_cells[2], target);
    long pair[2] = {0, 0};
    shmem_get(ctx, pair, generic_cells, 2, target);
    if (generic_cells[0] != sender * 2L || generic_cells[1] != sender * 2L + 1 ||
        generic_cells[2] != 100L + sender || fetched != 5u || back != 100L + me ||
        pair[0] != mine[0] || pair[1] != mine[1] ||
        shmem_atomic_compare_swap(ctx, &generic_counter, 5u, 6u, target) != 5u ||
        shmem_atomic_fetch(SHMEM_CTX_DEFAULT, &generic_counter, target_world) != 6u ||
        shmem_atomic_fetch(&generic_counter, target_world) != 6u) {
        fail("generic names with a context", 0);
    }
    shmem_barrier_all();
}

static void test_management(shmem_team_t reversed) {
    shmem_team_t team = SHMEM_TEAM_INVALID;
    if (shmem_ctx_get_team(SHMEM_CTX_DEFAULT, &team) != 0 || team != SHMEM_TEAM_WORLD) {
        fail("the default context's team", 0);
    }
    if (shmem_ctx_get_team(ctx, &team) != 0 || team != reversed) {
        fail("the team of a context made from a team", 0);
    }
    if (shmem_ctx_get_team(SHMEM_CTX_INVALID, &team) == 0 || team != SHMEM_TEAM_INVALID) {
        fail("the team of SHMEM_CTX_INVALID", 0);
    }
    static const long options[] = {0, SHMEM_CTX_SERIALIZED, SHMEM_CTX_PRIVATE, SHMEM_CTX_NOSTORE,
                                   SHMEM_CTX_SERIALIZED | SHMEM_CTX_PRIVATE | SHMEM_CTX_NOSTORE};
    for (size_t i = 0; i < sizeof options / sizeof options[0]; ++i) {
        shmem_ctx_t made = SHMEM_CTX_INVALID;
        if (shmem_ctx_create(options[i], &made) != 0 || made == SHMEM_CTX_INVALID ||
            shmem_ctx_get_team(made, &team) != 0 || team != SHMEM_TEAM_WORLD) {
            fail("shmem_ctx_create with options", options[i]);
        }
        shmem_ctx_destroy(made);
    }
    shmem_ctx_t untouched = SHMEM_CTX_DEFAULT;
    if (shmem_ctx_create(1L << 20, &untouched) == 0 || untouched != SHMEM_CTX_DEFAULT) {
        fail("unknown context option accepted", 0);
    }
    if (shmem_team_create_ctx(SHMEM_TEAM_INVALID, 0, &untouched) == 0 ||
        untouched != SHMEM_CTX_INVALID) {
        fail("a context from SHMEM_TEAM_INVALID", 0);
    }
    shmem_ctx_destroy(SHMEM_CTX_INVALID);
}

int main(void) {
    start_test();
    shmem_team_t reversed = SHMEM_TEAM_INVALID;
    if (shmem_team_split_strided(SHMEM_TEAM_WORLD, npes - 1, -1, npes, NULL, 0, &reversed) != 0 ||
        shmem_team_create_ctx(reversed, SHMEM_CTX_PRIVATE, &ctx) != 0) {
        fail("a context from the reversed world", 0);
        return finish_test("contexts");
    }
    const int index = shmem_team_my_pe(reversed);
    target = (index + 1) % npes;
    target_world = npes - 1 - target;
    sender = npes - 1 - (index + npes - 1) % npes;
    test_management(reversed);
#define RUN_RMA_TEST(TYPENAME, TYPE) test_rma_##TYPENAME();
    SHMEM_FOR_EACH_RMA_TYPE(RUN_RMA_TEST)
    test_untyped();
#define RUN_ATOMIC_TEST(TYPENAME, TYPE) test_atomic_##TYPENAME();
    SHMEM_FOR_EACH_ATOMIC_TYPE(RUN_ATOMIC_TEST)
#define RUN_BITWISE_TEST(TYPENAME, TYPE) test_bitwise_##TYPENAME();
    SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(RUN_BITWISE_TEST)
    test_floating_atomics();
    test_generic();
    shmem_ctx_destroy(ctx);
    shmem_team_destroy(reversed);
    return finish_test("contexts");
}
