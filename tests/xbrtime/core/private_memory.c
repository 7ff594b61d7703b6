/* Private memory grows with the guest RAM (-m): 72 MiB of static data (more than the 60 MiB
 * the link script used to allow), a stack far deeper than the link script's minimal 256 KiB,
 * a malloc'd block of HEAP_MIB MiB (the argument, default 96), and malloc failing cleanly, not
 * crashing, once private memory is used up; the symmetric heap still works beside them. Every
 * byte written is read back. Prints "private memory: passed" and exits 0, or names the failure
 * and exits 1. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xbrtime.h>

#define STATIC_BYTES (72u << 20)
#define FRAME_BYTES (64u << 10)
#define STACK_DEPTH 64 /* 4 MiB of stack */

static unsigned char static_data[STATIC_BYTES];

/* Each level fills a 64 KiB frame with its depth and checks it after the deeper levels have
 * returned; the sum of the levels' checks comes back. */
static unsigned deep(unsigned depth) {
    volatile unsigned char frame[FRAME_BYTES];
    memset((void*)frame, (int)depth, sizeof frame);
    const unsigned below = depth + 1 < STACK_DEPTH ? deep(depth + 1) : 0;
    unsigned intact = 1;
    for (unsigned i = 0; i < FRAME_BYTES; i += 4093) {
        intact &= frame[i] == (unsigned char)depth;
    }
    return below + intact;
}

static int fail(const char* what) {
    printf("private memory: %s\n", what);
    return 1;
}

int main(int argc, char** argv) {
    const size_t heap_mib = argc > 1 ? strtoul(argv[1], NULL, 10) : 96;
    if (xbrtime_init() != 0) {
        return 1;
    }
    for (size_t i = 0; i < STATIC_BYTES; i += 4096) {
        static_data[i] = (unsigned char)(i >> 12);
    }
    for (size_t i = 0; i < STATIC_BYTES; i += 4096) {
        if (static_data[i] != (unsigned char)(i >> 12)) {
            return fail("static data lost");
        }
    }
    if (deep(0) != STACK_DEPTH) {
        return fail("stack frames overwritten");
    }
    unsigned char* block = malloc(heap_mib << 20);
    if (block == NULL) {
        return fail("malloc of the requested block failed");
    }
    for (size_t i = 0; i < heap_mib << 20; i += 4096) {
        block[i] = (unsigned char)(i >> 12);
    }
    for (size_t i = 0; i < heap_mib << 20; i += 4096) {
        if (block[i] != (unsigned char)(i >> 12)) {
            return fail("heap block overwritten");
        }
    }
    /* Use up the rest of private memory: malloc must end up saying no. */
    size_t extra_mib = 0;
    while (malloc(1u << 20) != NULL) {
        ++extra_mib;
    }
    if (deep(0) != STACK_DEPTH) {
        return fail("stack frames overwritten with the heap full");
    }
    int* symmetric = xbrtime_malloc(1u << 20);
    if (symmetric == NULL) {
        return fail("xbrtime_malloc failed");
    }
    symmetric[0] = 7;
    xbrtime_barrier();
    printf("private memory: %zu MiB heap block, %zu MiB more before malloc said no\n", heap_mib,
           extra_mib);
    printf("private memory: passed\n");
    xbrtime_close();
    return 0;
}
