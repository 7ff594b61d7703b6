/* Remote accesses counted per PE inside regions of interest: each PE stores to and loads from
 * the next PE's copy of a symmetric block, 5 stores outside the region and 7 stores and 3 loads
 * inside it (check-remote-regions.cmake requires exactly those inside with --stats-roi). */
#include "xbemu.h"
#include "xbgas.h"
#include "xbrtime.h"

#include <stdint.h>
#include <stdio.h>

int main(void) {
    if (xbrtime_init() != 0) {
        return 1;
    }
    uint64_t* block = xbrtime_malloc(16 * sizeof(uint64_t));
    const int next = (xbrtime_mype() + 1) % xbrtime_num_pes();
    const uint64_t object = xb_object_of_pe((uint64_t)next);
    for (int i = 0; i < 5; ++i) {
        xb_esd(object, &block[i], (uint64_t)i);
    }
    xb_fence();
    uint64_t sum = 0;
    xbemu_roi_begin();
    for (int i = 0; i < 7; ++i) {
        xb_esd(object, &block[8 + i], (uint64_t)i);
    }
    for (int i = 0; i < 3; ++i) {
        sum += xb_eld(object, &block[i]);
    }
    xb_fence();
    xbemu_roi_end();
    xbrtime_barrier();
    printf("PE %d: sum %llu\n", xbrtime_mype(), (unsigned long long)sum);
    xbrtime_free(block);
    xbrtime_close();
    return sum == 3 ? 0 : 1;
}
