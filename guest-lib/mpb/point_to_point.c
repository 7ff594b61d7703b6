/* Send and receive in pieces of the data area, with RCCE's handshake: the receiver flags in the
 * sender's buffer that its data area is free for the next piece; the sender waits for that
 * flag, writes the piece into the receiver's data area with remote stores, completes them
 * (fence) and flags in the receiver's buffer that the piece is there; the receiver waits for
 * that flag and copies the piece out. A node's data area holds one piece from one sender at a
 * time, because it flags only one sender ready at a time. */
#include "mpb_internal.h"
#include "xbgas.h"

static size_t smaller(size_t a, size_t b) {
    return a < b ? a : b;
}

static int word_aligned(const void* a, const void* b) {
    return (((uintptr_t)a | (uintptr_t)b) & (sizeof(uint64_t) - 1)) == 0;
}

static void send_piece(int node, const unsigned char* from, size_t bytes) {
    struct mpb_state* s = &mpb_state;
    mpb_wait_at_least(&s->flags[node].ready, s->sent_to[node] + 1);
    const uint64_t object = xb_object_of_pe((uint64_t)node);
    unsigned char* to = s->data;
    size_t i = 0;
    if (word_aligned(to, from)) {
        for (; i + sizeof(uint64_t) <= bytes; i += sizeof(uint64_t)) {
            xb_ersd(object, to + i, *(const uint64_t*)(from + i));
        }
    }
    for (; i < bytes; ++i) {
        xb_ersb(object, to + i, from[i]);
    }
    /* The data before the flag that announces it. */
    xb_fence();
    mpb_set_remote_flag(node, &s->flags[s->me].sent, ++s->sent_to[node]);
}

static void announce_ready(int node) {
    struct mpb_state* s = &mpb_state;
    mpb_set_remote_flag(node, &s->flags[s->me].ready, ++s->ready_for[node]);
}

static void take_piece(int node, unsigned char* to, size_t bytes) {
    struct mpb_state* s = &mpb_state;
    mpb_wait_at_least(&s->flags[node].sent, s->received_from[node] + 1);
    mpb_copy(to, s->data, bytes);
    ++s->received_from[node];
}

void mpb_send(int node, const void* buffer, size_t bytes) {
    mpb_check_node("mpb_send", node);
    if (node == mpb_state.me) {
        mpb_fail("mpb_send: node %d sends to itself", node);
    }
    const unsigned char* from = buffer;
    size_t done = 0;
    do {
        const size_t piece = smaller(bytes - done, mpb_state.data_bytes);
        send_piece(node, from + done, piece);
        done += piece;
    } while (done < bytes);
}

void mpb_receive(int node, void* buffer, size_t bytes) {
    mpb_check_node("mpb_receive", node);
    if (node == mpb_state.me) {
        mpb_fail("mpb_receive: node %d receives from itself", node);
    }
    unsigned char* to = buffer;
    size_t done = 0;
    do {
        const size_t piece = smaller(bytes - done, mpb_state.data_bytes);
        announce_ready(node);
        take_piece(node, to + done, piece);
        done += piece;
    } while (done < bytes);
}

void mpb_send_receive(int dest, const void* send_buffer, int source, void* receive_buffer,
                      size_t bytes) {
    mpb_check_node("mpb_send_receive", dest);
    mpb_check_node("mpb_send_receive", source);
    const int me = mpb_state.me;
    if (dest == me || source == me) {
        if (dest != source) {
            mpb_fail("mpb_send_receive: node %d sends to %d and receives from %d", me, dest,
                     source);
        }
        mpb_copy(receive_buffer, send_buffer, bytes);
        return;
    }
    const unsigned char* from = send_buffer;
    unsigned char* to = receive_buffer;
    size_t done = 0;
    do {
        const size_t piece = smaller(bytes - done, mpb_state.data_bytes);
        /* Ready first, so that the source, which sends before it receives, can go on. */
        announce_ready(source);
        send_piece(dest, from + done, piece);
        take_piece(source, to + done, piece);
        done += piece;
    } while (done < bytes);
}
