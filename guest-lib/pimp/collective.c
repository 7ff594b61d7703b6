/* What the collectives share: argument checks, ranks relative to a root, and receives whose
 * length every node knows beforehand. */
#include "pimp_internal.h"

void pimp_collective_begin(const char* routine, int root) {
    pimp_check_initialised(routine);
    if (root < 0 || root >= pimp_state.nodes) {
        pimp_fail("%s: root %d does not exist (the machine has %d nodes)", routine, root,
                  pimp_state.nodes);
    }
}

int pimp_rank_from_root(int root) {
    return (pimp_state.me - root + pimp_state.nodes) % pimp_state.nodes;
}

int pimp_node_of_rank(int rank, int root) {
    return (rank + root) % pimp_state.nodes;
}

static void check_size(const char* routine, int node, size_t got, size_t bytes) {
    if (got != bytes) {
        pimp_fail("%s: node %d passed %zu bytes where node %d passed %zu (every node must pass "
                  "the same size)",
                  routine, node, got, pimp_state.me, bytes);
    }
}

void pimp_collective_wait(const char* routine, pimp_request* request, size_t bytes) {
    pimp_wait_for(request);
    check_size(routine, request->node, request->bytes, bytes);
}

void pimp_collective_receive(const char* routine, int node, void* buffer, size_t bytes) {
    check_size(routine, node, pimp_receive_on(PIMP_CHANNEL_COLLECTIVE, node, buffer, bytes), bytes);
}
