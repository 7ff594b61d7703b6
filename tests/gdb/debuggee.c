/* The program the gdb tests debug: every PE computes a value in compute(), PE 0 stores 100 into
 * shared_value on PE 1 (on itself with one PE) with a remote store, and every PE prints its value
 * through report(), whose argument a debugger may change. With an argument, PE 0 first spins
 * until a debugger sets `released`. */
#include <stdio.h>
#include <xbrtime.h>

long shared_value;
long scale = 3;
volatile int released;
volatile unsigned long spins;

__attribute__((noinline)) long compute(long pe) {
    long result = pe * scale;
    result += 7;
    return result;
}

__attribute__((noinline)) void report(int pe, long value) {
    printf("PE %d reports %ld, shared value %ld\n", pe, value, shared_value);
}

int main(int argc, char** argv) {
    (void)argv;
    if (xbrtime_init() != 0) {
        return 1;
    }
    const int pe = xbrtime_mype();
    const int pes = xbrtime_num_pes();
    if (argc > 1 && pe == 0) {
        /* Storing keeps the loop from looking like a poll of memory that can never end. */
        while (!released) {
            ++spins;
        }
    }
    const long value = compute(pe);
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
