/* The blocking send's and receive's common case (see pimp_internal.h), in few cycles: a message
 * between two nodes goes straight between the FIFOs and the buffers. Anything else they hand,
 * with the arguments they got, to C (a tail call). pimp_send and pimp_receive, the API's blocking
 * calls on the user channel, check here that the common case applies: the node exists and is
 * not this one, the buffer holds whole words, no send waits to be started, none of the node's
 * messages is half taken, and no earlier send to it (receive from it) waits. */
#include "pimp.h"
#include "pimp_words.h"

#define BEGIN_ROUTINE(name)                 \
    .section .text.name, "ax", @progbits;   \
    .globl name;                            \
    .type name, @function;                  \
    .balign 4;                              \
name:

/* Sets t0 = &pimp_state and t4 = node a0's struct pimp_peer, or goes to `slow` unless node is
 * another existing node, no send waits to be started and no message of node's is half taken.
 * The loads come first, so that no instruction waits for one. Uses t1, t2, t6. */
#define FIND_PEER(slow)                              \
    la t0, pimp_state;                               \
    lw t1, PIMP_STATE_NODES(t0);                     \
    lw t6, PIMP_STATE_ME(t0);                        \
    ld t2, PIMP_STATE_STARTABLE_COUNT(t0);           \
    ld t4, PIMP_STATE_PEERS(t0);                     \
    bgeu a0, t1, slow;                               \
    beq a0, t6, slow;                                \
    bnez t2, slow;                                   \
    slli t1, a0, 7;                                  \
    slli t6, a0, 4;                                  \
    sub t1, t1, t6;                                  \
    add t4, t4, t1;                                  \
    ld t1, PIMP_PEER_INCOMING_REQUEST(t4)

/* Uses a ready word from node a0 on the channel (CHANNEL holds channel << 3, x0 for the user
 * channel): one of *READIES (SEND_EXITS takes it, at 4f), or node's head message. Goes to 6f
 * when another node's message is next (nothing taken), to 7f with a6 = node's word when that
 * is not a ready word. */
#define TAKE_READY(CHANNEL, READIES)                    \
    lw t0, 0(READIES);                                  \
    bnez t0, 4f;                                        \
1:  PIMP_BNR(1b);                                       \
    PIMP_SRC(t1);                                       \
    bne t1, a0, 6f;                                     \
    PIMP_RECV(a6);                                      \
    ori t6, CHANNEL, PIMP_WORD_READY;                   \
    bne a6, t6, 7f;                                     \
2:

/* t3 = the DATA word of a message of BYTES on the channel, t5 = BUFFER, t2 = its end. */
#define PREPARE_MESSAGE(BUFFER, BYTES, CHANNEL)         \
    slli t3, BYTES, PIMP_WORD_VALUE_SHIFT;              \
    or t3, t3, CHANNEL;                                 \
    ori t3, t3, PIMP_WORD_DATA;                         \
    mv t5, BUFFER;                                      \
    add t2, BUFFER, BYTES

/* Sends the DATA word and the words PREPARE_MESSAGE set up to node a0 and returns; goes to 8f
 * when the send FIFO is full before the DATA word, to 9f with t5 = the next word to send when
 * it fills later. */
#define STREAM_MESSAGE                                  \
    PIMP_BNS(8f);                                       \
    PIMP_SEND(a0, t3);                                  \
    beq t5, t2, 5f;                                     \
3:  PIMP_BNS(9f);                                       \
    ld t0, 0(t5);                                       \
    addi t5, t5, 8;                                     \
    PIMP_SEND(a0, t0);                                  \
    bne t5, t2, 3b;                                     \
5:  ret

/* The exits into a fallback (status in a4): 6f, another node's message is next; 7f, a word of
 * node's, in WORD, is not the one expected. Both then go to 10f. */
#define OTHER_OR_WORD_EXITS(WORD)                       \
6:  li a4, PIMP_FAST_OTHER;                             \
    j 10f;                                              \
7:  li a4, PIMP_FAST_WORD;                              \
    mv a5, WORD;                                        \
    j 10f

/* The counted ready word of TAKE_READY, and the exits of TAKE_READY and STREAM_MESSAGE into
 * pimp_send_fallback. FALLBACK_ARGUMENTS puts node, channel, buffer and bytes into a0-a3
 * (BUFFER is read before). */
#define SEND_EXITS(READIES, BUFFER, FALLBACK_ARGUMENTS) \
4:  addi t0, t0, -1;                                    \
    sw t0, 0(READIES);                                  \
    j 2b;                                               \
    OTHER_OR_WORD_EXITS(a6);                            \
8:  li a4, PIMP_FAST_PARTIAL;                           \
    li a5, 0;                                           \
    j 10f;                                              \
9:  sub a5, t5, BUFFER;                                 \
    srli a5, a5, 3;                                     \
    addi a5, a5, 1;                                     \
    li a4, PIMP_FAST_PARTIAL;                           \
