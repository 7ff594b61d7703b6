/* Recursion without end: the stack grows below its region (the link script's __stack_size)
 * until something traps. xbemu must say "stack overflow", not report the trap storm that
 * picolibc's trap handler, pushing onto the same stack, would otherwise cause. */
#include <stdio.h>

static int depth(int n) {
    volatile char frame[256];
    frame[0] = (char)n;
    return depth(n + 1) + frame[0];
}

int main(void) {
    printf("%d\n", depth(0));
    return 0;
}
