/* What the files of the PIMP library share (not installed): the words of the protocol, the
 * library's state on this node, message progress, and the assembly loops of streams.S. */
#ifndef PIMP_INTERNAL_H
#define PIMP_INTERNAL_H

#include "pimp.h"
#include "pimp_words.h"

#include <stddef.h>
#include <stdint.h>

/* Point-to-point messages and the collectives' own run on separate channels, so that a
 * collective never takes a user's message or ready word. */
enum pimp_channel { PIMP_CHANNEL_USER, PIMP_CHANNEL_COLLECTIVE, PIMP_CHANNEL_COUNT };

struct pimp_queue {
    pimp_request* head;
    pimp_request* tail;
};

static inline void pimp_push(struct pimp_queue* queue, pimp_request* request) {
    request->next = NULL;
    if (queue->tail != NULL) {
        queue->tail->next = request;
    } else {
        queue->head = request;
    }
    queue->tail = request;
}

static inline pimp_request* pimp_pop(struct pimp_queue* queue) {
    pimp_request* request = queue->head;
    if (request != NULL) {
        queue->head = request->next;
        if (queue->head == NULL) {
            queue->tail = NULL;
        }
    }
    return request;
}

/* The message a node is streaming to this one. A sender streams a message's words back to back,
 * so between its DATA word and the message's last word every word from that node is data. */
struct pimp_incoming {
    pimp_request* request; /* the receive being filled; NULL between messages */
    unsigned char* next;
    size_t whole_words;
    size_t tail_bytes; /* of the last word, after the whole ones; 0 when none */
};

struct pimp_peer {
    struct pimp_incoming incoming;
    /* Sends waiting for this node's ready word, and receives whose ready word went out. */
    struct pimp_queue sends[PIMP_CHANNEL_COUNT];
    struct pimp_queue receives[PIMP_CHANNEL_COUNT];
    /* Ready words from this node that no send has used yet. */
    uint32_t readies[PIMP_CHANNEL_COUNT];
    /* Whether (node, channel) is on the list of sends to start. */
    unsigned char startable[PIMP_CHANNEL_COUNT];
};

struct pimp_state {
    int me;
    int nodes;               /* 0 before pimp_init */
    struct pimp_peer* peers; /* one per node; NULL before pimp_init */
    size_t open_streams;     /* incoming messages begun and not finished */
    size_t pending_receives; /* receives posted and not complete */
    size_t barrier_words;    /* barrier words taken and not yet counted by a barrier */
    /* (node << 1 | channel) of each (node, channel) with a ready word and a waiting send. */
    uint32_t* startable;
    size_t startable_count;
    pimp_request* collective_requests; /* one per node, for the collectives */
    void* scratch;
    size_t scratch_bytes;
};

extern struct pimp_state pimp_state;

/* Prints one line, printf-style, on the host's standard error and ends the job with status 1. */
__attribute__((noreturn, format(printf, 1, 2))) void pimp_fail(const char* format, ...);
/* Stops the job unless pimp_init has run, naming routine. */
void pimp_check_initialised(const char* routine);
/* Stops the job, naming routine, because pimp_init has not run or node does not exist. */
__attribute__((noreturn)) void pimp_reject_node(const char* routine, int node);

/* Stops the job unless pimp_init has run and node exists. */
static inline void pimp_check_node(const char* routine, int node) {
    if ((unsigned)node >= (unsigned)pimp_state.nodes) {
        pimp_reject_node(routine, node);
    }
}
/* The library's scratch memory, at least bytes of it (contents not kept between calls). */
void* pimp_scratch(size_t bytes);

/* Message progress (progress.c). */

/* Waits for a message and takes it: a control word is acted on, data goes into its receive
 * buffer (with as many following words of the same message as are there, or, with
 * may_wait_for_stream, as will come). Never sends: streams and senders call it while their own
 * send waits for room, and then must not wait for a stream, whose sender may be waiting for
 * them. */
void pimp_take_message(int may_wait_for_stream);
/* Acts on a control word from source. */
void pimp_handle_control(unsigned source, uint64_t word);
/* Streams every waiting send whose ready word has come. */
void pimp_start_ready_sends(void);
/* Waits for room in the send FIFO, taking messages meanwhile. */
void pimp_make_room(void);
/* Marks a receive complete. */
static inline void pimp_complete_receive(pimp_request* request) {
    request->done = 1;
    --pimp_state.pending_receives;
}

/* Sends one word once the send FIFO has room. */
static inline void pimp_send_one_word(unsigned node, uint64_t word) {
    if (!pimp_can_send()) {
        pimp_make_room();
    }
    pimp_raw_send(node, word);
}
/* Sends the DATA word and the words of a message to node, but for the first `sent` of them
 * (the DATA word, then the whole data words; 0 for an unaligned buffer), which went already. */
