/* pimp_init and pimp_finalize, the node queries, error reports and the scratch memory. */
#include "../xbrtime/runtime_state.h"
#include "pimp_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

struct pimp_state pimp_state = {.me = -1};

void pimp_fail(const char* format, ...) {
    char line[240];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(line, sizeof line, format, arguments);
    va_end(arguments);
    xbrtime_report_error("%s", line);
    /* The other nodes may be waiting for this one: the whole job ends. */
    xbrtime_end_job(1);
}

void pimp_check_initialised(const char* routine) {
    if (pimp_state.peers == NULL) {
        pimp_fail("%s: call pimp_init first", routine);
    }
}

void pimp_reject_node(const char* routine, int node) {
    pimp_check_initialised(routine);
    pimp_fail("%s: node %d does not exist (the machine has %d nodes)", routine, node,
              pimp_state.nodes);
}

static void* require(void* block, size_t bytes) {
    if (block == NULL && bytes > 0) {
        pimp_fail("pimp: no memory left for %zu bytes of the library's", bytes);
    }
    return block;
}

int pimp_init(void) {
    if (pimp_state.peers != NULL) {
        pimp_fail("pimp_init: called twice without pimp_finalize");
    }
    const long nodes = pimp_probe_node_count();
    if (nodes <= 0) {
        xbrtime_report_error(
            "pimp: this machine has no PIMP extension (run xbemu with --isa rv64gc_pimp)");
        return -1;
    }
    const size_t count = (size_t)nodes;
    pimp_state.me = (int)pimp_id();
    pimp_state.nodes = (int)nodes;
    pimp_state.peers =
        require(calloc(count, sizeof *pimp_state.peers), count * sizeof(struct pimp_peer));
    pimp_state.startable = require(calloc(count * PIMP_CHANNEL_COUNT, sizeof(uint32_t)),
                                   count * PIMP_CHANNEL_COUNT * sizeof(uint32_t));
    pimp_state.collective_requests =
        require(calloc(count, sizeof(pimp_request)), count * sizeof(pimp_request));
    pimp_state.open_streams = 0;
    pimp_state.pending_receives = 0;
    pimp_state.barrier_words = 0;
    pimp_state.startable_count = 0;
    return 0;
}

/* Whether any request of this node is still waiting. */
static int requests_pending(void) {
    for (int node = 0; node < pimp_state.nodes; ++node) {
        const struct pimp_peer* peer = &pimp_state.peers[node];
        for (unsigned channel = 0; channel < PIMP_CHANNEL_COUNT; ++channel) {
            if (peer->sends[channel].head != NULL || peer->receives[channel].head != NULL) {
                return 1;
            }
        }
    }
    return pimp_state.open_streams != 0;
}

void pimp_finalize(void) {
    pimp_check_initialised("pimp_finalize");
    if (requests_pending()) {
        pimp_fail("pimp_finalize: node %d still has requests that did not complete (wait for "
                  "them first)",
                  pimp_state.me);
    }
    pimp_barrier();
    free(pimp_state.peers);
    free(pimp_state.startable);
    free(pimp_state.collective_requests);
    free(pimp_state.scratch);
    pimp_state = (struct pimp_state){.me = -1};
}

int pimp_node_count(void) {
    pimp_check_initialised("pimp_node_count");
    return pimp_state.nodes;
}

int pimp_my_node(void) {
    pimp_check_initialised("pimp_my_node");
    return pimp_state.me;
}

void* pimp_scratch(size_t bytes) {
    if (bytes > pimp_state.scratch_bytes) {
        free(pimp_state.scratch);
        pimp_state.scratch = require(malloc(bytes), bytes);
        pimp_state.scratch_bytes = bytes;
    }
    return pimp_state.scratch;
}
