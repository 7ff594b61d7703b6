/* Notified collectives after the GASPI paper (Al Ahad, Simmendinger, Iakymchuk et al.): every
 * transfer is a put followed by a signal, a sequence number stored into a word of the target's
 * scratch block, and a PE waits for the signals it needs instead of a barrier per stage.
 *
 * reduce_all is a dissemination: in round k PE i sends its running window F_k (the combination
 * of PEs i-2^k+1 .. i) to PE i+2^k and combines the window of PE i-2^k into it, so F_L covers
 * 2^L PEs after L rounds. When n is not a power of two, r = n - 2^L PEs are missing after the
 * largest power 2^L <= n; one more round sends the partial window P_r of each sender's r latest
 * PEs. P_s is built on the way, as the paper does for n = 7 and 11: for s = 2^m + t (t < 2^m),
 * P_s = F_m combined with the sender's P_t received in round m beside F_m; P_{2^q} is F_q kept
 * aside before round q. So every round carries one window, or two, and every PE stays busy.
 *
 * gather_all (allgatherv) puts the caller's piece with a signal into every other PE's scratch
 * block at the piece's offset, then waits for the n - 1 signals of the others and copies the
 * pieces into its own dest. GASPI writes into the target's result window itself; here a PE may
 * still be reading its dest when a faster one starts the next call, so the pieces land in
 * scratch first.
 *
 * No barrier ends a call. Calls alternate between two halves of the scratch block (the parity of
 * the call's number), and that suffices: a PE finishes call c only with every PE's contribution
 * to it, so every PE has left call c - 1 before any PE can start call c + 1, the next user of
 * that half. The block grows, between two barriers, only when a call needs more room; every PE
 * makes the same calls, so all grow in the same call and get the same address. */
#include "collective_internal.h"
#include "runtime_state.h"
#include "xbgas.h"
#include "xbrtime.h"
#include "xbrtime_collectives.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROUNDS 32
#define PARITIES 2

/* The scratch block: the signal words of both parities (reduce_all's per round, gather_all's
 * per sending PE), then two halves of data, one per parity, each reduce_all's round slots of two
 * windows or gather_all's pieces. The halves' size is the block's, not the call's, so that calls
 * of different sizes never overlap. */
static size_t signal_words(int pes) {
    return PARITIES * MAX_ROUNDS + PARITIES * (size_t)pes;
}

static size_t gather_signal(int pes, uint64_t call, int sender) {
    return PARITIES * MAX_ROUNDS + (call % PARITIES) * (size_t)pes + (size_t)sender;
}

static size_t reduce_signal(uint64_t call, int round) {
    return (call % PARITIES) * MAX_ROUNDS + (size_t)round;
}

static uint64_t calls_started;
static enum xbrtime_collective_algorithm algorithm = XBRTIME_COLLECTIVES_AUTOMATIC;

void xbrtime_set_collective_algorithm(enum xbrtime_collective_algorithm chosen) {
    if (chosen != XBRTIME_COLLECTIVES_AUTOMATIC && chosen != XBRTIME_COLLECTIVES_BARRIER_STAGES &&
        chosen != XBRTIME_COLLECTIVES_NOTIFIED) {
        xbrtime_report_error("xbrtime: %d is not an xbrtime_collective_algorithm", (int)chosen);
        xbrtime_end_job(1);
    }
    algorithm = chosen;
}

enum xbrtime_collective_algorithm xbrtime_collective_algorithm(void) {
    return algorithm;
}

int xbrtime_collective_uses_notified(int order_independent) {
    if (xbrtime_state.pe_count < 2) {
        return 0;
    }
    return algorithm == XBRTIME_COLLECTIVES_NOTIFIED ||
           (algorithm == XBRTIME_COLLECTIVES_AUTOMATIC && order_independent);
}

