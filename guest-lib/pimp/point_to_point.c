/* Sends and receives, blocking and not, on a channel (for the collectives) and as the public
 * API (the user channel), with the ready handshake: a receive sends its ready word as it is
 * posted, a send streams once the receiver's ready word has come.
 *
 * The blocking calls take the common case themselves, so that a message between two nodes
 * costs few cycles: a send whose ready word is next in the FIFO uses it at once, and a receive
 * whose message is next takes its header and words straight into the buffer. Everything else
 * goes through the general progress (progress.c). */
#include "pimp_internal.h"

#include <stddef.h>

enum request_kind { REQUEST_SEND, REQUEST_RECEIVE, REQUEST_RECEIVE_WORD };

/* The layout the assembly fast paths read. */
_Static_assert(offsetof(struct pimp_state, me) == PIMP_STATE_ME, "pimp_words.h");
_Static_assert(offsetof(struct pimp_state, nodes) == PIMP_STATE_NODES, "pimp_words.h");
_Static_assert(offsetof(struct pimp_state, peers) == PIMP_STATE_PEERS, "pimp_words.h");
_Static_assert(offsetof(struct pimp_state, startable_count) == PIMP_STATE_STARTABLE_COUNT,
               "pimp_words.h");
_Static_assert(offsetof(struct pimp_peer, incoming.request) == PIMP_PEER_INCOMING_REQUEST,
               "pimp_words.h");
_Static_assert(offsetof(struct pimp_peer, sends[PIMP_CHANNEL_USER].head) ==
                   PIMP_PEER_USER_SEND_HEAD,
               "pimp_words.h");
_Static_assert(offsetof(struct pimp_peer, receives[PIMP_CHANNEL_USER].head) ==
                   PIMP_PEER_USER_RECEIVE_HEAD,
               "pimp_words.h");
_Static_assert(offsetof(struct pimp_peer, readies[PIMP_CHANNEL_USER]) == PIMP_PEER_USER_READIES,
               "pimp_words.h");
_Static_assert(sizeof(struct pimp_peer) == PIMP_PEER_BYTES, "pimp_words.h");

static void prepare(pimp_request* request, enum request_kind kind, unsigned channel, int node,
                    void* buffer, size_t bytes) {
    request->next = NULL;
    request->buffer = buffer;
    request->bytes = bytes;
    request->node = node;
    request->channel = (unsigned char)channel;
    request->kind = (unsigned char)kind;
    request->done = 0;
}

void pimp_post_send(unsigned channel, int node, const void* buffer, size_t bytes,
                    pimp_request* request) {
    prepare(request, REQUEST_SEND, channel, node, (void*)buffer, bytes);
    struct pimp_peer* peer = &pimp_state.peers[node];
    if (peer->sends[channel].head == NULL && peer->readies[channel] > 0) {
        --peer->readies[channel];
        pimp_stream_from((unsigned)node, channel, buffer, bytes, 0);
        request->done = 1;
        return;
    }
    /* A ready word that comes later puts (node, channel) on the list of sends to start. */
    pimp_push(&peer->sends[channel], request);
}

/* Enters a receive whose ready word went out into the queue the DATA words are matched with. */
static void register_receive(unsigned channel, int node, void* buffer, size_t capacity,
                             pimp_request* request) {
    prepare(request, REQUEST_RECEIVE, channel, node, buffer, capacity);
    pimp_push(&pimp_state.peers[node].receives[channel], request);
    ++pimp_state.pending_receives;
}

void pimp_post_receive(unsigned channel, int node, void* buffer, size_t capacity,
                       pimp_request* request) {
    /* The ready word first, as it is the sender that waits: the message cannot come before the
     * sender has the word, and nothing is taken from the FIFO between the send and the
     * request's registration. */
    pimp_send_one_word((unsigned)node, pimp_control_word(PIMP_WORD_READY, channel, 0));
    register_receive(channel, node, buffer, capacity, request);
}

/* Waits for a ready word from node on the channel and uses it. */
static void take_ready_word(unsigned channel, int node, struct pimp_peer* peer) {
    const uint64_t ready = pimp_control_word(PIMP_WORD_READY, channel, 0);
    while (peer->readies[channel] == 0) {
        if (pimp_state.startable_count != 0) {
            pimp_start_ready_sends();
            continue;
        }
        const unsigned source = (unsigned)pimp_raw_source();
        if (source != (unsigned)node || peer->incoming.request != NULL) {
            pimp_take_message(1);
            continue;
        }
        const uint64_t word = pimp_raw_receive();
        if (word == ready) {
            return;
        }
        pimp_handle_control(source, word);
    }
    --peer->readies[channel];
}

