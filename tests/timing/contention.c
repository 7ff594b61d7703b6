/* Remote reads that meet in the network, in the cycle timing mode: `contention TARGET READER...`
 * makes every READER read a word of PE TARGET in the same cycle and print the cycles its eld
 * took (with the first csrr, as in remote_latency.c). See contention_*.expected and the machine
 * files next to it for the counts and why. */
#include <stdio.h>
#include <stdlib.h>
#include <xbgas.h>

long remote_read_cycles(uint64_t object, const void* address);

static uint64_t word = 42;

int main(int argc, char** argv) {
    const unsigned me = (unsigned)xb_pe_id();
    if (argc < 3) {
        fprintf(stderr, "usage: contention TARGET READER...\n");
        return 2;
    }
    const unsigned target = (unsigned)atoi(argv[1]);
    int reader = 0;
    for (int i = 2; i < argc; ++i) {
        reader |= (unsigned)atoi(argv[i]) == me;
    }
    if (reader) {
        const long cycles = remote_read_cycles(xb_object_of_pe(target), &word);
        printf("PE %u read from PE %u: %ld\n", me, target, cycles);
    }
    return 0;
}
