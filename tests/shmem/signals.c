/* Put with signal: for every standard RMA type, blocking and non-blocking in turn, each PE puts
 * a block to its right neighbour with SHMEM_SIGNAL_SET of a number that grows with every
 * round, without barriers in between: a neighbour that sees the signal must find the data. Then
 * every PE adds to one signal on PE 0 with the untyped forms, the context forms (a context of
 * the world in reverse order) and the generic ones, while PE 0 waits with
 * shmem_signal_wait_until and checks every block; shmem_signal_fetch reads the totals. */
#include "shmem_test.h"

#include <shmem.h>
#include <string.h>

#define MAX_PES 64
#define BLOCK 4

static int right, left;
static uint64_t ring_signal;
static uint64_t gathered;

#define VALUE(TYPE, pe, i) ((TYPE)((pe)*5 + (i) + 1))

#define DEFINE_RING_TEST(TYPENAME, TYPE)                                                           \
    static TYPE TYPENAME##_block[BLOCK];                                                           \
    static void test_##TYPENAME(uint64_t round) {                                                  \
        TYPE mine[BLOCK];                                                                          \
        for (int i = 0; i < BLOCK; ++i) {                                                          \
            mine[i] = VALUE(TYPE, me, i);                                                          \
        }                                                                                          \
        if (round % 2 == 0) {                                                                      \
            shmem_##TYPENAME##_put_signal(TYPENAME##_block, mine, BLOCK, &ring_signal, round,      \
                                          SHMEM_SIGNAL_SET, right);                                \
        } else {                                                                                   \
            shmem_##TYPENAME##_put_signal_nbi(TYPENAME##_block, mine, BLOCK, &ring_signal, round,  \
                                              SHMEM_SIGNAL_SET, right);                            \
        }                                                                                          \
        if (shmem_signal_wait_until(&ring_signal, SHMEM_CMP_GE, round) < round) {                  \
            fail("signal_wait_until returned too small a value", (long)round);                     \
        }                                                                                          \
        for (int i = 0; i < BLOCK; ++i) {                                                          \
            if (TYPENAME##_block[i] != VALUE(TYPE, left, i)) {                                     \
                fail(#TYPENAME " data behind its signal", i);                                      \
                break;                                                                             \
            }                                                                                      \
        }                                                                                          \
    }
SHMEM_FOR_EACH_RMA_TYPE(DEFINE_RING_TEST)

/* Slots on PE 0, one row per PE per form. */
#define FORMS 16
static _Alignas(16) unsigned char slots[FORMS][MAX_PES][16];

static void test_gather(void) {
    shmem_ctx_t reversed_ctx = SHMEM_CTX_INVALID;
    shmem_team_t reversed = SHMEM_TEAM_INVALID;
    if (shmem_team_split_strided(SHMEM_TEAM_WORLD, npes - 1, -1, npes, NULL, 0, &reversed) != 0 ||
        shmem_team_create_ctx(reversed, 0, &reversed_ctx) != 0) {
        fail("a context of the reversed world", 0);
        return;
    }
    const int zero_in_reversed = npes - 1;
    _Alignas(16) unsigned char mine[16];
    for (int i = 0; i < 16; ++i) {
        mine[i] = (unsigned char)(me * 16 + i);
    }
    uint64_t* signal = &gathered;
    const int add = SHMEM_SIGNAL_ADD;
    shmem_put8_signal(slots[0][me], mine, 16, signal, 1, add, 0);
    shmem_put16_signal_nbi(slots[1][me], mine, 8, signal, 1, add, 0);
    shmem_put32_signal(slots[2][me], mine, 4, signal, 1, add, 0);
    shmem_put64_signal_nbi(slots[3][me], mine, 2, signal, 1, add, 0);
    shmem_put128_signal(slots[4][me], mine, 1, signal, 1, add, 0);
    shmem_putmem_signal_nbi(slots[5][me], mine, 16, signal, 1, add, 0);
    shmem_putmem_signal(slots[6][me], mine, 16, signal, 1, add, 0);
    shmem_ctx_putmem_signal(reversed_ctx, slots[7][me], mine, 16, signal, 1, add, zero_in_reversed);
    shmem_ctx_putmem_signal_nbi(reversed_ctx, slots[8][me], mine, 16, signal, 1, add,
                                zero_in_reversed);
    shmem_ctx_put64_signal(reversed_ctx, slots[9][me], mine, 2, signal, 1, add, zero_in_reversed);
    shmem_ctx_uchar_put_signal(reversed_ctx, slots[10][me], mine, 16, signal, 1, add,
                               zero_in_reversed);
    shmem_ctx_uchar_put_signal_nbi(reversed_ctx, slots[11][me], mine, 16, signal, 1, add,
                                   zero_in_reversed);
    shmem_put_signal(slots[12][me], mine, 16, signal, 1, add, 0);
    shmem_put_signal_nbi(slots[13][me], mine, 16, signal, 1, add, 0);
    shmem_put_signal(reversed_ctx, slots[14][me], mine, 16, signal, 1, add, zero_in_reversed);
    shmem_put_signal_nbi(SHMEM_CTX_DEFAULT, slots[15][me], mine, 16, signal, 1, add, 0);
    if (me == 0) {
        const uint64_t total = (uint64_t)FORMS * (uint64_t)npes;
        if (shmem_signal_wait_until(signal, SHMEM_CMP_EQ, total) != total ||
            shmem_signal_fetch(signal) != total) {
            fail("gathered signal", (long)shmem_signal_fetch(signal));
        }
        for (int form = 0; form < FORMS; ++form) {
            for (int pe = 0; pe < npes; ++pe) {
                for (int i = 0; i < 16; ++i) {
                    if (slots[form][pe][i] != (unsigned char)(pe * 16 + i)) {
                        report_failure("form %d from PE %d, byte %d", form, pe, i);
                        i = 16;
                        pe = npes;
                    }
                }
            }
        }
    }
    shmem_barrier_all();
    if (me != 0 && shmem_signal_fetch(signal) != 0) {
        fail("signal of a PE that no one signalled", (long)shmem_signal_fetch(signal));
    }
    shmem_ctx_destroy(reversed_ctx);
    shmem_team_destroy(reversed);
}

int main(void) {
    start_test();
    if (too_many_pes(MAX_PES)) {
        return 1;
    }
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    uint64_t round = 1;
#define RUN_RING_TEST(TYPENAME, TYPE) test_##TYPENAME(round++);
    SHMEM_FOR_EACH_RMA_TYPE(RUN_RING_TEST)
    shmem_barrier_all();
    test_gather();
    return finish_test("signals");
}
