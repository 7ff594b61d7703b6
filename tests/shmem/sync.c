/* Barriers and point-to-point synchronisation.
 *
 * barrier_all: in each of many rounds every PE writes its round number into its slot of PE 0's
 * table and PE 0 checks, after the barrier, that all arrived. Active sets (odd/even PEs, every
 * fourth PE, a set of one): each member adds to a counter on the set's first member, then the
 * first member checks after the barrier that exactly its members did; pSync is reused for
 * hundreds of barriers in a row and must hold SHMEM_SYNC_VALUE again once all have left.
 * wait_until: PEs in pairs pass a token back and forth with data put before it and a fence in
 * between, for every comparison and several types. */
#include "shmem_test.h"

#include <shmem.h>

#define ROUNDS 200
#define MAX_PES 64

static long arrivals[MAX_PES];
static long pSync_a[SHMEM_BARRIER_SYNC_SIZE];
static long pSync_b[SHMEM_BARRIER_SYNC_SIZE];
static long set_counter;

static void test_barrier_all(void) {
    for (long round = 1; round <= ROUNDS; ++round) {
        shmem_long_p(&arrivals[me], round, 0);
        shmem_barrier_all();
        if (me == 0) {
            for (int pe = 0; pe < npes; ++pe) {
                if (arrivals[pe] != round) {
                    fail("barrier_all arrival", round);
                }
            }
        }
        shmem_barrier_all();
    }
}

/* The active set (start, log_stride, size) adds up its members on the first member; only the
 * members take part, so the others go straight on (and meet them at a barrier_all). */
static void test_active_set(int start, int log_stride, int size, long* pSync, int rounds) {
    const int stride = 1 << log_stride;
    const int member = me >= start && (me - start) % stride == 0 && (me - start) / stride < size;
    if (member) {
        for (int round = 1; round <= rounds; ++round) {
            shmem_long_atomic_add(&set_counter, 1 + me, start);
            shmem_barrier(start, log_stride, size, pSync);
            if (me == start) {
                long expected = 0;
                for (int k = 0; k < size; ++k) {
                    expected += (long)round * (1 + set_member_pe(start, log_stride, k));
                }
                if (set_counter != expected) {
                    fail("active-set barrier total", set_counter);
                }
            }
            /* The deprecated active-set shmem_sync, through the C11 macro of that name. */
            shmem_sync(start, log_stride, size, pSync);
        }
    }
    /* Between two barriers of a set a fast member may already signal for the next one; once
     * every member has left, all is back to SHMEM_SYNC_VALUE. */
    shmem_barrier_all();
    const int changed = changed_psync_word(pSync, SHMEM_BARRIER_SYNC_SIZE);
    if (changed >= 0) {
        fail("pSync restored", changed);
    }
    set_counter = 0;
    shmem_barrier_all();
}

/* Pairs (2k, 2k+1): one PE puts data, fences, and sets its partner's flag; the partner waits
 * with wait_until and checks the data; they swap roles every round. */
static int data[16];
static volatile int token;

static void pass_token(int partner, int leader) {
    for (int round = 1; round <= 50; ++round) {
        if (leader == (round % 2 == 1)) {
            int local[16];
            for (int i = 0; i < 16; ++i) {
                local[i] = round * 100 + i;
            }
            shmem_int_put(data, local, 16, partner);
            shmem_fence();
            shmem_int_p((int*)&token, round, partner);
        } else {
            shmem_int_wait_until(&token, SHMEM_CMP_EQ, round);
            for (int i = 0; i < 16; ++i) {
                if (data[i] != round * 100 + i) {
                    fail("data before flag", round);
                    break;
                }
            }
        }
    }
}

/* Step by step, the leader stores written[step], which meets (cmps[step], targets[step]) while
 * the flag's previous value does not, and waits for the waiter's acknowledgement. */
static const int cmps[] = {SHMEM_CMP_EQ, SHMEM_CMP_NE, SHMEM_CMP_GT,
                           SHMEM_CMP_GE, SHMEM_CMP_LT, SHMEM_CMP_LE};
