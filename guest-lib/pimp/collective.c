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

void pimp_collective_wait(const char* routine, pimp_request* request, size_t bytes) {
    pimp_wait_for(request);
    if (request->bytes != bytes) {
        pimp_fail("%s: node %d passed %zu bytes where node %d passed %zu (every node must pass "
                  "the same size)",
                  routine, request->node, request->bytes, pimp_state.me, bytes);
    }
}

void pimp_collective_receive(const char* routine, int node, void* buffer, size_t bytes) {
    pimp_request request;
    pimp_post_receive(PIMP_CHANNEL_COLLECTIVE, node, buffer, bytes, &request);
    pimp_collective_wait(routine, &request, bytes);
}
