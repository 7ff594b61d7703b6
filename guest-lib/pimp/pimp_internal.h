/* What the files of the PIMP library share (not installed): the words of the protocol, the
 * library's state on this node, message progress, and the assembly loops of streams.S. */
#ifndef PIMP_INTERNAL_H
#define PIMP_INTERNAL_H

#include "pimp.h"

#include <stddef.h>
#include <stdint.h>

/* Point-to-point messages and the collectives' own run on separate channels, so that a
 * collective never takes a user's message or ready word. */
enum pimp_channel { PIMP_CHANNEL_USER, PIMP_CHANNEL_COLLECTIVE, PIMP_CHANNEL_COUNT };

/* A control word: its kind in bits 2:0, the channel in bit 3, a value (the bytes of a message)
 * from bit 8. Every word a node sends is a control word except the data that follows a DATA
 * word, and the receiver tells the two apart by the sender's state (see struct pimp_incoming). */
#define PIMP_WORD_READY 1
#define PIMP_WORD_DATA 2
#define PIMP_WORD_BARRIER 3
#define PIMP_WORD_KIND_MASK 7u
#define PIMP_WORD_CHANNEL_SHIFT 3
#define PIMP_WORD_VALUE_SHIFT 8

static inline uint64_t pimp_control_word(unsigned kind, unsigned channel, uint64_t value) {
    return kind | (uint64_t)channel << PIMP_WORD_CHANNEL_SHIFT | value << PIMP_WORD_VALUE_SHIFT;
}

struct pimp_queue {
    pimp_request* head;
    pimp_request* tail;
};

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
    int nodes;
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
/* Stops the job unless pimp_init has run and node exists. */
void pimp_check_node(const char* routine, int node);
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
/* Sends one word once the send FIFO has room. */
void pimp_send_one_word(unsigned node, uint64_t word);
/* Sends a DATA word and the message's words to node. */
void pimp_stream(unsigned node, unsigned channel, const void* buffer, size_t bytes);
/* Waits for the request, making progress. */
void pimp_wait_for(pimp_request* request);

/* The operations on a channel, shared by the point-to-point API and the collectives. */
void pimp_post_send(unsigned channel, int node, const void* buffer, size_t bytes,
                    pimp_request* request);
void pimp_post_receive(unsigned channel, int node, void* buffer, size_t capacity,
                       pimp_request* request);
void pimp_send_on(unsigned channel, int node, const void* buffer, size_t bytes);

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
/* Receives words as long as the head message comes from node: _waiting waits for each of
 * them, _present stops at an empty FIFO. Returns how many it took (count > 0). */
size_t pimp_words_in_waiting(uint64_t node, uint64_t* words, size_t count);
size_t pimp_words_in_present(uint64_t node, uint64_t* words, size_t count);
/* Takes messages while they are `word`, up to count of them, waiting for each; a different
 * message stops it, with its sender in other[0] and its payload in other[1]. Returns how many
 * of count are still missing. Only while no incoming stream is open (every word is then a
 * control word). */
size_t pimp_take_words(size_t count, uint64_t word, uint64_t other[2]);
/* Sends word to nodes first .. end - 1 while the send FIFO has room; returns the first node it
 * did not send to. */
uint64_t pimp_send_to_nodes(uint64_t first, uint64_t end, uint64_t word);
/* The node-count CSR, or 0 when reading it traps (a machine without PIMP). */
long pimp_probe_node_count(void);

#endif