static const int targets[] = {10, 10, 11, 20, 5, 3};
static const int written[] = {10, 11, 12, 20, 4, 2};
static int acknowledged;
static int acknowledgements;

#define DEFINE_WAIT_TEST(TYPENAME, TYPE)                                                           \
    static TYPE TYPENAME##_flag;                                                                   \
    static void wait_##TYPENAME(int partner, int leader) {                                         \
        for (int step = 0; step < 6; ++step) {                                                     \
            if (leader) {                                                                          \
                shmem_##TYPENAME##_p(&TYPENAME##_flag, (TYPE)written[step], partner);              \
                shmem_int_wait_until(&acknowledged, SHMEM_CMP_GE, ++acknowledgements);             \
            } else {                                                                               \
                shmem_##TYPENAME##_wait_until(&TYPENAME##_flag, cmps[step], (TYPE)targets[step]);  \
                if (TYPENAME##_flag != (TYPE)written[step] ||                                      \
                    !shmem_##TYPENAME##_test(&TYPENAME##_flag, cmps[step], (TYPE)targets[step])) { \
                    fail("wait_until " #TYPENAME, step);                                           \
                }                                                                                  \
                shmem_int_p(&acknowledged, ++acknowledgements, partner);                           \
            }                                                                                      \
        }                                                                                          \
    }
SHMEM_FOR_EACH_WAIT_TYPE(DEFINE_WAIT_TEST)

/* The names before 1.4 and the C11 generic one, on fresh flags. */
static long old_flag;
static int generic_flag;

static void wait_other_names(int partner, int leader) {
    if (leader) {
        shmem_long_p(&old_flag, 4, partner);
        shmem_int_wait_until(&acknowledged, SHMEM_CMP_GE, ++acknowledgements);
        shmem_long_p(&old_flag, 6, partner);
        shmem_int_wait_until(&acknowledged, SHMEM_CMP_GE, ++acknowledgements);
        shmem_int_p(&generic_flag, -8, partner);
    } else {
        (shmem_wait_until)(&old_flag, _SHMEM_CMP_GT, 3);
        shmem_int_p(&acknowledged, ++acknowledgements, partner);
        shmem_wait(&old_flag, 4);
        shmem_int_p(&acknowledged, ++acknowledgements, partner);
        shmem_wait_until(&generic_flag, SHMEM_CMP_LT, 0);
        if (old_flag != 6 || generic_flag != -8 || !shmem_test(&generic_flag, SHMEM_CMP_EQ, -8)) {
            fail("wait_until by the other names", old_flag);
        }
    }
}

static void test_wait_until(void) {
    if (me < npes - npes % 2) {
        const int partner = me ^ 1;
        const int leader = me % 2 == 0;
        pass_token(partner, leader);
#define RUN_WAIT_TEST(TYPENAME, TYPE) wait_##TYPENAME(partner, leader);
        SHMEM_FOR_EACH_WAIT_TYPE(RUN_WAIT_TEST)
        wait_other_names(partner, leader);
    }
    shmem_barrier_all();
}

int main(void) {
    start_test();
    if (too_many_pes(MAX_PES)) {
        return 1;
    }
    init_psync(pSync_a, SHMEM_BARRIER_SYNC_SIZE);
    init_psync(pSync_b, SHMEM_BARRIER_SYNC_SIZE);
    shmem_barrier_all();
    test_barrier_all();
    /* everyone; the even PEs and the odd PEs at once, on separate pSync arrays */
    test_active_set(0, 0, npes, pSync_a, ROUNDS);
    if (npes >= 2) {
        if (me % 2 == 0) {
            test_active_set(0, 1, (npes + 1) / 2, pSync_a, ROUNDS);
        } else {
            test_active_set(1, 1, npes / 2, pSync_b, ROUNDS);
        }
    }
    /* every fourth PE from 1; the last PE alone */
    if (npes >= 2) {
        test_active_set(1, 2, (npes - 1 + 3) / 4, pSync_b, ROUNDS);
    }
    test_active_set(npes - 1, 0, 1, pSync_a, 3);
    test_wait_until();
    return finish_test("sync");
}
