/* The PIMP program the gdb tests debug: PE 1 tells PE 0 it is ready (its start-up, which clears
 * `go`, is over), PE 0 then sends 1, 2 and 3 to PE 1 and calls sent(); PE 1 waits until a debugger
 * sets `go`, then receives them and prints their sum. */
#include <pimp.h>
#include <stdio.h>

volatile int go;
/* Storing keeps the loop from looking like a poll of memory that can never end. */
volatile unsigned long spins;

__attribute__((noinline)) void sent(void) {
    __asm__ volatile("" ::: "memory");
}

int main(void) {
    if (pimp_nodes() < 2) {
        return 1;
    }
    if (pimp_id() == 0) {
        (void)pimp_raw_receive();
        for (uint64_t word = 1; word <= 3; ++word) {
            pimp_raw_send(1, word);
        }
        sent();
    } else if (pimp_id() == 1) {
        pimp_raw_send(0, 0);
        while (!go) {
            ++spins;
        }
        uint64_t sum = 0;
        for (int word = 0; word < 3; ++word) {
            sum += pimp_raw_receive();
        }
        printf("PE 1 received %lu\n", (unsigned long)sum);
    }
    return 0;
}
