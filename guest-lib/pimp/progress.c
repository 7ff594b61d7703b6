/* Message progress: taking words from the receive FIFO and acting on them, streaming messages
 * out, and starting the sends whose ready word has come. Every wait of the library goes through
 * here, so a node always drains its receive FIFO while it waits and never blocks a sender. */
#include "pimp_internal.h"

#include <string.h>

#define WORD_BYTES sizeof(uint64_t)

static void finish_incoming(struct pimp_incoming* incoming) {
    pimp_complete_receive(incoming->request);
    incoming->request = NULL;
    --pimp_state.open_streams;
}

static int incoming_finished(const struct pimp_incoming* incoming) {
    return incoming->whole_words == 0 && incoming->tail_bytes == 0;
}

/* A DATA word: the next receive posted for source on the channel gets the message. */
static void begin_incoming(unsigned source, unsigned channel, uint64_t bytes) {
    struct pimp_peer* peer = &pimp_state.peers[source];
    pimp_request* request = pimp_pop(&peer->receives[channel]);
    if (request == NULL) {
        pimp_fail("pimp: node %u sent node %d a message that no receive asked for", source,
                  pimp_state.me);
    }
    if (bytes > request->bytes) {
        pimp_fail("pimp: node %u sent node %d a message of %llu bytes, longer than the %zu bytes "
                  "of its receive buffer",
                  source, pimp_state.me, (unsigned long long)bytes, request->bytes);
    }
    request->bytes = (size_t)bytes;
    if (bytes == 0) {
        pimp_complete_receive(request);
        return;
    }
    struct pimp_incoming* incoming = &peer->incoming;
    incoming->request = request;
    incoming->next = request->buffer;
    incoming->whole_words = (size_t)bytes / WORD_BYTES;
    incoming->tail_bytes = (size_t)bytes % WORD_BYTES;
    ++pimp_state.open_streams;
}

void pimp_handle_control(unsigned source, uint64_t word) {
    struct pimp_peer* peer = &pimp_state.peers[source];
    const unsigned channel = (unsigned)(word >> PIMP_WORD_CHANNEL_SHIFT) & 1;
    switch (word & PIMP_WORD_KIND_MASK) {
    case PIMP_WORD_READY:
        ++peer->readies[channel];
        if (peer->sends[channel].head != NULL && !peer->startable[channel]) {
            peer->startable[channel] = 1;
            pimp_state.startable[pimp_state.startable_count++] = source << 1 | channel;
        }
        return;
    case PIMP_WORD_DATA:
        begin_incoming(source, channel, word >> PIMP_WORD_VALUE_SHIFT);
        return;
    case PIMP_WORD_BARRIER:
        ++pimp_state.barrier_words;
        return;
    default:
        pimp_fail("pimp: node %d got the word %#llx from node %u, which is not part of the "
                  "library's protocol (raw sends mixed with the library?)",
                  pimp_state.me, (unsigned long long)word, source);
    }
}

static void store_data_word(struct pimp_incoming* incoming, uint64_t word) {
    if (incoming->whole_words > 0) {
        memcpy(incoming->next, &word, WORD_BYTES);
        incoming->next += WORD_BYTES;
        --incoming->whole_words;
    } else {
        memcpy(incoming->next, &word, incoming->tail_bytes);
        incoming->tail_bytes = 0;
    }
}

void pimp_take_message(int may_wait_for_stream) {
    const unsigned source = (unsigned)pimp_raw_source();
    struct pimp_incoming* incoming = &pimp_state.peers[source].incoming;
    if (incoming->request == NULL) {
        pimp_handle_control(source, pimp_raw_receive());
        return;
    }
    if (incoming->whole_words > 0 && ((uintptr_t)incoming->next & (WORD_BYTES - 1)) == 0) {
        /* A node streaming to itself is this very code, which cannot wait for its own words. */
        uint64_t* words = (uint64_t*)(void*)incoming->next;
        const size_t taken = may_wait_for_stream && source != (unsigned)pimp_state.me
                                 ? pimp_words_in_waiting(source, words, incoming->whole_words)
                                 : pimp_words_in_present(source, words, incoming->whole_words);
        incoming->next += taken * WORD_BYTES;
        incoming->whole_words -= taken;
    } else {
        store_data_word(incoming, pimp_raw_receive());
    }
    if (incoming_finished(incoming)) {
        finish_incoming(incoming);
    }
}

void pimp_make_room(void) {
    while (!pimp_can_send()) {
        if (pimp_has_message()) {
            pimp_take_message(0);
        } else if (pimp_state.pending_receives == 0) {
            /* Without a pending receive, no node streams data to this one, and of the control
             * words it sends none can be stuck behind more of its own (one barrier word per
             * barrier, ready words only for receives): nobody waits for this node to take a
             * message, so it may wait for room alone, with the idiom a core can sleep on. */
            pimp_wait_for_room();
        } else if (pimp_state.open_streams > 0) {
            /* A word of an open stream will come: its sender goes on once its send FIFO moves,
             * and a send FIFO stuck behind a node that has not taken its words moves as soon
             * as that node takes messages, which a node with messages waiting always does when
             * it waits. Meanwhile the node this one sends to takes its words. */
            pimp_wait_for_message();
        }
    }
}

void pimp_stream_from(unsigned node, unsigned channel, const void* buffer, size_t bytes,
                      size_t sent) {
    const uint64_t header = pimp_control_word(PIMP_WORD_DATA, channel, bytes);
    const unsigned char* next = buffer;
    size_t words = bytes / WORD_BYTES;
    if (((uintptr_t)next & (WORD_BYTES - 1)) == 0) {
        if (sent == 0) {
            /* The whole message at once, as far as the send FIFO takes it. */
            sent = pimp_message_out(node, header, (const uint64_t*)buffer, words);
        }
        if (sent == 0) {
            pimp_send_one_word(node, header);
            sent = 1;
        }
        next += (sent - 1) * WORD_BYTES;
        words -= sent - 1;
        while (words > 0) {
            pimp_make_room();
            sent = pimp_words_out(node, (const uint64_t*)(const void*)next, words);
            next += sent * WORD_BYTES;
            words -= sent;
        }
    } else {
        pimp_send_one_word(node, header);
        for (; words > 0; --words, next += WORD_BYTES) {
            uint64_t word;
            memcpy(&word, next, WORD_BYTES);
            pimp_send_one_word(node, word);
        }
    }
    if (bytes % WORD_BYTES != 0) {
        uint64_t word = 0;
        memcpy(&word, next, bytes % WORD_BYTES);
        pimp_send_one_word(node, word);
    }
}

void pimp_start_ready_sends(void) {
    while (pimp_state.startable_count > 0) {
        const uint32_t entry = pimp_state.startable[--pimp_state.startable_count];
        const unsigned node = entry >> 1;
        const unsigned channel = entry & 1;
        struct pimp_peer* peer = &pimp_state.peers[node];
        peer->startable[channel] = 0;
        while (peer->readies[channel] > 0 && peer->sends[channel].head != NULL) {
            pimp_request* request = pimp_pop(&peer->sends[channel]);
            --peer->readies[channel];
            pimp_stream_from(node, channel, request->buffer, request->bytes, 0);
            request->done = 1;
        }
    }
}

void pimp_wait_for(pimp_request* request) {
    for (;;) {
        if (pimp_state.startable_count != 0) {
            pimp_start_ready_sends();
        }
        if (request->done) {
            return;
        }
        pimp_take_message(1);
    }
}
