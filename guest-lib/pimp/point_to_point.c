/* Sends and receives, blocking and not, on a channel (for the collectives) and as the public
 * API (the user channel), with the ready handshake: a receive sends its ready word as it is
 * posted, a send streams once the receiver's ready word has come. */
#include "pimp_internal.h"

enum request_kind { REQUEST_SEND, REQUEST_RECEIVE, REQUEST_RECEIVE_WORD };

static void push(struct pimp_queue* queue, pimp_request* request) {
    request->next = NULL;
    if (queue->tail != NULL) {
        queue->tail->next = request;
    } else {
        queue->head = request;
    }
    queue->tail = request;
}

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
        pimp_stream((unsigned)node, channel, buffer, bytes);
        request->done = 1;
        return;
    }
    /* A ready word that comes later puts (node, channel) on the list of sends to start. */
    push(&peer->sends[channel], request);
}

void pimp_post_receive(unsigned channel, int node, void* buffer, size_t capacity,
                       pimp_request* request) {
    prepare(request, REQUEST_RECEIVE, channel, node, buffer, capacity);
    push(&pimp_state.peers[node].receives[channel], request);
    ++pimp_state.pending_receives;
    pimp_send_one_word((unsigned)node, pimp_control_word(PIMP_WORD_READY, channel, 0));
}

void pimp_send_on(unsigned channel, int node, const void* buffer, size_t bytes) {
    struct pimp_peer* peer = &pimp_state.peers[node];
    if (peer->sends[channel].head != NULL) {
        /* Earlier sends to the node go first. */
        pimp_request request;
        pimp_post_send(channel, node, buffer, bytes, &request);
        pimp_wait_for(&request);
        return;
    }
    while (peer->readies[channel] == 0) {
        pimp_start_ready_sends();
        if (peer->readies[channel] > 0) {
            break;
        }
        pimp_take_message(1);
    }
    --peer->readies[channel];
    pimp_stream((unsigned)node, channel, buffer, bytes);
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

static void check_word(const pimp_request* request) {
    if (request->kind == REQUEST_RECEIVE_WORD && request->done &&
        request->bytes != sizeof(uint64_t)) {
        pimp_fail("pimp: node %d received %zu bytes from node %d where it expected one word",
                  pimp_state.me, request->bytes, request->node);
    }
}

void pimp_send(int node, const void* buffer, size_t bytes) {
    pimp_check_node("pimp_send", node);
    check_not_waiting_for_itself("pimp_send", node, 1);
    pimp_send_on(PIMP_CHANNEL_USER, node, buffer, bytes);
}

void pimp_send_word(int node, uint64_t word) {
    pimp_check_node("pimp_send_word", node);
    check_not_waiting_for_itself("pimp_send_word", node, 1);
    pimp_send_on(PIMP_CHANNEL_USER, node, &word, sizeof word);
}

size_t pimp_receive(int node, void* buffer, size_t capacity) {
    pimp_check_node("pimp_receive", node);
    check_not_waiting_for_itself("pimp_receive", node, 0);
    pimp_request request;
    pimp_post_receive(PIMP_CHANNEL_USER, node, buffer, capacity, &request);
    pimp_wait_for(&request);
    return request.bytes;
}

uint64_t pimp_receive_word(int node) {
    pimp_check_node("pimp_receive_word", node);
    check_not_waiting_for_itself("pimp_receive_word", node, 0);
    uint64_t word;
    pimp_request request;
    pimp_post_receive(PIMP_CHANNEL_USER, node, &word, sizeof word, &request);
    request.kind = REQUEST_RECEIVE_WORD;
    pimp_wait_for(&request);
    check_word(&request);
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
