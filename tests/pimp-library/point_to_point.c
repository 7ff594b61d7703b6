/* The PIMP library's point-to-point messages on any node count: every size class (0 bytes, a
 * partial word, whole words, the depth of the send and of the receive FIFO and beyond, a tail
 * after many words), aligned and unaligned buffers, blocking and non-blocking calls in every
 * order, early ready words, messages from several nodes at once, streams crossing between two
 * nodes, a node messaging itself, and user messages pending across collectives. Each received
 * message is compared with the formula of pimp_test.h, its length with the sender's, and the
 * bytes after it must keep their sentinel. */
#include "pimp_test.h"

#include <stdlib.h>

#define SENTINEL 0x5a
#define MARGIN 16
#define OFFSETS 2

/* 64 bytes fill the send FIFO, 128 the receive FIFO. */
static const size_t sizes[] = {0, 1, 7, 8, 9, 15, 16, 17, 64, 120, 128, 136, 320, 1000, 4099};
#define SIZE_COUNT (sizeof sizes / sizeof *sizes)
#define LARGEST 4099
/* Unaligned buffers take the library's byte-wise paths. */
static const size_t offsets[OFFSETS] = {0, 3};

static unsigned char* receive_buffers;
static unsigned char* send_buffers;

/* Buffer i of a set of slots large enough for the largest message, an offset and the margin. */
#define SLOT_BYTES (LARGEST + 8 + MARGIN)
static unsigned char* slot(unsigned char* buffers, size_t i) {
    return buffers + i * SLOT_BYTES;
}

static void prepare_receive(unsigned char* buffer) {
    memset(buffer, SENTINEL, SLOT_BYTES);
}

static void check_received(const char* scenario, const unsigned char* buffer, size_t got,
                           size_t bytes, int from, int test_case) {
    check(got == bytes, "%s: %zu bytes from node %d, expected %zu", scenario, got, from, bytes);
    const size_t mismatch = message_mismatch(buffer, bytes, from, me, test_case);
    check(mismatch == bytes, "%s: message of %zu bytes from node %d differs at byte %zu", scenario,
          bytes, from, mismatch);
    check(bytes_hold(buffer, bytes, bytes + MARGIN, SENTINEL),
          "%s: the %zu-byte message from node %d wrote past its end", scenario, bytes, from);
}

/* Each node with a partner (me ^ 1) exchanges every size with it, at every pair of offsets:
 * both post their receive and send at once, so long messages stream both ways together. */
static void exchange_with_partner(void) {
    const int partner = me ^ 1;
    if (partner >= nodes) {
        return;
    }
    for (size_t s = 0; s < SIZE_COUNT; ++s) {
        for (size_t o = 0; o < OFFSETS * OFFSETS; ++o) {
            const size_t bytes = sizes[s];
            const int test_case = (int)(s * OFFSETS * OFFSETS + o);
            unsigned char* in = slot(receive_buffers, 0) + offsets[o % OFFSETS];
            unsigned char* out = slot(send_buffers, 0) + offsets[o / OFFSETS];
            prepare_receive(slot(receive_buffers, 0));
            fill_message(out, bytes, me, partner, test_case);
            pimp_request request;
            pimp_ireceive(partner, in, bytes + MARGIN, &request);
            pimp_send(partner, out, bytes);
            const size_t got = pimp_wait(&request);
            check_received("partner exchange", in, got, bytes, partner, test_case);
        }
    }
}

/* Every node sends every node (itself too) one message, all sends posted before any receive:
 * the sends wait for ready words, which come as the receives are posted in reverse order, and
 * the receives are waited for in forward order while messages of the others stream in. */
