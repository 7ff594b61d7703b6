/* A node enters the barrier with its send FIFO full while a message streams in: while it waits
 * for room for its barrier word it takes the message's DATA word and the words that are there,
 * and every later word of that stream is data, not a barrier or other control word, although
 * no stream was open when the barrier began.
 *
 * Node 0 posts a receive from node 1, sends node 1 a word (so node 1 holds node 0's ready word)
 * and then computes without taking messages. Node 1 posts a receive of a long message from
 * node 2 and sends node 0 a message that fills node 0's receive FIFO and its own send FIFO,
 * then enters the barrier; node 2 streams its message to node 1 meanwhile. When node 0 takes
 * messages again, node 1's send FIFO has room in the middle of node 2's stream. The order is
 * fixed in the cycle mode; the functional mode meets it on some rounds, node 0 computing longer
 * in each. Needs 3 nodes; the others only take part in the barriers. */
#include "pimp_test.h"

/* The DATA word and 23 words: a 16-entry receive FIFO and an 8-entry send FIFO. */
#define FILLING_BYTES (23 * 8)
#define STREAM_BYTES 16384
#define ROUNDS 8
/* Node 0's computing in the first round, in loop iterations: longer than node 1 takes to enter
 * the barrier, and with the rounds' growth still shorter than node 2's stream takes. */
#define COMPUTING 1000

/* Node 2 sends from an unaligned buffer, word by word through memcpy: slower than node 1 takes
 * the words, so that node 1's receive FIFO runs empty between them and node 1 looks at its send
 * FIFO. */
static unsigned char outgoing[STREAM_BYTES + 1];
static uint64_t incoming[STREAM_BYTES / 8];
static uint64_t filling[FILLING_BYTES / 8];

static void compute(unsigned steps) {
    for (volatile unsigned step = 0; step < steps; ++step) {
    }
}

/* Waits for the receive of the message from node `from` in the round and checks it. */
static void check_message(int round, pimp_request* receive, const void* buffer, size_t bytes,
                          int from) {
    const size_t got = pimp_wait(receive);
    check(got == bytes, "round %d: node %d sent %zu bytes, expected %zu", round, from, got, bytes);
    const size_t mismatch = message_mismatch(buffer, bytes, from, me, round);
    check(mismatch == bytes, "round %d: node %d's message differs at byte %zu", round, from,
          mismatch);
}

static void node_0(int round) {
    pimp_request receive;
    pimp_ireceive(1, filling, sizeof filling, &receive);
    pimp_send_word(1, (uint64_t)round);
    compute(COMPUTING * (unsigned)(round + 1));
    pimp_barrier();
    check_message(round, &receive, filling, FILLING_BYTES, 1);
}

static void node_1(int round) {
    check(pimp_receive_word(0) == (uint64_t)round, "round %d: node 0's word is wrong", round);
    pimp_request receive;
    pimp_request send;
    pimp_ireceive(2, incoming, sizeof incoming, &receive);
    pimp_isend(0, filling, FILLING_BYTES, &send);
    pimp_barrier();
    check_message(round, &receive, incoming, STREAM_BYTES, 2);
    check(pimp_wait(&send) == FILLING_BYTES, "round %d: the send reports the wrong length", round);
}

int main(void) {
    if (start_test() != 0) {
        return 2;
    }
    if (nodes < 3) {
        printf("stream into barrier: needs 3 nodes, has %d\n", nodes);
        return 2;
    }
    for (int round = 0; round < ROUNDS; ++round) {
        /* The messages first, so that the nodes start the round together. */
        if (me == 1) {
            fill_message(filling, FILLING_BYTES, 1, 0, round);
        } else if (me == 2) {
            fill_message(outgoing + 1, STREAM_BYTES, 2, 1, round);
        }
        pimp_barrier();
        if (me == 0) {
            node_0(round);
        } else if (me == 1) {
            node_1(round);
        } else {
            if (me == 2) {
                pimp_send(1, outgoing + 1, STREAM_BYTES);
            }
            pimp_barrier();
        }
    }
    return finish_test("stream into barrier");
}