10: FALLBACK_ARGUMENTS;                                 \
    tail pimp_send_fallback

/* The receive, its ready word sent: node in a0, the buffer in BUFFER (aligned), its capacity in
 * CAPACITY, channel << 3 in CHANNEL. Waits for node's DATA word and takes a message of whole
 * words that fits; returns its bytes. FALLBACK_ARGUMENTS as for SEND_MESSAGE, for
 * pimp_receive_fallback (status in a4, the word taken in a5, the words taken in a6). */
#define RECEIVE_MESSAGE(BUFFER, CAPACITY, CHANNEL, FALLBACK_ARGUMENTS) \
    ori t4, CHANNEL, PIMP_WORD_DATA;                    \
1:  PIMP_BNR(1b);                                       \
    PIMP_SRC(t0);                                       \
    bne t0, a0, 6f;                                     \
    PIMP_RECV(t2);                                      \
    andi t3, t2, PIMP_WORD_HEADER_BITS;                 \
    srli t6, t2, PIMP_WORD_VALUE_SHIFT;                 \
    bne t3, t4, 7f;                                     \
    bgtu t6, CAPACITY, 7f;                              \
    mv t1, BUFFER;                                      \
    add t5, BUFFER, t6;                                 \
    beq t1, t5, 5f;                                     \
2:  PIMP_BNR(2b);                                       \
    PIMP_SRC(t0);                                       \
    bne t0, a0, 8f;                                     \
    PIMP_RECV(t3);                                      \
    sd t3, 0(t1);                                       \
    addi t1, t1, 8;                                     \
    bne t1, t5, 2b;                                     \
5:  mv a0, t6;                                          \
    ret;                                                \
    OTHER_OR_WORD_EXITS(t2);                            \
8:  li a4, PIMP_FAST_PARTIAL;                           \
    mv a5, t2;                                          \
    sub a6, t1, BUFFER;                                 \
    srli a6, a6, 3;                                     \
10: FALLBACK_ARGUMENTS;                                 \
    tail pimp_receive_fallback

/* From the API's (node, buffer, size) to the fallbacks' (node, channel 0, buffer, size). */
#define USER_CHANNEL_ARGUMENTS \
    mv a3, a2;                 \
    mv a2, a1;                 \
    li a1, 0

/* void pimp_send(int node, const void* buffer, size_t bytes): a0 = node, a1 = buffer,
 * a2 = bytes. */
BEGIN_ROUTINE(pimp_send)
    FIND_PEER(11f)
    ld t6, PIMP_PEER_USER_SEND_HEAD(t4)
    or t3, a1, a2
    andi t3, t3, 7
    or t1, t1, t6
    or t1, t1, t3
    bnez t1, 11f
    addi a4, t4, PIMP_PEER_USER_READIES
    PREPARE_MESSAGE(a1, a2, x0)
    TAKE_READY(x0, a4)
    STREAM_MESSAGE
    SEND_EXITS(a4, a1, USER_CHANNEL_ARGUMENTS)
11: tail pimp_send_checked

/* size_t pimp_receive(int node, void* buffer, size_t capacity): a0 = node, a1 = buffer,
 * a2 = capacity. The ready word goes out as soon as the node is known to exist and the send
 * FIFO has room, as the sender waits for it; the receive is then RECEIVE_MESSAGE's, or the
 * fallback's. */
BEGIN_ROUTINE(pimp_receive)
    la t0, pimp_state
    lw t1, PIMP_STATE_NODES(t0)
    lw t6, PIMP_STATE_ME(t0)
    bgeu a0, t1, 11f
    beq a0, t6, 11f
    PIMP_BNS(11f)
    li t1, PIMP_WORD_READY
    PIMP_SEND(a0, t1)
    FIND_PEER(12f)
    ld t6, PIMP_PEER_USER_RECEIVE_HEAD(t4)
    andi t3, a1, 7
    or t1, t1, t6
    or t1, t1, t3
    bnez t1, 12f
    RECEIVE_MESSAGE(a1, a2, x0, USER_CHANNEL_ARGUMENTS)
11: tail pimp_receive_checked
12: li a4, PIMP_FAST_OTHER
    USER_CHANNEL_ARGUMENTS
    tail pimp_receive_fallback

/* void pimp_send_fast(node, channel, buffer, bytes, readies): a0-a4. */
BEGIN_ROUTINE(pimp_send_fast)
    slli a7, a1, PIMP_WORD_CHANNEL_SHIFT
    PREPARE_MESSAGE(a2, a3, a7)
    TAKE_READY(a7, a4)
    STREAM_MESSAGE
    SEND_EXITS(a4, a2, nop)

/* size_t pimp_receive_fast(node, channel, buffer, capacity): a0-a3. */
BEGIN_ROUTINE(pimp_receive_fast)
    slli a7, a1, PIMP_WORD_CHANNEL_SHIFT
    RECEIVE_MESSAGE(a2, a3, a7, nop)
