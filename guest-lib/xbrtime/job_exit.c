/* Ending the whole job from one PE: xbemu's semihosting operation 0x100 (in the range ARM leaves
 * to applications) stops every PE with the status, in one process and under mpirun. */
#include "runtime_state.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define XBEMU_SEMIHOSTING_EXIT_JOB 0x100

/* The RISC-V semihosting call: the three instructions must be uncompressed and in one page. */
static void semihosting_call(uintptr_t operation, uintptr_t parameter) {
    register uintptr_t a0 __asm__("a0") = operation;
    register uintptr_t a1 __asm__("a1") = parameter;
    __asm__ volatile(".option push\n\t"
                     ".option norvc\n\t"
                     ".balign 16\n\t"
                     "slli zero, zero, 0x1f\n\t"
                     "ebreak\n\t"
                     "srai zero, zero, 7\n\t"
                     ".option pop"
                     : "+r"(a0)
                     : "r"(a1)
                     : "memory");
}

void xbrtime_end_job(int status) {
    fflush(stdout);
    fflush(stderr);
    semihosting_call(XBEMU_SEMIHOSTING_EXIT_JOB, (uintptr_t)(unsigned)status);
    /* Only a host without the operation gets here: this PE, at least, ends. */
    exit(status);
}
