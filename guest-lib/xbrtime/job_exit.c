/* Ending the whole job from one PE: xbemu's semihosting operation 0x100 (in the range ARM leaves
 * to applications) stops every PE with the status, in one process and under mpirun. */
#include "runtime_state.h"

#include <stdio.h>
#include <stdlib.h>

#define XBEMU_SEMIHOSTING_EXIT_JOB 0x100

void xbrtime_end_job(int status) {
    fflush(stdout);
    fflush(stderr);
    xbrtime_semihosting_call(XBEMU_SEMIHOSTING_EXIT_JOB, (uintptr_t)(unsigned)status);
    /* Only a host without the operation gets here: this PE, at least, ends. */
    exit(status);
}
