/* Scatter and gather: the root posts one send (scatter) or receive (gather) per node at once
 * and serves the nodes in the order their ready words or data come; it copies its own block. */
#include "pimp_internal.h"

/* Waits for the root's requests of every other node, requests[node] (root's own unused). */
static void wait_for_nodes(const char* routine, pimp_request* requests, size_t bytes, int root) {
    for (int node = 0; node < pimp_state.nodes; ++node) {
        if (node != root) {
            pimp_collective_wait(routine, &requests[node], bytes);
        }
    }
}

void pimp_scatter(void* dest, const void* src, size_t bytes, int root) {
    static const char routine[] = "pimp_scatter";
    pimp_collective_begin(routine, root);
    if (pimp_state.me != root) {
        pimp_collective_receive(routine, root, dest, bytes);
        return;
    }
    pimp_request* requests = pimp_state.collective_requests;
    const unsigned char* blocks = src;
    for (int node = 0; node < pimp_state.nodes; ++node) {
        if (node != root) {
            pimp_post_send(PIMP_CHANNEL_COLLECTIVE, node, blocks + (size_t)node * bytes, bytes,
                           &requests[node]);
        }
    }
    pimp_copy(dest, blocks + (size_t)root * bytes, bytes);
    wait_for_nodes(routine, requests, bytes, root);
}

void pimp_gather(void* dest, const void* src, size_t bytes, int root) {
    static const char routine[] = "pimp_gather";
    pimp_collective_begin(routine, root);
    if (pimp_state.me != root) {
        pimp_send_on(PIMP_CHANNEL_COLLECTIVE, root, src, bytes);
        return;
    }
    pimp_request* requests = pimp_state.collective_requests;
    unsigned char* blocks = dest;
    for (int node = 0; node < pimp_state.nodes; ++node) {
        if (node != root) {
            pimp_post_receive(PIMP_CHANNEL_COLLECTIVE, node, blocks + (size_t)node * bytes, bytes,
                              &requests[node]);
        }
    }
    pimp_copy(blocks + (size_t)root * bytes, src, bytes);
    wait_for_nodes(routine, requests, bytes, root);
}
