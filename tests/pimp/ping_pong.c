/* PE 0 and PE 1 pass a message of WORDS words (argv[2], default 1) back and forth ROUNDS times
 * (argv[1], default 100); PE 0 prints the round trip in cycles (the rdcycle counter: simulated
 * cycles in the cycle mode). Other PEs do nothing. */
#include "pimp_ops.h"

#include <stdio.h>
#include <stdlib.h>

static void send_words(uint64_t node, uint64_t first, long words) {
    for (long word = 0; word < words; ++word) {
        pimp_send(node, first + (uint64_t)word);
    }
}

/* Returns 0 when all `words` came from `node` with the expected values. */
static int receive_words(uint64_t node, uint64_t first, long words) {
    for (long word = 0; word < words; ++word) {
        pimp_wait_for_message();
        if (pimp_sender() != node || pimp_receive() != first + (uint64_t)word) {
            return 1;
        }
    }
    return 0;
}

int main(int argc, char** argv) {
    const long rounds = argc > 1 ? atol(argv[1]) : 100;
    const long words = argc > 2 ? atol(argv[2]) : 1;
    const uint64_t me = pimp_id();
    if (pimp_cores() < 2 || me > 1) {
        return 0;
    }
    const uint64_t partner = 1 - me;
    const uint64_t start = cycles();
    for (long round = 0; round < rounds; ++round) {
        const uint64_t first = (uint64_t)round << 16;
        if (me == 0) {
            send_words(partner, first, words);
            if (receive_words(partner, first, words) != 0) {
                printf("PE 0: wrong word in round %ld\n", round);
                return 1;
            }
        } else {
            if (receive_words(partner, first, words) != 0) {
                printf("PE 1: wrong word in round %ld\n", round);
                return 1;
            }
            send_words(partner, first, words);
        }
    }
    if (me == 0) {
        printf("ping-pong of %ld words: %ld round trips, %llu cycles each\n", words, rounds,
               (unsigned long long)((cycles() - start) / (uint64_t)rounds));
    }
    return 0;
}