void pimp_stream_from(unsigned node, unsigned channel, const void* buffer, size_t bytes,
                      size_t sent);
/* Waits for the request, making progress. */
void pimp_wait_for(pimp_request* request);

/* The operations on a channel, shared by the point-to-point API and the collectives. */
void pimp_post_send(unsigned channel, int node, const void* buffer, size_t bytes,
                    pimp_request* request);
void pimp_post_receive(unsigned channel, int node, void* buffer, size_t capacity,
                       pimp_request* request);
void pimp_send_on(unsigned channel, int node, const void* buffer, size_t bytes);
/* pimp_send and pimp_receive once their assembly entry (fast_paths.S) found that the common
 * case does not apply: every check, then the general way. */
void pimp_send_checked(int node, const void* buffer, size_t bytes);
size_t pimp_receive_checked(int node, void* buffer, size_t capacity);
/* A blocking receive; returns the message's length. */
size_t pimp_receive_on(unsigned channel, int node, void* buffer, size_t capacity);

/* The collectives' shared parts (collective.c). */

/* Stops the job unless pimp_init has run and root exists. */
void pimp_collective_begin(const char* routine, int root);
/* A node's rank in a tree rooted at root: (node - root) mod nodes; and back. */
int pimp_rank_from_root(int root);
int pimp_node_of_rank(int rank, int root);
/* Waits for a request of the collective channel; a receive must bring exactly bytes (a shorter
 * message means the nodes disagree on the size: the job stops, naming routine). */
void pimp_collective_wait(const char* routine, pimp_request* request, size_t bytes);
/* A blocking receive of exactly bytes on the collective channel. */
void pimp_collective_receive(const char* routine, int node, void* buffer, size_t bytes);

/* The assembly loops (streams.S). */

/* Sends words to node while the send FIFO has room; returns how many (count > 0). */
size_t pimp_words_out(uint64_t node, const uint64_t* words, size_t count);
/* Sends header, then words, to node while the send FIFO has room; returns how many of the
 * count + 1 it sent (the header counts one). */
size_t pimp_message_out(uint64_t node, uint64_t header, const uint64_t* words, size_t count);
/* Receives words as long as the head message comes from node: _waiting waits for each of
 * them, _present stops at an empty FIFO. Returns how many it took (count > 0). */
size_t pimp_words_in_waiting(uint64_t node, uint64_t* words, size_t count);
size_t pimp_words_in_present(uint64_t node, uint64_t* words, size_t count);
/* The barrier's loops (barrier.S). pimp_take_words takes messages while they are `word`, up to
 * count of them, waiting for each; a different message stops it, with its sender in other[0]
 * and its payload in other[1]. Returns how many of count are still missing. Only while no
 * incoming stream is open (every word is then a control word). */
size_t pimp_take_words(size_t count, uint64_t word, uint64_t other[2]);
/* Sends word to nodes first .. end - 1 while the send FIFO has room; returns the first node it
 * did not send to. */
uint64_t pimp_send_to_nodes(uint64_t first, uint64_t end, uint64_t word);
/* The blocking calls' common case (fast_paths.S), for a message of whole words in an aligned
 * buffer to or from another node with no message of its half taken and no send waiting to be
 * started. pimp_send_fast uses a ready word (one of *readies, or node's next message) and sends
 * the message; pimp_receive_fast waits for node's DATA word and takes the message into buffer,
 * returning its length. Whatever stops them (another node's message first, a word of node's
 * that is not the one expected, a full send FIFO, another node's message between the words)
 * they hand to the fallback, which goes on with the general progress: status is a
 * PIMP_FAST_... value, word the word taken, count how many words went or came. */
void pimp_send_fast(uint64_t node, unsigned channel, const void* buffer, size_t bytes,
                    uint32_t* readies);
void pimp_send_fallback(uint64_t node, unsigned channel, const void* buffer, size_t bytes,
                        unsigned status, uint64_t word_or_count);
size_t pimp_receive_fast(uint64_t node, unsigned channel, void* buffer, size_t capacity);
size_t pimp_receive_fallback(uint64_t node, unsigned channel, void* buffer, size_t capacity,
                             unsigned status, uint64_t word, uint64_t count);
/* Copies bytes from src to dest, which are the same or do not overlap. */
void pimp_copy(void* dest, const void* src, size_t bytes);
/* The node-count CSR, or 0 when reading it traps (a machine without PIMP). */
long pimp_probe_node_count(void);

#endif
