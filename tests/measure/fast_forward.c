/* A set-up worth fast-forwarding, then a region of interest that starts after a barrier
 * (check-fast-forward.sh): each PE fills a table (the set-up, some hundred thousand
 * instructions), PE 0 prints a line, a barrier, then the region: each PE stores a block of its
 * table into the next PE's copy, a barrier, and sums what it received. After the region the PEs
 * print their sums in turn. With the argument "no-roi" the program makes no measurement hint at
 * all; with "early-roi" PE 0 begins its region before the barrier, where the others wait for
 * it; with "stuck" PE 0 waits for ever before the barrier, where the others wait for it (a
 * deadlock, no region reached). */
#include "xbemu.h"
#include "xbgas.h"
#include "xbrtime.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { kTable = 4096, kBlock = 256, kSetupRounds = 40 };

static uint64_t table[kTable];

int main(int argc, char** argv) {
    const int measure = !(argc > 1 && strcmp(argv[1], "no-roi") == 0);
    const int early = argc > 1 && strcmp(argv[1], "early-roi") == 0;
    const int stuck = argc > 1 && strcmp(argv[1], "stuck") == 0;
    if (xbrtime_init() != 0) {
        return 1;
    }
    const int me = xbrtime_mype();
    const int pes = xbrtime_num_pes();
    uint64_t* inbox = xbrtime_malloc(kBlock * sizeof(uint64_t));
    uint64_t seed = 0x9e3779b97f4a7c15ULL * (uint64_t)(me + 1);
    for (int round = 0; round < kSetupRounds; ++round) {
        for (int i = 0; i < kTable; ++i) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            table[i] += seed;
        }
    }
    if (me == 0) {
        printf("set-up done on %d PEs\n", pes);
    }
    if (early && me == 0) {
        xbemu_roi_begin();
    }
    static volatile int never_set;
    while (stuck && me == 0 && never_set == 0) {
    }
    xbrtime_barrier();
    if (measure && !(early && me == 0)) {
        xbemu_roi_begin();
    }
    const uint64_t next = xb_object_of_pe((uint64_t)((me + 1) % pes));
    for (int i = 0; i < kBlock; ++i) {
        xb_esd(next, &inbox[i], table[i * (kTable / kBlock)] >> 8);
    }
    xb_fence();
    xbrtime_barrier();
    uint64_t sum = 0;
    for (int i = 0; i < kBlock; ++i) {
        sum += inbox[i] / (uint64_t)(i + 1);
    }
    if (measure) {
        xbemu_roi_end();
    }
    /* One PE after the other, so that the lines come in the same order however the PEs left
     * the region. */
    for (int pe = 0; pe < pes; ++pe) {
        if (pe == me) {
            printf("PE %d: sum %016llx\n", me, (unsigned long long)sum);
        }
        xbrtime_barrier();
    }
    xbrtime_free(inbox);
    xbrtime_close();
    return 0;
}