/* The scratch block with data_bytes in each half; the same size on every PE in the same call. */
static char* scratch_for(int pes, size_t data_bytes) {
    const size_t signal_bytes = signal_words(pes) * sizeof(uint64_t);
    const size_t half = (data_bytes + 63) & ~(size_t)63;
    if (xbrtime_state.notified_half_bytes < half || xbrtime_state.notified_scratch == NULL) {
        /* Nobody is still using the old block (or the memory the new one takes) once all have
         * entered this call, and nobody signals into the new one before all have zeroed it. */
        xbrtime_barrier();
        xbrtime_free(xbrtime_state.notified_scratch);
        xbrtime_state.notified_scratch = xbrtime_collective_scratch(signal_bytes + PARITIES * half);
        xbrtime_state.notified_half_bytes = half;
        memset(xbrtime_state.notified_scratch, 0, signal_bytes);
        xbrtime_barrier();
    }
    return xbrtime_state.notified_scratch;
}

static volatile uint64_t* signal_at(char* scratch, size_t index) {
    return (volatile uint64_t*)scratch + index;
}

static char* data_half(char* scratch, int pes, uint64_t call) {
    return scratch + signal_words(pes) * sizeof(uint64_t) +
           (call % PARITIES) * xbrtime_state.notified_half_bytes;
}

/* The signal is posted behind the data (the fence before it) and completed before the caller
 * starts waiting, so that two PEs never wait for each other's posted signals. */
static void send_signal(volatile uint64_t* word, uint64_t call, int pe) {
    xb_esd(xbrtime_object_of_pe(pe), (void*)word, call);
}

/* Returns once the word holds this call's number (or a later one's, which cannot be yet); the
 * fence lets the loads after it see the data the signal announced. */
static void wait_signal(volatile uint64_t* word, uint64_t call) {
    while (*word < call) {
    }
    xb_fence();
}

/* Private room of the calling PE for reduce_all's windows, kept between calls. */
static void* private_room(size_t bytes) {
    static void* room;
    static size_t room_bytes;
    if (room_bytes < bytes) {
        free(room);
        room = xbrtime_collective_private_buffer(bytes);
        room_bytes = bytes;
    }
    return room;
}

static int is_power_of_two(int value) {
    return value > 0 && (value & (value - 1)) == 0;
}

static int floor_log2(int value) {
    int log = 0;
    while ((1 << (log + 1)) <= value) {
        ++log;
    }
    return log;
}

/* The notified allgatherv costs about (n - 1) x the largest piece on its largest sender, the
 * trees about ceil(log2 n) x the total on every PE; measured in the cycle mode (docs/
 * reproductions.md, GASPI), the notified one stays faster while the first is below four times
 * the second (a broadcast distribution on 17 PEs, and every regular or linearly decreasing one
 * up to 64), and is 2.8x slower for the broadcast distribution on 64 PEs. */
#define GATHER_COST_RATIO 4

int xbrtime_collective_uses_notified_gather(size_t largest, size_t total) {
    if (!xbrtime_collective_uses_notified(1)) {
        return 0;
    }
    const size_t pes = (size_t)xbrtime_state.pe_count;
    return algorithm == XBRTIME_COLLECTIVES_NOTIFIED ||
           (pes - 1) * largest <=
               GATHER_COST_RATIO * total * (size_t)(floor_log2((int)pes - 1) + 1);
}

