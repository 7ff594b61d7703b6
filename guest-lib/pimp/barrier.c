/* The barrier: every node sends node 0 a barrier word, node 0 waits for all of them and sends
 * each node one back, in the loops of barrier.S as long as every word that comes is a barrier
 * word, and through the general progress otherwise. Words of consecutive barriers cannot mix: a
 * node sends its next barrier word only after node 0 has counted all of the previous
 * barrier's. */
#include "pimp_internal.h"

#define BARRIER_WORD ((uint64_t)PIMP_WORD_BARRIER)

/* Waits until count barrier words have come, those taken earlier by the progress included. */
static void take_barrier_words(size_t count) {
    for (;;) {
        if (pimp_state.startable_count != 0) {
            pimp_start_ready_sends();
        }
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

static void release_from(uint64_t first) {
    const uint64_t end = (uint64_t)pimp_state.nodes;
    while ((first = pimp_send_to_nodes(first, end, BARRIER_WORD)) < end) {
        pimp_make_room();
    }
}

static void barrier_through_progress(void) {
    pimp_check_initialised("pimp_barrier");
    if (pimp_state.nodes == 1) {
        return;
    }
    if (pimp_state.me == 0) {
        take_barrier_words((size_t)pimp_state.nodes - 1);
        release_from(1);
    } else {
        pimp_send_one_word(0, BARRIER_WORD);
        take_barrier_words(1);
    }
}

void pimp_barrier(void) {
    /* The common case: no message is being streamed to this node (so every word is a control
     * word), no send waits to be started, no barrier word was counted before, and, on the nodes
     * other than 0, room for the barrier word. */
    if (pimp_state.nodes <= 1 || pimp_state.open_streams != 0 || pimp_state.startable_count != 0 ||
        pimp_state.barrier_words != 0) {
        barrier_through_progress();
        return;
    }
    if (pimp_state.me == 0) {
        uint64_t other[2];
        const size_t missing = pimp_take_words((size_t)pimp_state.nodes - 1, BARRIER_WORD, other);
        if (missing != 0) {
            /* A word of something else came between: the rest through the progress. */
            pimp_handle_control((unsigned)other[0], other[1]);
            take_barrier_words(missing);
        }
        release_from(1);
        return;
    }
    if (!pimp_can_send()) {
        /* Waiting for room takes messages: a DATA word among them opens a stream, whose later
         * words are data, not control words, and a ready word makes a send startable. */
        barrier_through_progress();
        return;
    }
    pimp_raw_send(0, BARRIER_WORD);
    const uint64_t source = pimp_raw_source();
    const uint64_t word = pimp_raw_receive();
    if (word != BARRIER_WORD) {
        pimp_handle_control((unsigned)source, word);
        take_barrier_words(1);
    }
}
