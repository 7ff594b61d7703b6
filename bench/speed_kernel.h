/* What the speed benchmark's kernels share: their one argument, the iteration count. */
#ifndef SPEED_KERNEL_H
#define SPEED_KERNEL_H

#include <stdio.h>
#include <stdlib.h>

/* The iteration count in argv[1], `fallback` without one; a count that is not positive prints
 * the usage of `program` and ends the program with status 2. */
static inline long speed_kernel_iterations(int argc, char** argv, const char* program,
                                           long fallback) {
    long iterations = argc > 1 ? strtol(argv[1], NULL, 10) : fallback;
    if (iterations <= 0) {
        printf("usage: %s [iterations > 0]\n", program);
        exit(2);
    }
    return iterations;
}

#endif
