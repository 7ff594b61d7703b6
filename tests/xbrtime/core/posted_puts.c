/* Long runs of non-blocking puts that only the next barrier completes: under --transport rma
 * xbemu posts each remote store as an MPI one-sided put and completes them in batches, and the
 * last partial batch before a barrier once arrived as garbage (the origin buffers were freed
 * before MPI had read them). Every PE puts 1000 floats into its right neighbour, round after
 * round, and checks what its left neighbour put. */
#include "xbrtime.h"

#include <stdio.h>

#define ELEMENTS 1000
#define ROUNDS 300
#define UNTOUCHED 90.0f

static float received[ELEMENTS + 4];
static float sent[ELEMENTS];

static float value_of(int pe, int index, int round) {
    return (float)(pe * 97 + index * 3 + round);
}

int main(void) {
    if (xbrtime_init() != 0) {
        return 1;
    }
    const int me = xbrtime_mype();
    const int n = xbrtime_num_pes();
    const int right = (me + 1) % n;
    const int left = (me + n - 1) % n;
    for (int round = 0; round < ROUNDS; ++round) {
        for (int i = 0; i < ELEMENTS + 4; ++i) {
            received[i] = UNTOUCHED;
        }
        for (int i = 0; i < ELEMENTS; ++i) {
            sent[i] = value_of(me, i, round);
        }
        xbrtime_barrier();
        xbrtime_float_put_nb(received, sent, ELEMENTS, 1, right);
        xbrtime_barrier();
        for (int i = 0; i < ELEMENTS + 4; ++i) {
            const float expected = i < ELEMENTS ? value_of(left, i, round) : UNTOUCHED;
            if (received[i] != expected) {
                printf("FAIL on PE %d, round %d: element %d is %g, expected %g\n", me, round, i,
                       (double)received[i], (double)expected);
                return 1;
            }
        }
        xbrtime_barrier();
    }
    xbrtime_close();
    printf("posted puts: %d rounds of %d elements arrived on PE %d\n", ROUNDS, ELEMENTS, me);
    return 0;
}
