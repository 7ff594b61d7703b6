/* What the PIMP library tests share: the node and node count, checks that count failures and
 * report the first ten, the bytes a node sends in a test (a formula of sender, receiver, case
 * and index, so that every node knows what it must get), and the closing summary. Each test
 * program is one file, which includes this once. */
#ifndef PIMP_TEST_H
#define PIMP_TEST_H

#include "pimp.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int me, nodes;
static long checks, failures;

/* Counts a check; a failed one is reported, the first ten of them, as one line
 * "node me: FAIL <format>". */
__attribute__((format(printf, 2, 3))) static inline void check(int passed, const char* format,
                                                               ...) {
    ++checks;
    if (passed || failures++ >= 10) {
        return;
    }
    /* One printf for the whole line, so that the nodes' reports do not interleave within it. */
    char text[200];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(text, sizeof text, format, arguments);
    va_end(arguments);
    printf("node %d: FAIL %s\n", me, text);
}

/* pimp_init, then me and nodes; 0, or -1 when the library could not start. */
static inline int start_test(void) {
    if (pimp_init() != 0) {
        return -1;
    }
    me = pimp_my_node();
    nodes = pimp_node_count();
    return 0;
}

/* Byte index of the message that node from sends node to in case number test_case. */
static inline unsigned char message_byte(int from, int to, int test_case, size_t index) {
    return (unsigned char)(from * 37 + to * 11 + test_case * 101 + index * 7 + (index >> 8));
}

static inline void fill_message(void* buffer, size_t bytes, int from, int to, int test_case) {
    unsigned char* byte = buffer;
    for (size_t i = 0; i < bytes; ++i) {
        byte[i] = message_byte(from, to, test_case, i);
    }
}

/* The first index where buffer differs from the message, or bytes when it does not. */
static inline size_t message_mismatch(const void* buffer, size_t bytes, int from, int to,
                                      int test_case) {
    const unsigned char* byte = buffer;
    for (size_t i = 0; i < bytes; ++i) {
        if (byte[i] != message_byte(from, to, test_case, i)) {
            return i;
        }
    }
    return bytes;
}

/* Whether the bytes [from, to) of buffer all hold value. */
static inline int bytes_hold(const void* buffer, size_t from, size_t to, unsigned char value) {
    const unsigned char* byte = buffer;
    for (size_t i = from; i < to; ++i) {
        if (byte[i] != value) {
            return 0;
        }
    }
    return 1;
}

/* Sums checks and failures over the nodes (with the library itself), then node 0 prints
 * "<program>: N checks passed on M nodes" or the failure count; pimp_finalize. Returns the exit
 * status: 1 when a check failed anywhere. */
static inline int finish_test(const char* program) {
    long counts[2] = {checks, failures};
    long totals[2];
    pimp_allreduce(totals, counts, 2, PIMP_LONG, PIMP_SUM);
    if (me == 0) {
        if (totals[1] == 0) {
            printf("%s: %ld checks passed on %d nodes\n", program, totals[0], nodes);
        } else {
            printf("%s: %ld of %ld checks failed on %d nodes\n", program, totals[1], totals[0],
                   nodes);
        }
    }
    pimp_finalize();
    return totals[1] != 0;
}

#endif
