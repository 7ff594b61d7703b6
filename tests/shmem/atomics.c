/* The atomics: every PE adds to one counter per type (exact total), each PE works a cell of
 * its right neighbour through every operation and checks the values returned, a lock taken
 * with compare_swap guards a read-modify-write of plain gets and puts, and fetch_inc hands out
 * tickets that must all differ. Also the names before 1.4 and the C11 generic ones. */
#include "shmem_test.h"

#include <shmem.h>

#define ADDS 48
#define LOCKED_ROUNDS 20
#define TICKETS 16
#define MAX_PES 64

static int right;

/* counter: on PE `owner`, receives every PE's adds; cell: on each PE, worked by its left
 * neighbour alone, so the values returned are known. */
#define DEFINE_TEST(TYPENAME, TYPE)                                                                \
    static TYPE TYPENAME##_counter;                                                                \
    static TYPE TYPENAME##_cell;                                                                   \
    static void test_##TYPENAME(int owner) {                                                       \
        for (int i = 0; i < ADDS; ++i) {                                                           \
            switch (i % 4) {                                                                       \
            case 0:                                                                                \
                shmem_##TYPENAME##_atomic_inc(&TYPENAME##_counter, owner);                         \
                break;                                                                             \
            case 1:                                                                                \
                shmem_##TYPENAME##_atomic_fetch_inc(&TYPENAME##_counter, owner);                   \
                break;                                                                             \
            case 2:                                                                                \
                shmem_##TYPENAME##_atomic_add(&TYPENAME##_counter, (TYPE)me, owner);               \
                break;                                                                             \
            default:                                                                               \
                shmem_##TYPENAME##_atomic_fetch_add(&TYPENAME##_counter, (TYPE)me, owner);         \
            }                                                                                      \
        }                                                                                          \
        TYPE* cell = &TYPENAME##_cell;                                                             \
        if (shmem_##TYPENAME##_atomic_fetch(cell, right) != 0) {                                   \
            fail(#TYPENAME " fetch", 0);                                                           \
        }                                                                                          \
        shmem_##TYPENAME##_atomic_set(cell, (TYPE)7, right);                                       \
        if (shmem_##TYPENAME##_atomic_swap(cell, (TYPE)9, right) != 7 ||                           \
            shmem_##TYPENAME##_atomic_compare_swap(cell, (TYPE)8, (TYPE)1, right) != 9 ||          \
            shmem_##TYPENAME##_atomic_compare_swap(cell, (TYPE)9, (TYPE)40, right) != 9 ||         \
            shmem_##TYPENAME##_atomic_fetch_inc(cell, right) != 40 ||                              \
            shmem_##TYPENAME##_atomic_fetch_add(cell, (TYPE)-1, right) != 41 ||                    \
            shmem_##TYPENAME##_atomic_fetch(cell, right) != 40) {                                  \
            fail(#TYPENAME " returned values", 0);                                                 \
        }                                                                                          \
        shmem_barrier_all();                                                                       \
        long adds = 0;                                                                             \
        for (int pe = 0; pe < npes; ++pe) {                                                        \
            adds += ADDS / 2 + (long)pe * (ADDS / 2);                                              \
        }                                                                                          \
        if (me == owner && TYPENAME##_counter != (TYPE)adds) {                                     \
            fail(#TYPENAME " total", (long)TYPENAME##_counter);                                    \
        }                                                                                          \
        if (TYPENAME##_cell != 40) {                                                               \
            fail(#TYPENAME " cell", (long)TYPENAME##_cell);                                        \
        }                                                                                          \
    }
SHMEM_FOR_EACH_ATOMIC_TYPE(DEFINE_TEST)

#define DEFINE_BITWISE_TEST(TYPENAME, TYPE)                                                        \
    static TYPE TYPENAME##_bits;                                                                   \
    static void test_bitwise_##TYPENAME(void) {                                                    \
        TYPE* bits = &TYPENAME##_bits;                                                             \
        shmem_##TYPENAME##_atomic_or(bits, (TYPE)0xf0, right);                                     \
        shmem_##TYPENAME##_atomic_and(bits, (TYPE)0x3c, right);                                    \
        shmem_##TYPENAME##_atomic_xor(bits, (TYPE)0x11, right);                                    \
        if (shmem_##TYPENAME##_atomic_fetch_or(bits, (TYPE)0x100, right) != 0x21 ||                \
            shmem_##TYPENAME##_atomic_fetch_and(bits, (TYPE)0x1ff, right) != 0x121 ||              \
            shmem_##TYPENAME##_atomic_fetch_xor(bits, (TYPE)0x1, right) != 0x121 ||                \
            shmem_##TYPENAME##_atomic_fetch(bits, right) != 0x120) {                               \
            fail(#TYPENAME " bitwise", 0);                                                         \
        }                                                                                          \
    }
SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(DEFINE_BITWISE_TEST)

static float float_cell;
static double double_cell;

static void test_floating(void) {
    shmem_float_atomic_set(&float_cell, 1.5f, right);
    shmem_double_atomic_set(&double_cell, -2.25, right);
    if (shmem_float_atomic_swap(&float_cell, 3.0f, right) != 1.5f ||
        shmem_float_atomic_fetch(&float_cell, right) != 3.0f ||
        shmem_double_atomic_swap(&double_cell, 1e300, right) != -2.25 ||
        shmem_double_atomic_fetch(&double_cell, right) != 1e300) {
        fail("float and double", 0);
    }
}

/* The lock on PE 0 guards a counter on the last PE that is only read and written by g and p. */
static long lock;
static long guarded;

static void test_lock(void) {
    const int holder = npes - 1;
    for (int round = 0; round < LOCKED_ROUNDS; ++round) {
        while (shmem_long_atomic_compare_swap(&lock, 0, me + 1, 0) != 0) {
        }
        const long seen = shmem_long_g(&guarded, holder);
        shmem_long_p(&guarded, seen + 1, holder);
        shmem_quiet();
        if (shmem_long_atomic_swap(&lock, 0, 0) != me + 1) {
            fail("lock holder", round);
        }
    }
    shmem_barrier_all();
    if (me == holder && guarded != (long)LOCKED_ROUNDS * npes) {
        fail("locked counter", guarded);
    }
}

/* Tickets from a counter on PE 0; every PE puts its tickets into PE 0's table, where each
 * number below npes * TICKETS must appear once. */
static long next_ticket;
static long tickets[MAX_PES * TICKETS];

static void test_tickets(void) {
    long mine[TICKETS];
    for (int i = 0; i < TICKETS; ++i) {
        mine[i] = shmem_long_atomic_fetch_inc(&next_ticket, 0);
    }
    shmem_long_put(&tickets[me * TICKETS], mine, TICKETS, 0);
    shmem_barrier_all();
    if (me == 0) {
        static unsigned char seen[MAX_PES * TICKETS];
        for (int i = 0; i < npes * TICKETS; ++i) {
            const long ticket = tickets[i];
            if (ticket < 0 || ticket >= npes * TICKETS || seen[ticket]++) {
                fail("ticket", ticket);
            }
        }
    }
}

/* Names before 1.4 (OSB GUPS uses shmem_longlong_inc) and the generic names. */
static long long old_counter;
static int old_cell;
static double old_double;
static long old_long;
static unsigned long generic_cell;

static void test_other_names(void) {
    shmem_longlong_inc(&old_counter, 0);
    shmem_longlong_add(&old_counter, 2, 0);
    shmem_longlong_finc(&old_counter, 0);
    shmem_longlong_fadd(&old_counter, 3, 0);
    shmem_int_set(&old_cell, 4, right);
    if (shmem_int_fetch(&old_cell, right) != 4 || shmem_int_swap(&old_cell, 6, right) != 4 ||
        shmem_int_cswap(&old_cell, 6, 8, right) != 6 || shmem_int_finc(&old_cell, right) != 8 ||
        shmem_int_fadd(&old_cell, 1, right) != 9) {
        fail("names before 1.4", 0);
    }
    shmem_double_set(&old_double, 0.5, right);
    if (shmem_double_swap(&old_double, 1.5, right) != 0.5 ||
        shmem_double_fetch(&old_double, right) != 1.5 || shmem_swap(&old_long, 3, right) != 0) {
        fail("names before 1.4, floating", 0);
    }
    shmem_atomic_set(&generic_cell, 5UL, right);
    shmem_atomic_add(&generic_cell, 2UL, right);
    shmem_atomic_inc(&generic_cell, right);
    shmem_atomic_xor(&generic_cell, 1UL, right);
    if (shmem_atomic_fetch_add(&generic_cell, 1UL, right) != 9 ||
        shmem_atomic_compare_swap(&generic_cell, 10UL, 20UL, right) != 10 ||
        shmem_atomic_swap(&generic_cell, 30UL, right) != 20 ||
        shmem_atomic_fetch_inc(&generic_cell, right) != 30 ||
        shmem_atomic_fetch_or(&generic_cell, 64UL, right) != 31 ||
        shmem_atomic_fetch(&generic_cell, right) != 95) {
        fail("generic names", 0);
    }
    shmem_barrier_all();
    if (me == 0 && old_counter != 7LL * npes) {
        fail("shmem_longlong_inc and friends", (long)old_counter);
    }
}

int main(void) {
    start_test();
    right = (me + 1) % npes;
    if (too_many_pes(MAX_PES)) {
        return 1;
    }
    int owner = 0;
#define RUN_TEST(TYPENAME, TYPE) test_##TYPENAME(owner++ % npes);
    SHMEM_FOR_EACH_ATOMIC_TYPE(RUN_TEST)
#define RUN_BITWISE_TEST(TYPENAME, TYPE) test_bitwise_##TYPENAME();
    SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(RUN_BITWISE_TEST)
    test_floating();
    test_lock();
    test_tickets();
    test_other_names();
    return finish_test("atomics");
}
