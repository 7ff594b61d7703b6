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

/* Without a remainder, which the core divides for in tens of cycles. */
int pimp_rank_from_root(int root) {
    const int rank = pimp_state.me - root;
    return rank < 0 ? rank + pimp_state.nodes : rank;
}

int pimp_node_of_rank(int rank, int root) {
    const int node = rank + root;
    return node >= pimp_state.nodes ? node - pimp_state.nodes : node;
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