/* Whether the assembly routines may take node's messages: no message of node's is half taken,
 * no send waits to be started (they would wait), node is not this one (whose own words cannot
 * be waited for while it streams them), and the buffer holds whole words. */
static int fast_path_possible(const struct pimp_peer* peer, int node, const void* buffer) {
    return peer->incoming.request == NULL && pimp_state.startable_count == 0 &&
           node != pimp_state.me && ((uintptr_t)buffer & (sizeof(uint64_t) - 1)) == 0;
}

static void send_through_progress(unsigned channel, int node, const void* buffer, size_t bytes) {
    struct pimp_peer* peer = &pimp_state.peers[node];
    if (peer->sends[channel].head != NULL) {
        /* Earlier sends to the node go first. */
        pimp_request request;
        pimp_post_send(channel, node, buffer, bytes, &request);
        pimp_wait_for(&request);
        return;
    }
    take_ready_word(channel, node, peer);
    pimp_stream_from((unsigned)node, channel, buffer, bytes, 0);
}

void pimp_send_fallback(uint64_t node, unsigned channel, const void* buffer, size_t bytes,
                        unsigned status, uint64_t word_or_count) {
    if (status == PIMP_FAST_PARTIAL) {
        pimp_stream_from((unsigned)node, channel, buffer, bytes, (size_t)word_or_count);
        return;
    }
    if (status == PIMP_FAST_WORD) {
        pimp_handle_control((unsigned)node, word_or_count);
    }
    send_through_progress(channel, (int)node, buffer, bytes);
}

void pimp_send_on(unsigned channel, int node, const void* buffer, size_t bytes) {
    struct pimp_peer* peer = &pimp_state.peers[node];
    if (peer->sends[channel].head == NULL && fast_path_possible(peer, node, buffer) &&
        bytes % sizeof(uint64_t) == 0) {
        pimp_send_fast((unsigned)node, channel, buffer, bytes, &peer->readies[channel]);
        return;
    }
    send_through_progress(channel, node, buffer, bytes);
}

size_t pimp_receive_fallback(uint64_t node, unsigned channel, void* buffer, size_t capacity,
                             unsigned status, uint64_t word, uint64_t count) {
    struct pimp_peer* peer = &pimp_state.peers[node];
    pimp_request request;
    register_receive(channel, (int)node, buffer, capacity, &request);
    if (status == PIMP_FAST_WORD) {
        pimp_handle_control((unsigned)node, word);
    } else if (status == PIMP_FAST_PARTIAL) {
        /* Another node's message came between the words: the rest as an open stream. */
        pimp_pop(&peer->receives[channel]);
        request.bytes = (size_t)(word >> PIMP_WORD_VALUE_SHIFT);
        peer->incoming.request = &request;
        peer->incoming.next = (unsigned char*)buffer + count * sizeof(uint64_t);
        peer->incoming.whole_words = request.bytes / sizeof(uint64_t) - count;
        peer->incoming.tail_bytes = 0;
        ++pimp_state.open_streams;
    }
    pimp_wait_for(&request);
    return request.bytes;
}

/* The receive once its ready word went out. */
static inline size_t receive_after_ready(unsigned channel, int node, void* buffer,
                                         size_t capacity) {
    const struct pimp_peer* peer = &pimp_state.peers[node];
    if (fast_path_possible(peer, node, buffer) && peer->receives[channel].head == NULL) {
        return pimp_receive_fast((unsigned)node, channel, buffer, capacity);
    }
    return pimp_receive_fallback((unsigned)node, channel, buffer, capacity, PIMP_FAST_OTHER, 0, 0);
}

/* The ready word waits for room, taking messages meanwhile (which fast_path_possible sees). */
__attribute__((noinline)) static size_t receive_after_room(unsigned channel, int node, void* buffer,
                                                           size_t capacity) {
    pimp_send_one_word((unsigned)node, pimp_control_word(PIMP_WORD_READY, channel, 0));
    return receive_after_ready(channel, node, buffer, capacity);
}