static void everybody_to_everybody(void) {
    pimp_request* sends = malloc((size_t)nodes * sizeof *sends);
    pimp_request* receives = malloc((size_t)nodes * sizeof *receives);
    for (int to = 0; to < nodes; ++to) {
        const size_t bytes = sizes[(size_t)(me + to) % SIZE_COUNT];
        fill_message(slot(send_buffers, (size_t)to), bytes, me, to, 500);
        pimp_isend(to, slot(send_buffers, (size_t)to), bytes, &sends[to]);
    }
    for (int from = nodes - 1; from >= 0; --from) {
        prepare_receive(slot(receive_buffers, (size_t)from));
        pimp_ireceive(from, slot(receive_buffers, (size_t)from), LARGEST + MARGIN, &receives[from]);
    }
    for (int from = 0; from < nodes; ++from) {
        const size_t got = pimp_wait(&receives[from]);
        check_received("everybody to everybody", slot(receive_buffers, (size_t)from), got,
                       sizes[(size_t)(from + me) % SIZE_COUNT], from, 500);
    }
    for (int to = 0; to < nodes; ++to) {
        const size_t sent = pimp_wait(&sends[to]);
        check(sent == sizes[(size_t)(me + to) % SIZE_COUNT],
              "everybody to everybody: send to node %d reports %zu bytes", to, sent);
    }
    free(sends);
    free(receives);
}

/* Every other node sends node 0 three messages with blocking sends; node 0 posts all receives
 * first and waits for them from the last node down, so the words of many senders interleave
 * in its FIFO. Several messages of one pair must arrive in order. */
#define MESSAGES_PER_SENDER 3
static const size_t many_to_one_sizes[MESSAGES_PER_SENDER] = {1000, 0, 333};

static void many_to_one(void) {
    if (me != 0) {
        for (int m = 0; m < MESSAGES_PER_SENDER; ++m) {
            fill_message(slot(send_buffers, 0), many_to_one_sizes[m], me, 0, 600 + m);
            pimp_send(0, slot(send_buffers, 0), many_to_one_sizes[m]);
        }
        return;
    }
    const size_t count = (size_t)nodes * MESSAGES_PER_SENDER;
    pimp_request* receives = malloc(count * sizeof *receives);
    unsigned char* buffers = calloc(count, SLOT_BYTES);
    for (int from = 1; from < nodes; ++from) {
        for (int m = 0; m < MESSAGES_PER_SENDER; ++m) {
            const size_t i = (size_t)from * MESSAGES_PER_SENDER + (size_t)m;
            prepare_receive(slot(buffers, i));
            pimp_ireceive(from, slot(buffers, i), LARGEST + MARGIN, &receives[i]);
        }
    }
    for (int from = nodes - 1; from >= 1; --from) {
        for (int m = MESSAGES_PER_SENDER - 1; m >= 0; --m) {
            const size_t i = (size_t)from * MESSAGES_PER_SENDER + (size_t)m;
            const size_t got = pimp_wait(&receives[i]);
            check_received("many to one", slot(buffers, i), got, many_to_one_sizes[m], from,
                           600 + m);
        }
    }
    free(receives);
    free(buffers);
}

/* Words around the ring: non-blocking to the right, completed by polling with pimp_test; then
 * blocking to the left, even nodes sending first. */
static void words_around_the_ring(void) {
    const int right = (me + 1) % nodes;
    const int left = (me + nodes - 1) % nodes;
    uint64_t word = 0;
    pimp_request receive;
    pimp_request send;
    pimp_ireceive_word(left, &word, &receive);
    pimp_isend_word(right, 0x1000u * (uint64_t)me + 1, &send);
    while (!pimp_test(&receive) || !pimp_test(&send)) {
    }
    check(word == 0x1000u * (uint64_t)left + 1, "ring: word %#llx from node %d",
          (unsigned long long)word, left);
    check(pimp_wait(&send) == sizeof word, "ring: the word send reports the wrong length");
    if (nodes == 1) {
        return;
    }
    const uint64_t mine = UINT64_C(0xfedcba9876543210) ^ (uint64_t)me;
    uint64_t got;
    if (me % 2 == 0) {
        pimp_send_word(left, mine);
        got = pimp_receive_word(right);
    } else {
        got = pimp_receive_word(right);
        pimp_send_word(left, mine);
    }
    check(got == (UINT64_C(0xfedcba9876543210) ^ (uint64_t)right),
          "ring: blocking word %#llx from node %d", (unsigned long long)got, right);
}

/* A node messages itself, the receive or the send posted first, up to longer than both
 * FIFOs together. */
