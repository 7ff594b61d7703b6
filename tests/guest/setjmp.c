// setjmp/longjmp: a jump out of nested calls, the value setjmp returns the second time (including
// longjmp(env, 0), which must arrive as 1), callee-saved integer and FP registers restored, and a
// jump buffer reused many times. picolibc's setjmp saves ra, sp, s0-s11 and fs0-fs11 by hand, so
// this checks those loads and stores and the indirect return through the saved ra.
#include <setjmp.h>
#include <stdio.h>

static jmp_buf jump_buffer;
static int depth_reached;

static void __attribute__((noinline)) descend(int depth, int jump_at, int value) {
    depth_reached = depth;
    if (depth == jump_at)
        longjmp(jump_buffer, value);
    if (depth < 100)
        descend(depth + 1, jump_at, value);
    // Work after the call keeps the recursion a real call chain instead of a loop.
    depth_reached += 1000;
}

static void jump_from_nested_calls(void) {
    int values[] = {1, 2, 42, -7, 0, 0x7fffffff};
    for (unsigned i = 0; i < sizeof values / sizeof values[0]; i++) {
        int jump_at = 3 + (int)i * 5;
        int returned = setjmp(jump_buffer);
        if (returned == 0) {
            descend(0, jump_at, values[i]);
            printf("descend returned normally: wrong\n");
        } else {
            printf("longjmp(env, %d) from depth %d: setjmp returned %d\n", values[i], depth_reached,
                   returned);
        }
    }
}

static jmp_buf loop_buffer;

// The counter lives in a volatile object: only volatile locals have defined values after longjmp.
static void reuse_buffer(void) {
    volatile int jumps = 0;
    volatile long sum = 0;
    int returned = setjmp(loop_buffer);
    sum += returned;
    if (jumps < 1000) {
        jumps++;
        longjmp(loop_buffer, jumps);
    }
    printf("1000 jumps through one buffer: sum of returned values %ld\n", sum);
}

static jmp_buf register_buffer;

// Unsigned arithmetic: the values are meant to wrap around.
static unsigned long __attribute__((noinline)) mix(unsigned long value) {
    return value * 0x9e3779b97f4a7c15UL + 1;
}

// Keeps many values alive across calls, so it saves and then overwrites callee-saved registers,
// and leaves through longjmp without running the epilogue that would restore them.
static void __attribute__((noinline)) clobber_and_jump(unsigned long seed) {
    unsigned long v0 = mix(seed), v1 = mix(v0), v2 = mix(v1), v3 = mix(v2), v4 = mix(v3);
    unsigned long v5 = mix(v4), v6 = mix(v5), v7 = mix(v6), v8 = mix(v7), v9 = mix(v8);
    unsigned long v10 = mix(v9);
    double f0 = (double)v0, f1 = f0 * 0.5, f2 = f1 * 0.5, f3 = f2 * 0.5, f4 = f3 * 0.5;
    double f5 = f4 * 0.5, f6 = f5 * 0.5, f7 = f6 * 0.5, f8 = f7 * 0.5, f9 = f8 * 0.5;
    unsigned long sum = mix(v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9 + v10);
    double total = (double)mix(v5) * (f0 + f1 + f2 + f3 + f4 + f5 + f6 + f7 + f8 + f9);
    printf("clobbered: %lx %a %lx %a\n", sum + v0 + v5 + v10, total + f0 + f9, v3 ^ v7, f4 - f6);
    longjmp(register_buffer, 5);
}

static int __attribute__((noinline)) jump_over_clobbering_call(unsigned long seed) {
    int returned = setjmp(register_buffer);
    if (returned == 0)
        clobber_and_jump(seed);
    return returned;
}

// The caller's values live in callee-saved registers (s1-s11, fs0-fs11) across the call; they are
// intact afterwards only if longjmp restored the registers setjmp saved.
static void __attribute__((noinline)) callee_saved_registers_survive(unsigned long seed) {
    unsigned long k0 = mix(seed), k1 = mix(k0), k2 = mix(k1), k3 = mix(k2), k4 = mix(k3);
    unsigned long k5 = mix(k4), k6 = mix(k5), k7 = mix(k6), k8 = mix(k7), k9 = mix(k8);
    double g0 = (double)seed / 3, g1 = g0 / 3, g2 = g1 / 3, g3 = g2 / 3, g4 = g3 / 3, g5 = g4 / 3;
    double g6 = g5 / 3, g7 = g6 / 3, g8 = g7 / 3, g9 = g8 / 3, g10 = g9 / 3, g11 = g10 / 3;
    int returned = jump_over_clobbering_call(seed + 1);
    printf("setjmp returned %d; kept %lx %lx %lx %lx %lx %lx %lx %lx %lx %lx\n", returned, k0, k1,
           k2, k3, k4, k5, k6, k7, k8, k9);
    printf("kept %a %a %a %a %a %a %a %a %a %a %a %a\n", g0, g1, g2, g3, g4, g5, g6, g7, g8, g9,
           g10, g11);
}

int main(int argc, char** argv) {
    (void)argv;
    jump_from_nested_calls();
    reuse_buffer();
    // argc is not known at compile time, so the seed cannot be folded into constants.
    callee_saved_registers_survive((unsigned long)argc + 8);
    return 0;
}
