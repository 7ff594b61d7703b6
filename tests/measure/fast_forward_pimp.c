/* PIMP across the switch of --fast-forward roi (check-fast-forward-pimp.sh), on 2 PEs: PE 0 sends
 * PE 1 a word before the region. By default PE 1 takes it before its xbemu_roi_begin(), and in
 * the region PE 0 sends a second word, which PE 1 receives in the cycle mode. With the argument
 * "held" PE 1 enters its region with the first word still in its receive FIFO, which the switch
 * carries over. With "late" PE 0 sends the first word in its region only, so that PE 1 waits in
 * its receive for a PE stopped at the switch (check-fast-forward-hosts.sh). */
#include "pimp.h"
#include "xbemu.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
    const int held = argc > 1 && strcmp(argv[1], "held") == 0;
    const int late = argc > 1 && strcmp(argv[1], "late") == 0;
    const unsigned me = pimp_id();
    uint64_t first = 0;
    if (me == 0) {
        if (!late) {
            pimp_raw_send(1, 42);
        }
    } else if (held) {
        pimp_wait_for_message();
    } else {
        first = pimp_raw_receive();
    }
    xbemu_roi_begin();
    if (me == 0) {
        if (late) {
            pimp_raw_send(1, 42);
        }
        pimp_raw_send(1, 43);
    } else {
        if (held) {
            first = pimp_raw_receive();
        }
        const uint64_t second = pimp_raw_receive();
        printf("PE 1 received %llu and %llu\n", (unsigned long long)first,
               (unsigned long long)second);
    }
    xbemu_roi_end();
    return 0;
}
