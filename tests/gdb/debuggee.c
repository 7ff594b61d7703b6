/* The program the gdb tests debug: every PE computes a value in compute(), PE 0 stores 100 into
 * shared_value on PE 1 (on itself with one PE) with a remote store, and every PE prints its value
 * through report(), whose argument a debugger may change. With an argument ("spin" or "poll"),
 * PE 0 first loops until a debugger sets `released`, storing to memory or only reading it. With
 * "poll" the other PEs work for a while before and after compute(): PE 0's loop is known as a
 * wait when they reach it, and they still work when the debugger releases PE 0. */
#include <stdio.h>
#include <xbrtime.h>

long shared_value;
long scale = 3;
volatile int released;
volatile unsigned long spins;

enum { kWorkSteps = 20000 };

static void work(void) {
    for (int step = 0; step < kWorkSteps; ++step) {
        ++spins;
    }
}

__attribute__((noinline)) long compute(long pe) {
    long result = pe * scale;
    result += 7;
    return result;
}

__attribute__((noinline)) void report(int pe, long value) {
    printf("PE %d reports %ld, shared value %ld\n", pe, value, shared_value);
}

int main(int argc, char** argv) {
    if (xbrtime_init() != 0) {
        return 1;
    }
    const int pe = xbrtime_mype();
    const int pes = xbrtime_num_pes();
    const int poll = argc > 1 && argv[1][0] == 'p';
    if (argc > 1 && pe == 0) {
        if (poll) {
            /* A poll of memory, which the cycle mode skips until something wakes the PE. */
            while (!released) {
            }
        } else {
            /* Storing keeps the loop from looking like a poll of memory that can never end. */
            while (!released) {
                ++spins;
            }
        }
    } else if (poll) {
        work();
    }
    const long value = compute(pe);
    if (poll && pe != 0) {
        work();
    }
    xbrtime_barrier();
    if (pe == 0) {
        const long stored = 100;
        xbrtime_long_put(&shared_value, &stored, 1, 1, 1 % pes);
    }
    xbrtime_barrier();
    report(pe, value);
    xbrtime_close();
    return 0;
}
