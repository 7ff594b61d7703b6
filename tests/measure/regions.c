/* The measurement hints of xbemu.h around loops of known length: with --stats-roi each PE
 * counts exactly the instructions from its first xbemu_roi_begin to its first xbemu_roi_end,
 * plus those of the second region, and its two dumps hold the first region's and both regions'
 * figures (check-regions.cmake). On QEMU every hint is a no-op: the output is the same. */
#include "xbemu.h"

#include <stdio.h>

/* 2 * iterations + 1 instructions, the loop's counter in t0. */
#define COUNTED_LOOP(iterations)                                                                \
    __asm__ volatile("li t0, " #iterations "\n1: addi t0, t0, -1\n bnez t0, 1b" ::: "t0")

static volatile unsigned sink;

int main(void) {
    /* Work outside every region, before and after a reset. */
    for (unsigned i = 0; i < 1000; ++i) {
        sink += i;
    }
    xbemu_stats_reset();
    xbemu_checkpoint();
    xbemu_roi_begin();
    COUNTED_LOOP(1000);
    xbemu_roi_end();
    xbemu_stats_dump("first region");
    COUNTED_LOOP(300);
    xbemu_roi_begin();
    COUNTED_LOOP(500);
    xbemu_roi_end();
    xbemu_stats_dump("both regions");
    printf("regions done, sink %u\n", sink);
    return 0;
}
