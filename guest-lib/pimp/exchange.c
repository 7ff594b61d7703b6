/* allgather and alltoall as one direct exchange: every node posts a receive from each other
 * node, then sends to node me + 1, me + 2, ... (so that the nodes do not all start with the
 * same one), copies its own block, and waits for its receives. A send waits only for the
 * receiver's ready word, which every node sends as it enters the call. */
#include "pimp_internal.h"

/* block_step is 0 when every node gets the same src (allgather), bytes when node j gets block
 * j of src (alltoall). */
static void exchange(const char* routine, void* dest, const void* src, size_t bytes,
                     size_t block_step) {
    pimp_check_initialised(routine);
    const int nodes = pimp_state.nodes;
    const int me = pimp_state.me;
    pimp_request* requests = pimp_state.collective_requests;
    unsigned char* to = dest;
    const unsigned char* from = src;
    for (int node = 0; node < nodes; ++node) {
        if (node != me) {
            pimp_post_receive(PIMP_CHANNEL_COLLECTIVE, node, to + (size_t)node * bytes, bytes,
                              &requests[node]);
        }
    }
    for (int step = 1; step < nodes; ++step) {
        const int node = pimp_node_of_rank(step, me);
        pimp_send_on(PIMP_CHANNEL_COLLECTIVE, node, from + (size_t)node * block_step, bytes);
    }
    pimp_copy(to + (size_t)me * bytes, from + (size_t)me * block_step, bytes);
    for (int node = 0; node < nodes; ++node) {
        if (node != me) {
            pimp_collective_wait(routine, &requests[node], bytes);
        }
    }
}

void pimp_allgather(void* dest, const void* src, size_t bytes) {
    exchange("pimp_allgather", dest, src, bytes, 0);
}

void pimp_alltoall(void* dest, const void* src, size_t bytes) {
    exchange("pimp_alltoall", dest, src, bytes, bytes);
}