void xbrtime_collective_notified_reduce_all(void* dest, const void* src, size_t nelems, int stride,
                                            size_t element_size,
                                            xbrtime_combine_function* combine) {
    const int pes = xbrtime_state.pe_count;
    const int me = xbrtime_state.pe;
    const size_t window_bytes = nelems * element_size;
    const size_t slot_bytes = 2 * window_bytes;
    const int full_rounds = floor_log2(pes);
    const int missing = pes - (1 << full_rounds);
    const int rounds = full_rounds + (missing > 0);
    char* scratch = scratch_for(pes, (size_t)rounds * slot_bytes);
    const uint64_t call = ++calls_started;
    char* slots = data_half(scratch, pes, call);

    char* window = private_room(3 * window_bytes);
    char* partial = window + window_bytes;
    char* next_partial = partial + window_bytes;
    xbrtime_collective_copy(window, 1, src, stride, nelems, element_size);

    /* The chain of partial windows P_missing, P_t, ... down to a power of two 2^kept_round: the
     * round in which each is completed (its highest bit) is marked in partial_rounds. */
    uint32_t partial_rounds = 0;
    int kept_round = -1;
    for (int size = missing; size > 0;) {
        if (is_power_of_two(size)) {
            kept_round = floor_log2(size);
            break;
        }
        const int round = floor_log2(size);
        partial_rounds |= 1u << round;
        size -= 1 << round;
    }

    for (int round = 0; round < full_rounds; ++round) {
        const int distance = 1 << round;
        const int to = (me + distance) % pes;
        char* slot = slots + (size_t)round * slot_bytes;
        if (round == kept_round) {
            memcpy(partial, window, window_bytes);
        }
        const int with_partial = (partial_rounds >> round) & 1;
        xbrtime_put_elements_nb(slot, window, nelems, 1, element_size, to);
        if (with_partial) {
            xbrtime_put_elements_nb(slot + window_bytes, partial, nelems, 1, element_size, to);
        }
        xb_fence();
        volatile uint64_t* signal = signal_at(scratch, reduce_signal(call, round));
        send_signal(signal, call, to);
        xb_fence();
        wait_signal(signal, call);
        if (with_partial) {
            memcpy(next_partial, window, window_bytes);
            combine(next_partial, slot + window_bytes, nelems);
            char* swap = partial;
            partial = next_partial;
            next_partial = swap;
        }
        combine(window, slot, nelems);
    }
    if (missing > 0) {
        const int distance = 1 << full_rounds;
        const int to = (me + distance) % pes;
        char* slot = slots + (size_t)full_rounds * slot_bytes;
        xbrtime_put_elements_nb(slot, partial, nelems, 1, element_size, to);
        xb_fence();
        volatile uint64_t* signal = signal_at(scratch, reduce_signal(call, full_rounds));
        send_signal(signal, call, to);
        xb_fence();
        wait_signal(signal, call);
        combine(window, slot, nelems);
    }
    xbrtime_collective_copy(dest, stride, window, 1, nelems, element_size);
}

void xbrtime_collective_notified_gather_all(void* dest, const void* src, const int* pe_msgs,
                                            const int* pe_disp, size_t uniform_count,
                                            size_t element_size) {
    const int pes = xbrtime_state.pe_count;
    const int me = xbrtime_state.pe;
    size_t* offsets = xbrtime_collective_private_buffer((size_t)(pes + 1) * sizeof(size_t));
    offsets[0] = 0;
    for (int pe = 0; pe < pes; ++pe) {
        offsets[pe + 1] = offsets[pe] + (pe_msgs != NULL ? (size_t)pe_msgs[pe] : uniform_count);
    }
    char* scratch = scratch_for(pes, offsets[pes] * element_size);
    const uint64_t call = ++calls_started;
    char* pieces = data_half(scratch, pes, call);

    const size_t my_count = offsets[me + 1] - offsets[me];
    char* my_piece = pieces + offsets[me] * element_size;
    /* The others in the order me + 1, me + 2, ...: each PE starts with a different target. */
    for (int step = 1; step < pes; ++step) {
        xbrtime_put_elements_nb(my_piece, src, my_count, 1, element_size, (me + step) % pes);
    }
    xb_fence();
    for (int step = 1; step < pes; ++step) {
        send_signal(signal_at(scratch, gather_signal(pes, call, me)), call, (me + step) % pes);
    }
    xb_fence();
    for (int pe = 0; pe < pes; ++pe) {
        const size_t count = offsets[pe + 1] - offsets[pe];
        const size_t at = pe_disp != NULL ? (size_t)pe_disp[pe] : offsets[pe];
        char* to = (char*)dest + at * element_size;
        if (pe == me) {
            memmove(to, src, count * element_size);
            continue;
        }
        wait_signal(signal_at(scratch, gather_signal(pes, call, pe)), call);
        memcpy(to, pieces + offsets[pe] * element_size, count * element_size);
    }
    free(offsets);
}
