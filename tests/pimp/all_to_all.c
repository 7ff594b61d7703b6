/* Every PE sends WORDS words (argv[1], default 20) to every PE, itself included, while taking
 * in what arrives whenever its send FIFO is full (so that no PE waits for ever on a full FIFO),
 * and checks that each sender's words came complete and in order. Each PE prints a line with
 * the cycles it took; a word is (sender << 32) | index. */
#include "pimp_ops.h"

#include <stdio.h>
#include <stdlib.h>

#define MAX_PES 64

static uint64_t next_index[MAX_PES];
static long received;
static int failed;

static void take_one(void) {
    const uint64_t sender = pimp_sender();
    const uint64_t word = pimp_receive();
    if (sender >= MAX_PES || word >> 32 != sender || (word & 0xffffffffU) != next_index[sender]) {
        failed = 1;
    } else {
        ++next_index[sender];
    }
    ++received;
}

int main(int argc, char** argv) {
    const long words = argc > 1 ? atol(argv[1]) : 20;
    const uint64_t me = pimp_id();
    const uint64_t pes = pimp_cores();
    if (pes > MAX_PES) {
        printf("PE %llu: more than %d PEs\n", (unsigned long long)me, MAX_PES);
        return 1;
    }
    const uint64_t start = cycles();
    for (uint64_t step = 0; step < pes; ++step) {
        const uint64_t destination = (me + step) % pes;
        for (long index = 0; index < words; ++index) {
            while (!pimp_can_send()) {
                if (pimp_has_message()) {
                    take_one();
                }
            }
            pimp_send(destination, me << 32 | (uint64_t)index);
        }
    }
    while (received < (long)pes * words) {
        pimp_wait_for_message();
        take_one();
    }
    for (uint64_t sender = 0; sender < pes; ++sender) {
        failed |= next_index[sender] != (uint64_t)words;
    }
    printf("PE %llu: all-to-all of %ld words %s in %llu cycles\n", (unsigned long long)me, words,
           failed ? "FAILED" : "complete", (unsigned long long)(cycles() - start));
    return failed;
}
