/* What the speed benchmark's kernels share: their one argument, the iteration count. */
#ifndef SPEED_KERNEL_H
#define SPEED_KERNEL_H

#include <stdio.h>
#include <stdlib.h>

#ifdef SPEED_KERNEL_HTIF
/* Spike passes a bare-metal program no arguments, so the HTIF build takes its count from the
 * digits after this marker, which run-speed-benchmark.sh overwrites in a copy of the ELF (all
 * zeros: the kernel's default). Volatile: the compiler must read what the file holds. */
#define SPEED_KERNEL_ITERATIONS_MARKER "speed-kernel-iterations:"
static const volatile char speed_kernel_htif_argument[] =
    SPEED_KERNEL_ITERATIONS_MARKER "0000000000000000";

static inline long speed_kernel_htif_iterations(void) {
    long iterations = 0;
    for (size_t at = sizeof SPEED_KERNEL_ITERATIONS_MARKER - 1;
         at < sizeof speed_kernel_htif_argument - 1; ++at) {
        iterations = iterations * 10 + (speed_kernel_htif_argument[at] - '0');
    }
    return iterations;
}
#endif

/* The iteration count in argv[1] (in the HTIF build: the count written into the ELF),
 * `fallback` without one; a count that is not positive prints the usage of `program` and ends
 * the program with status 2. */
static inline long speed_kernel_iterations(int argc, char** argv, const char* program,
                                           long fallback) {
#ifdef SPEED_KERNEL_HTIF
    (void)argc;
    (void)argv;
    long iterations = speed_kernel_htif_iterations();
    if (iterations == 0) {
        iterations = fallback;
    }
#else
    long iterations = argc > 1 ? strtol(argv[1], NULL, 10) : fallback;
#endif
    if (iterations <= 0) {
        printf("usage: %s [iterations > 0]\n", program);
        exit(2);
    }
    return iterations;
}

#endif