size_t pimp_receive_on(unsigned channel, int node, void* buffer, size_t capacity) {
    if (!pimp_can_send()) {
        return receive_after_room(channel, node, buffer, capacity);
    }
    pimp_raw_send((unsigned)node, pimp_control_word(PIMP_WORD_READY, channel, 0));
    return receive_after_ready(channel, node, buffer, capacity);
}

/* A node waiting for itself would wait forever: its ready word needs a receive posted before,
 * its data a send posted before. */
static void check_not_waiting_for_itself(const char* routine, int node, int send) {
    if (node != pimp_state.me) {
        return;
    }
    const struct pimp_peer* self = &pimp_state.peers[node];
    const int partner_posted = send ? self->readies[PIMP_CHANNEL_USER] > 0 ||
                                          self->receives[PIMP_CHANNEL_USER].head != NULL
                                    : self->sends[PIMP_CHANNEL_USER].head != NULL;
    if (!partner_posted) {
        pimp_fail("%s: node %d would wait for itself forever (post the matching pimp_%s "
                  "first)",
                  routine, node, send ? "ireceive" : "isend");
    }
}

static void check_word_length(int from, size_t bytes) {
    if (bytes != sizeof(uint64_t)) {
        pimp_fail("pimp: node %d received %zu bytes from node %d where it expected one word",
                  pimp_state.me, bytes, from);
    }
}

static void check_word(const pimp_request* request) {
    if (request->kind == REQUEST_RECEIVE_WORD && request->done) {
        check_word_length(request->node, request->bytes);
    }
}

void pimp_send_checked(int node, const void* buffer, size_t bytes) {
    pimp_check_node("pimp_send", node);
    check_not_waiting_for_itself("pimp_send", node, 1);
    pimp_send_on(PIMP_CHANNEL_USER, node, buffer, bytes);
}

void pimp_send_word(int node, uint64_t word) {
    pimp_check_node("pimp_send_word", node);
    check_not_waiting_for_itself("pimp_send_word", node, 1);
    pimp_send_on(PIMP_CHANNEL_USER, node, &word, sizeof word);
}

size_t pimp_receive_checked(int node, void* buffer, size_t capacity) {
    pimp_check_node("pimp_receive", node);
    check_not_waiting_for_itself("pimp_receive", node, 0);
    return pimp_receive_on(PIMP_CHANNEL_USER, node, buffer, capacity);
}

uint64_t pimp_receive_word(int node) {
    pimp_check_node("pimp_receive_word", node);
    check_not_waiting_for_itself("pimp_receive_word", node, 0);
    uint64_t word;
    check_word_length(node, pimp_receive_on(PIMP_CHANNEL_USER, node, &word, sizeof word));
    return word;
}

void pimp_isend(int node, const void* buffer, size_t bytes, pimp_request* request) {
    pimp_check_node("pimp_isend", node);
    pimp_post_send(PIMP_CHANNEL_USER, node, buffer, bytes, request);
}

void pimp_isend_word(int node, uint64_t word, pimp_request* request) {
    pimp_check_node("pimp_isend_word", node);
    request->word = word;
    pimp_post_send(PIMP_CHANNEL_USER, node, &request->word, sizeof word, request);
}

void pimp_ireceive(int node, void* buffer, size_t capacity, pimp_request* request) {
    pimp_check_node("pimp_ireceive", node);
    pimp_post_receive(PIMP_CHANNEL_USER, node, buffer, capacity, request);
}

void pimp_ireceive_word(int node, uint64_t* word, pimp_request* request) {
    pimp_check_node("pimp_ireceive_word", node);
    pimp_post_receive(PIMP_CHANNEL_USER, node, word, sizeof *word, request);
    /* Its data cannot have come yet: the sender streams only after this node's ready word. */
    request->kind = REQUEST_RECEIVE_WORD;
}

int pimp_test(const pimp_request* request) {
    pimp_check_initialised("pimp_test");
    pimp_start_ready_sends();
    while (!request->done && pimp_has_message()) {
        pimp_take_message(0);
        pimp_start_ready_sends();
    }
    check_word(request);
    return request->done;
}

size_t pimp_wait(pimp_request* request) {
    pimp_check_initialised("pimp_wait");
    pimp_wait_for(request);
    check_word(request);
    return request->bytes;
}

void pimp_wait_all(pimp_request* requests, size_t count) {
    for (size_t i = 0; i < count; ++i) {
        pimp_wait(&requests[i]);
    }
}
