/* Long compute phases with sparse communication, the case the cycle mode's synchronisation must
 * make cheap: every PE runs ROUNDS rounds of integer work (about 10,000 instructions each with
 * the default STEPS) and ends each round with one word to the next PE of a ring, either as an
 * xBGAS remote store (xbrtime, `store`) or as a PIMP word (raw `send`, `pimp`). No PE waits for
 * another until the end, where each PE checks the words it received against a checksum of what
 * its predecessor sent.
 *
 * usage: sparse_communication store|pimp [ROUNDS (100) [STEPS (1240)]]
 * Run `store` with --isa rv64gc_xbgas, `pimp` with --isa rv64gc_pimp. PE 0 prints one line with
 * a checksum of all words received, which depends only on the PE count, ROUNDS and STEPS; every
 * PE exits 0 when the check passed, 1 when it failed, 2 on a bad command line. */
#include "bench.h"
#include "pimp.h"
#include "xbrtime.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The word a PE sends in a round: STEPS steps of a linear congruential generator folded through
 * a nonlinear mix, so that the compiler cannot shorten the loop (about 6 instructions a step). */
static uint64_t compute_word(int pe, unsigned long round, unsigned long steps) {
    uint64_t state = ((uint64_t)pe << 32) ^ round ^ UINT64_C(0x9e3779b97f4a7c15);
    uint64_t mixed = 0;
    for (unsigned long step = 0; step < steps; ++step) {
        state = state * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
        mixed += (state >> 33) ^ (mixed << 3);
    }
    return mixed;
}

/* An order-sensitive checksum (FNV-1a over words): a word lost, changed or moved changes it. */
static uint64_t fold(uint64_t checksum, uint64_t word) {
    return (checksum ^ word) * UINT64_C(0x100000001b3);
}

#define CHECKSUM_START UINT64_C(0xcbf29ce484222325)

static void report(const char* mode, int pes, unsigned long rounds, unsigned long steps,
                   uint64_t checksum, uint64_t errors) {
    printf("sparse_communication %s: %d PEs, %lu rounds of %lu steps, checksum 0x%016" PRIx64
           ", %" PRIu64 " PEs with errors, verification %s\n",
           mode, pes, rounds, steps, checksum, errors, errors == 0 ? "PASSED" : "FAILED");
}

/* Symmetric operands of the xbrtime calls (static data is symmetric). */
static long predecessor_checksum;
static long local_checksum;
static long local_errors;
static long checksum_sum;
static long error_sum;

static int run_stores(unsigned long rounds, unsigned long steps) {
    if (xbrtime_init() != 0) {
        return 1;
    }
    const int me = xbrtime_mype();
    const int pes = xbrtime_num_pes();
    const int next = (me + 1) % pes;
    long* inbox = xbrtime_malloc(rounds * sizeof(long));
    if (inbox == NULL) {
        fprintf(stderr, "sparse_communication: no symmetric memory for %lu rounds\n", rounds);
        return 2;
    }
    /* Every PE's inbox must exist before a predecessor stores into it. */
    xbrtime_barrier();
    uint64_t sent = CHECKSUM_START;
    for (unsigned long round = 0; round < rounds; ++round) {
        const long word = (long)compute_word(me, round, steps);
        sent = fold(sent, (uint64_t)word);
        xbrtime_long_put_nb(&inbox[round], &word, 1, 1, next);
    }
    const long sent_checksum = (long)sent;
    xbrtime_long_put(&predecessor_checksum, &sent_checksum, 1, 1, next);
    xbrtime_barrier();
    uint64_t received = CHECKSUM_START;
    for (unsigned long round = 0; round < rounds; ++round) {
        received = fold(received, (uint64_t)inbox[round]);
    }
    local_checksum = (long)received;
    local_errors = received != (uint64_t)predecessor_checksum;
    xbrtime_long_reduce_sum(&checksum_sum, &local_checksum, 1, 1, 0);
    xbrtime_long_reduce_sum(&error_sum, &local_errors, 1, 1, 0);
    if (me == 0) {
        report("store", pes, rounds, steps, (uint64_t)checksum_sum, (uint64_t)error_sum);
    }
    const int failed = local_errors != 0;
    xbrtime_free(inbox);
    xbrtime_close();
    return failed;
}

/* The PIMP side: every word a node receives comes from its predecessor, in the order sent: ROUNDS
 * data words, the predecessor's checksum of them, then the two words of the token that collects
 * the error count and the checksum around the ring, from node 0 back to node 0. */
struct ring_receiver {
    unsigned long received;
    unsigned long rounds;
    uint64_t checksum;
};

static void take_arrived_words(struct ring_receiver* receiver) {
    while (receiver->received < receiver->rounds && pimp_has_message()) {
        receiver->checksum = fold(receiver->checksum, pimp_raw_receive());
        ++receiver->received;
    }
}

/* Sends word to node, taking arrived words while the send FIFO is full: a node never blocks
 * while its predecessor waits for room in its own FIFO, so the ring keeps moving. */
static void send_taking_words(uint64_t node, uint64_t word, struct ring_receiver* receiver) {
    while (!pimp_can_send()) {
        take_arrived_words(receiver);
    }
    pimp_raw_send(node, word);
}

static int run_words(unsigned long rounds, unsigned long steps) {
    if (pimp_init() != 0) {
        return 1;
    }
    const int me = pimp_my_node();
    const int nodes = pimp_node_count();
    const uint64_t next = (uint64_t)((me + 1) % nodes);
    struct ring_receiver receiver = {.received = 0, .rounds = rounds, .checksum = CHECKSUM_START};
    uint64_t sent = CHECKSUM_START;
    for (unsigned long round = 0; round < rounds; ++round) {
        const uint64_t word = compute_word(me, round, steps);
        sent = fold(sent, word);
        send_taking_words(next, word, &receiver);
        take_arrived_words(&receiver);
    }
    send_taking_words(next, sent, &receiver);
    while (receiver.received < rounds) {
        receiver.checksum = fold(receiver.checksum, pimp_raw_receive());
        ++receiver.received;
    }
    const uint64_t errors = receiver.checksum != pimp_raw_receive();
    uint64_t token_errors = errors;
    uint64_t token_checksum = receiver.checksum;
    if (me != 0) {
        token_errors += pimp_raw_receive();
        token_checksum += pimp_raw_receive();
    }
    pimp_raw_send(next, token_errors);
    pimp_raw_send(next, token_checksum);
    if (me == 0) {
        token_errors = pimp_raw_receive();
        token_checksum = pimp_raw_receive();
        report("pimp", nodes, rounds, steps, token_checksum, token_errors);
    }
    /* No pimp_finalize: its barrier's words could reach a node still taking raw words. */
    return errors != 0;
}

int main(int argc, char** argv) {
    const char* mode = bench_argument(argc, argv, 0, "");
    const unsigned long long rounds = bench_number(argc, argv, 1, 100);
    const unsigned long long steps = bench_number(argc, argv, 2, 1240);
    if (rounds < 1 || rounds > 1000000 || steps > 100000000) {
        fprintf(stderr, "sparse_communication: ROUNDS must be 1 to 1000000, STEPS at most 10^8\n");
        return 2;
    }
    if (strcmp(mode, "store") == 0) {
        return run_stores((unsigned long)rounds, (unsigned long)steps);
    }
    if (strcmp(mode, "pimp") == 0) {
        return run_words((unsigned long)rounds, (unsigned long)steps);
    }
    fprintf(stderr, "usage: sparse_communication store|pimp [ROUNDS [STEPS]]\n");
    return 2;
}
