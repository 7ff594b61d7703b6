/* RCCE's barrier: a gather of arrival flags at node 0 and a release flag for every node, so it
 * costs node 0 one flag wait and one remote store per node. Counters only grow, so two
 * consecutive barriers cannot mix: a node raises its arrival flag for barrier b only after node
 * 0 released b - 1. */
#include "mpb_internal.h"
#include "xbgas.h"

void mpb_barrier(void) {
    struct mpb_state* s = &mpb_state;
    mpb_check_node("mpb_barrier", 0);
    /* What a node wrote before the barrier is complete when the others leave it. */
    xb_fence();
    const uint64_t barrier = ++s->barriers;
    if (s->me == 0) {
        for (int node = 1; node < s->nodes; ++node) {
            mpb_wait_at_least(&s->arrivals[node], barrier);
        }
        for (int node = 1; node < s->nodes; ++node) {
            mpb_set_remote_flag(node, s->release, barrier);
        }
    } else {
        mpb_set_remote_flag(0, &s->arrivals[s->me], barrier);
        mpb_wait_at_least(s->release, barrier);
    }
}