static void to_myself(void) {
    static const size_t self_sizes[] = {0, 8, 13, 200, 1000};
    for (size_t s = 0; s < sizeof self_sizes / sizeof *self_sizes; ++s) {
        const size_t bytes = self_sizes[s];
        unsigned char* in = slot(receive_buffers, 0);
        unsigned char* out = slot(send_buffers, 0);
        fill_message(out, bytes, me, me, 700 + (int)s);
        prepare_receive(in);
        pimp_request request;
        pimp_ireceive(me, in, bytes + MARGIN, &request);
        pimp_send(me, out, bytes);
        check_received("to myself, receive first", in, pimp_wait(&request), bytes, me,
                       700 + (int)s);
        prepare_receive(in);
        pimp_isend(me, out, bytes, &request);
        check_received("to myself, send first", in, pimp_receive(me, in, bytes + MARGIN), bytes, me,
                       700 + (int)s);
        check(pimp_wait(&request) == bytes, "to myself: the send reports the wrong length");
    }
}

/* A receive and a send pending while the nodes run a barrier, a broadcast and an allgather:
 * the collectives must not take the user's ready words or data, and the send may stream while
 * the collectives wait. */
static void pending_across_collectives(void) {
    const int right = (me + 1) % nodes;
    const int left = (me + nodes - 1) % nodes;
    const size_t bytes = 777;
    unsigned char* in = slot(receive_buffers, 0);
    unsigned char* out = slot(send_buffers, 0);
    prepare_receive(in);
    fill_message(out, bytes, me, right, 800);
    pimp_request receive;
    pimp_request send;
    pimp_ireceive(left, in, bytes + MARGIN, &receive);
    pimp_isend(right, out, bytes, &send);
    pimp_barrier();
    uint64_t word = me == 0 ? 0x77 : 0;
    pimp_broadcast(&word, sizeof word, 0);
    check(word == 0x77, "pending across collectives: broadcast gave %#llx",
          (unsigned long long)word);
    int* all = malloc((size_t)nodes * sizeof *all);
    pimp_allgather(all, &me, sizeof me);
    for (int node = 0; node < nodes; ++node) {
        check(all[node] == node, "pending across collectives: allgather block %d holds %d", node,
              all[node]);
    }
    free(all);
    check_received("pending across collectives", in, pimp_wait(&receive), bytes, left, 800);
    pimp_wait(&send);
}

/* Five messages to the partner in a row, received into separate buffers and waited for last
 * first: the receives of one pair match the sends in order. */
static void several_messages_in_a_row(void) {
    const int partner = me ^ 1;
    if (partner >= nodes) {
        return;
    }
    enum { COUNT = 5 };
    static const size_t row_sizes[COUNT] = {24, 0, 1000, 5, 136};
    pimp_request sends[COUNT];
    pimp_request receives[COUNT];
    for (int m = 0; m < COUNT; ++m) {
        prepare_receive(slot(receive_buffers, (size_t)m));
        pimp_ireceive(partner, slot(receive_buffers, (size_t)m), LARGEST + MARGIN, &receives[m]);
    }
    for (int m = 0; m < COUNT; ++m) {
        fill_message(slot(send_buffers, (size_t)m), row_sizes[m], me, partner, 900 + m);
        pimp_isend(partner, slot(send_buffers, (size_t)m), row_sizes[m], &sends[m]);
    }
    for (int m = COUNT - 1; m >= 0; --m) {
        check_received("several in a row", slot(receive_buffers, (size_t)m),
                       pimp_wait(&receives[m]), row_sizes[m], partner, 900 + m);
    }
    pimp_wait_all(sends, COUNT);
}

int main(void) {
    if (start_test() != 0) {
        return 2;
    }
    const size_t slots = nodes > 5 ? (size_t)nodes : 5;
    receive_buffers = malloc(slots * SLOT_BYTES);
    send_buffers = malloc(slots * SLOT_BYTES);
    if (receive_buffers == NULL || send_buffers == NULL) {
        printf("node %d: no memory for the buffers\n", me);
        return 2;
    }
    exchange_with_partner();
    everybody_to_everybody();
    many_to_one();
    words_around_the_ring();
    to_myself();
    pending_across_collectives();
    several_messages_in_a_row();
    return finish_test("point to point");
}
