/* Broadcast along a binomial tree over ranks relative to the root: rank r gets the message from
 * r minus its lowest set bit and passes it on to r + 2^k for every 2^k below that bit, the
 * largest subtree first. The sends are posted together, so each child is served as soon as its
 * ready word is there. */
#include "pimp_internal.h"

/* The lowest set bit of rank; for the root the first power of two not below nodes. */
static int lowest_bit(int rank, int nodes) {
    int bit = 1;
    while (bit < nodes && (rank & bit) == 0) {
        bit <<= 1;
    }
    return bit;
}

void pimp_broadcast(void* buffer, size_t bytes, int root) {
    static const char routine[] = "pimp_broadcast";
    pimp_collective_begin(routine, root);
    const int nodes = pimp_state.nodes;
    const int rank = pimp_rank_from_root(root);
    const int bit = lowest_bit(rank, nodes);
    if (rank != 0) {
        pimp_collective_receive(routine, pimp_node_of_rank(rank - bit, root), buffer, bytes);
    }
    pimp_request* requests = pimp_state.collective_requests;
    size_t children = 0;
    for (int child_bit = bit >> 1; child_bit > 0; child_bit >>= 1) {
        if (rank + child_bit < nodes) {
            pimp_post_send(PIMP_CHANNEL_COLLECTIVE, pimp_node_of_rank(rank + child_bit, root),
                           buffer, bytes, &requests[children++]);
        }
    }
    for (size_t child = 0; child < children; ++child) {
        pimp_wait_for(&requests[child]);
    }
}
