/* The dissemination barrier of xbrtime v1: in round i, PE me signals PE (me + 2^i) mod n and
 * waits for the signal of PE (me - 2^i) mod n, so every PE learns of every other's arrival in
 * ceil(log2 n) rounds. A signal is the barrier's number, stored into the round's word of the
 * control block; numbers only grow, so one word per round serves every barrier and a fast
 * partner already signalling the next barrier also satisfies this one. */
#include "runtime_state.h"
#include "xbgas.h"
#include "xbrtime.h"

static uint64_t barriers_started;

void xbrtime_fence(void) {
    xb_fence();
}

void xbrtime_barrier(void) {
    const int n = xbrtime_state.pe_count;
    const uint64_t number = ++barriers_started;
    struct xbrtime_control_block* control = xbrtime_state.control;
    /* Puts issued before the barrier arrive before any signal. */
    xb_fence();
    int round = 0;
    for (int distance = 1; distance < n; distance <<= 1, ++round) {
        const int partner = (xbrtime_state.pe + distance) % n;
        xb_esd(xbrtime_object_of_pe(partner), (void*)&control->barrier_round[round], number);
        xb_fence();
        while (control->barrier_round[round] < number) {
        }
    }
    /* Loads after the barrier see what the others stored before it. */
    xb_fence();
}
