/* The non-blocking fetching atomics (_nbi): each PE works its right neighbour's cell alone
 * through every one of them, for every type, and checks the values fetched after shmem_quiet;
 * then every PE takes tickets from one counter on PE 0 with fetch_inc_nbi and fetch_add_nbi,
 * and PE 0 checks that no ticket was handed out twice. Also the C11 generic names. */
#include "shmem_test.h"

#include <shmem.h>

#define MAX_PES 64
#define TICKETS 12

static int right;

#define DEFINE_TEST(TYPENAME, TYPE)                                                                \
    static TYPE TYPENAME##_cell;                                                                   \
    static void test_##TYPENAME(void) {                                                            \
        TYPE* cell = &TYPENAME##_cell;                                                             \
        TYPE fetched[6] = {0, 0, 0, 0, 0, 0};                                                      \
        shmem_##TYPENAME##_atomic_set(cell, (TYPE)5, right);                                       \
        shmem_##TYPENAME##_atomic_swap_nbi(&fetched[0], cell, (TYPE)6, right);                     \
        shmem_##TYPENAME##_atomic_compare_swap_nbi(&fetched[1], cell, (TYPE)6, (TYPE)10, right);   \
        shmem_##TYPENAME##_atomic_compare_swap_nbi(&fetched[2], cell, (TYPE)6, (TYPE)99, right);   \
        shmem_##TYPENAME##_atomic_fetch_inc_nbi(&fetched[3], cell, right);                         \
        shmem_##TYPENAME##_atomic_fetch_add_nbi(&fetched[4], cell, (TYPE)4, right);                \
        shmem_##TYPENAME##_atomic_fetch_nbi(&fetched[5], cell, right);                             \
        shmem_quiet();                                                                             \
        if (fetched[0] != 5 || fetched[1] != 6 || fetched[2] != 10 || fetched[3] != 10 ||          \
            fetched[4] != 11 || fetched[5] != 15) {                                                \
            fail(#TYPENAME " nbi values", (long)fetched[5]);                                       \
        }                                                                                          \
    }
SHMEM_FOR_EACH_ATOMIC_TYPE(DEFINE_TEST)

#define DEFINE_BITWISE_TEST(TYPENAME, TYPE)                                                        \
    static TYPE TYPENAME##_bits;                                                                   \
    static void test_bitwise_##TYPENAME(void) {                                                    \
        TYPE fetched[3] = {0, 0, 0};                                                               \
        shmem_##TYPENAME##_atomic_set(&TYPENAME##_bits, (TYPE)0x0f, right);                        \
        shmem_##TYPENAME##_atomic_fetch_and_nbi(&fetched[0], &TYPENAME##_bits, (TYPE)0x3c, right); \
        shmem_##TYPENAME##_atomic_fetch_or_nbi(&fetched[1], &TYPENAME##_bits, (TYPE)0x40, right);  \
        shmem_##TYPENAME##_atomic_fetch_xor_nbi(&fetched[2], &TYPENAME##_bits, (TYPE)0x0c, right); \
        shmem_quiet();                                                                             \
        if (fetched[0] != 0x0f || fetched[1] != 0x0c || fetched[2] != 0x4c ||                      \
            shmem_##TYPENAME##_atomic_fetch(&TYPENAME##_bits, right) != 0x40) {                    \
            fail(#TYPENAME " bitwise nbi values", (long)fetched[2]);                               \
        }                                                                                          \
    }
SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(DEFINE_BITWISE_TEST)

static float float_cell;
static double double_cell;

static void test_floating(void) {
    float old_float = 0.0f;
    double old_double = 0.0;
    shmem_float_atomic_set(&float_cell, 0.5f, right);
    shmem_double_atomic_set(&double_cell, 2.5, right);
    shmem_float_atomic_swap_nbi(&old_float, &float_cell, 1.25f, right);
    shmem_double_atomic_fetch_nbi(&old_double, &double_cell, right);
    shmem_quiet();
    if (old_float != 0.5f || old_double != 2.5 ||
        shmem_float_atomic_fetch(&float_cell, right) != 1.25f) {
        fail("float and double nbi", 0);
    }
}

static unsigned long next_ticket;
static unsigned long tickets[MAX_PES * TICKETS];

static void test_tickets(void) {
    unsigned long mine[TICKETS];
    for (int i = 0; i < TICKETS; i += 2) {
        shmem_atomic_fetch_inc_nbi(&mine[i], &next_ticket, 0);
        shmem_atomic_fetch_add_nbi(&mine[i + 1], &next_ticket, 1UL, 0);
    }
    shmem_quiet();
    shmem_ulong_put(&tickets[me * TICKETS], mine, TICKETS, 0);
    shmem_barrier_all();
    if (me == 0) {
        static unsigned char seen[MAX_PES * TICKETS];
        for (int i = 0; i < npes * TICKETS; ++i) {
            const unsigned long ticket = tickets[i];
            if (ticket >= (unsigned long)npes * TICKETS || seen[ticket]++ != 0) {
                fail("ticket", (long)ticket);
            }
        }
    }
}

int main(void) {
    start_test();
    if (too_many_pes(MAX_PES)) {
        return 1;
    }
    right = (me + 1) % npes;
#define RUN_TEST(TYPENAME, TYPE) test_##TYPENAME();
    SHMEM_FOR_EACH_ATOMIC_TYPE(RUN_TEST)
#define RUN_BITWISE_TEST(TYPENAME, TYPE) test_bitwise_##TYPENAME();
    SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(RUN_BITWISE_TEST)
    test_floating();
    test_tickets();
    return finish_test("atomics_nbi");
}
