/* A PE that ends before the switch of --fast-forward roi (check-fast-forward.sh), on 2 PEs: PE 1
 * fills a word of its memory and exits at once; PE 0 computes, begins its region, and reads that
 * word from PE 1 in the cycle mode, where PE 1 has ended but still serves remote loads. */
#include "xbemu.h"
#include "xbgas.h"

#include <stdint.h>
#include <stdio.h>

static volatile uint64_t word;

int main(void) {
    if (xb_pe_id() == 1) {
        word = 1234;
        return 0;
    }
    uint64_t sum = 0;
    for (uint64_t i = 0; i < 100000; ++i) {
        sum += i * i;
    }
    /* PE 1 stores its word long before PE 0 gets here (in the cycle mode as in the functional
     * mode, where PE 0 waits for it below anyway). */
    while (xb_eld(xb_object_of_pe(1), (const void*)&word) != 1234) {
    }
    xbemu_roi_begin();
    const uint64_t remote = xb_eld(xb_object_of_pe(1), (const void*)&word);
    xbemu_roi_end();
    printf("PE 0: sum %llu, PE 1's word %llu\n", (unsigned long long)sum,
           (unsigned long long)remote);
    return 0;
}
