/* The team collectives: broadcast (the root's dest too), collect, fcollect, alltoall and
 * alltoalls (dst 2, sst 3) of every standard RMA type, the mem forms and the C11 generic ones,
 * on SHMEM_TEAM_WORLD, on the odd PEs in reverse order (a negative stride) and on
 * SHMEM_TEAM_SHARED. Element i of member k's source is value(k, i); every dest element is
 * checked, and the elements after the last one written must keep their sentinel. */
#include "shmem_test.h"

#include <shmem.h>
#include <string.h>

#define MAX_PES 16
#define N 5
#define DST 2
#define SST 3
#define SENTINEL 0x5a
/* Room for the largest result: alltoalls's MAX_PES blocks of N elements at stride DST. */
#define CAPACITY (MAX_PES * N * DST + 8)

/* Distinct small integers, exact in every type; member k of the team (not its world PE). */
#define VALUE(TYPE, k, i) ((TYPE)((k)*9 + (i) + 1))

#define DEFINE_TEST(TYPENAME, TYPE)                                                                \
    static TYPE TYPENAME##_source[MAX_PES * N * SST];                                              \
    static TYPE TYPENAME##_dest[CAPACITY];                                                         \
    static int TYPENAME##_failed(size_t first, size_t count, int k, size_t i0, size_t stride) {    \
        for (size_t i = 0; i < count; ++i) {                                                       \
            if (TYPENAME##_dest[first + i * stride] != VALUE(TYPE, k, i0 + i)) {                   \
                return 1;                                                                          \
            }                                                                                      \
        }                                                                                          \
        return 0;                                                                                  \
    }                                                                                              \
    static void test_##TYPENAME(shmem_team_t team, int root, const char* team_name) {              \
        const int size = shmem_team_n_pes(team);                                                   \
        const int mine = shmem_team_my_pe(team);                                                   \
        TYPE* dest = TYPENAME##_dest;                                                              \
        for (size_t i = 0; i < sizeof TYPENAME##_source / sizeof(TYPE); ++i) {                     \
            TYPENAME##_source[i] = VALUE(TYPE, mine, i);                                           \
        }                                                                                          \
        memset(dest, SENTINEL, sizeof TYPENAME##_dest);                                            \
        TYPE sentinel;                                                                             \
        memset(&sentinel, SENTINEL, sizeof sentinel);                                              \
        shmem_##TYPENAME##_broadcast(team, dest, TYPENAME##_source, N, root);                      \
        if (TYPENAME##_failed(0, N, root, 0, 1) || memcmp(&dest[N], &sentinel, sizeof sentinel)) { \
            report_failure("%s broadcast " #TYPENAME " from %d", team_name, root);                 \
        }                                                                                          \
        shmem_##TYPENAME##_fcollect(team, dest, TYPENAME##_source, N);                             \
        for (int k = 0; k < size; ++k) {                                                           \
            if (TYPENAME##_failed((size_t)k * N, N, k, 0, 1)) {                                    \
                report_failure("%s fcollect " #TYPENAME " block %d", team_name, k);                \
            }                                                                                      \
        }                                                                                          \
        memset(dest, SENTINEL, sizeof TYPENAME##_dest);                                            \
        shmem_##TYPENAME##_collect(team, dest, TYPENAME##_source, (size_t)(mine % 3));             \
        size_t offset = 0;                                                                         \
        for (int k = 0; k < size; ++k) {                                                           \
            if (TYPENAME##_failed(offset, (size_t)(k % 3), k, 0, 1)) {                             \
                report_failure("%s collect " #TYPENAME " block %d", team_name, k);                 \
            }                                                                                      \
            offset += (size_t)(k % 3);                                                             \
        }                                                                                          \
        if (memcmp(&dest[offset], &sentinel, sizeof sentinel) != 0) {                              \
            report_failure("%s collect " #TYPENAME " wrote past its end", team_name);              \
        }                                                                                          \
        shmem_##TYPENAME##_alltoall(team, dest, TYPENAME##_source, N);                             \
        for (int k = 0; k < size; ++k) {                                                           \
            if (TYPENAME##_failed((size_t)k * N, N, k, (size_t)mine * N, 1)) {                     \
                report_failure("%s alltoall " #TYPENAME " block %d", team_name, k);                \
            }                                                                                      \
        }                                                                                          \
        memset(dest, SENTINEL, sizeof TYPENAME##_dest);                                            \
        shmem_##TYPENAME##_alltoalls(team, dest, TYPENAME##_source, DST, SST, N);                  \
        for (int k = 0; k < size; ++k) {                                                           \
            for (size_t i = 0; i < N; ++i) {                                                       \
                const size_t at = ((size_t)k * N + i) * DST;                                       \
                if (dest[at] != VALUE(TYPE, k, ((size_t)mine * N + i) * SST) ||                    \
                    memcmp(&dest[at + 1], &sentinel, sizeof sentinel) != 0) {                      \
                    report_failure("%s alltoalls " #TYPENAME " block %d element %zu", team_name,   \
                                   k, i);                                                          \
                    break;                                                                         \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
    }
SHMEM_FOR_EACH_RMA_TYPE(DEFINE_TEST)

static unsigned char bytes_source[MAX_PES * 8];
static unsigned char bytes_dest[MAX_PES * 8 * 2];

/* The mem forms on 3 bytes per member, and the generic forms on long. */
static void test_mem_and_generic(shmem_team_t team, int root, const char* team_name) {
    const int size = shmem_team_n_pes(team);
    const int mine = shmem_team_my_pe(team);
    for (size_t i = 0; i < sizeof bytes_source; ++i) {
        bytes_source[i] = (unsigned char)(mine * 16 + i);
    }
    shmem_broadcastmem(team, bytes_dest, bytes_source, 3, root);
    if (bytes_dest[2] != (unsigned char)(root * 16 + 2)) {
        report_failure("%s broadcastmem", team_name);
    }
    shmem_fcollectmem(team, bytes_dest, bytes_source, 3);
    shmem_collectmem(team, bytes_dest + 3 * size, bytes_source, 3);
    shmem_alltoallmem(team, bytes_dest + 6 * size, bytes_source, 2);
    for (int k = 0; k < size; ++k) {
        if (bytes_dest[3 * k + 1] != (unsigned char)(k * 16 + 1) ||
            bytes_dest[3 * size + 3 * k + 2] != (unsigned char)(k * 16 + 2) ||
            bytes_dest[6 * size + 2 * k + 1] != (unsigned char)(k * 16 + 2 * mine + 1)) {
            report_failure("%s mem forms, member %d", team_name, k);
        }
    }
    shmem_alltoallsmem(team, bytes_dest, bytes_source, 1, 2, 1);
    if (bytes_dest[size - 1] != (unsigned char)((size - 1) * 16 + 2 * mine)) {
        report_failure("%s alltoallsmem", team_name);
    }
    long_source[0] = 1000 + mine;
    shmem_broadcast(team, long_dest, long_source, 1, root);
    shmem_fcollect(team, long_dest + 1, long_source, 1);
    if (long_dest[0] != 1000 + root || long_dest[size] != 1000 + size - 1) {
        report_failure("%s generic broadcast and fcollect", team_name);
    }
}

static void test_team(shmem_team_t team, const char* team_name) {
    const int size = shmem_team_n_pes(team);
    int root = 0;
#define RUN_TEST(TYPENAME, TYPE) test_##TYPENAME(team, root++ % size, team_name);
    SHMEM_FOR_EACH_RMA_TYPE(RUN_TEST)
    test_mem_and_generic(team, size - 1, team_name);
}

int main(void) {
    start_test();
    if (too_many_pes(MAX_PES)) {
        return 1;
    }
    test_team(SHMEM_TEAM_WORLD, "world");
    shmem_team_t reversed_odd = SHMEM_TEAM_INVALID;
    const int odd_count = npes / 2;
    const int last_odd = npes % 2 == 0 ? npes - 1 : npes - 2;
    if (odd_count > 0 && shmem_team_split_strided(SHMEM_TEAM_WORLD, last_odd, -2, odd_count, NULL,
                                                  0, &reversed_odd) != 0) {
        fail("split of the odd PEs", 0);
    }
    if (reversed_odd != SHMEM_TEAM_INVALID) {
        test_team(reversed_odd, "odd PEs reversed");
        shmem_team_destroy(reversed_odd);
    }
    test_team(SHMEM_TEAM_SHARED, "shared");
    shmem_barrier_all();
    return finish_test("team_collectives");
}
