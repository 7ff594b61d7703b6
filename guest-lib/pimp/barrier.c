/* The barrier: every node sends node 0 a barrier word, node 0 waits for all of them and sends
 * each node one back. Node 0 takes the words in an assembly loop that needs no decision per
 * word as long as no message is being streamed to it (every word is then a control word), and
 * sends the release words in another; anything else goes through the general progress. Words of
 * consecutive barriers cannot mix: a node sends its next barrier word only after node 0 has
 * counted all of the previous barrier's. */
#include "pimp_internal.h"

#define BARRIER_WORD ((uint64_t)PIMP_WORD_BARRIER)

/* Waits until count barrier words have come, those taken earlier by the progress included. */
static void take_barrier_words(size_t count) {
    for (;;) {
        pimp_start_ready_sends();
        if (pimp_state.barrier_words >= count) {
            break;
        }
        if (pimp_state.open_streams == 0) {
            uint64_t other[2];
            const size_t wanted = count - pimp_state.barrier_words;
            const size_t missing = pimp_take_words(wanted, BARRIER_WORD, other);
            pimp_state.barrier_words += wanted - missing;
            if (missing > 0) {
                pimp_handle_control((unsigned)other[0], other[1]);
            }
        } else {
            pimp_take_message(1);
        }
    }
    pimp_state.barrier_words -= count;
}

static void release_all(void) {
    const uint64_t end = (uint64_t)pimp_state.nodes;
    uint64_t next = 1;
    while ((next = pimp_send_to_nodes(next, end, BARRIER_WORD)) < end) {
        pimp_make_room();
    }
}

void pimp_barrier(void) {
    pimp_check_initialised("pimp_barrier");
    if (pimp_state.nodes == 1) {
        return;
    }
    if (pimp_state.me == 0) {
        take_barrier_words((size_t)pimp_state.nodes - 1);
        release_all();
    } else {
        pimp_send_one_word(0, BARRIER_WORD);
        take_barrier_words(1);
    }
}
