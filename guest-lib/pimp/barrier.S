/* The barrier's loops (see barrier.c): node 0 takes the other nodes' barrier words four at a
 * time and sends the release words four at a time, as it handles one word from and one word to
 * each node. */
#include "pimp.h"
#include "pimp_words.h"

#define BEGIN_ROUTINE(name)                 \
    .section .text.name, "ax", @progbits;   \
    .globl name;                            \
    .type name, @function;                  \
    .balign 4;                              \
name:

/* Takes COUNT words equal to WORD, waiting for each; goes to MISMATCH with t0 = the sender and
 * t1 = the word when a different one comes, COUNT then holding the words still missing. Uses
 * t0, t1, t3. */
#define TAKE_ONE(COUNT, WORD, MISMATCH) \
    PIMP_BNR(.);                        \
    PIMP_SRC(t0);                       \
    PIMP_RECV(t1);                      \
    bne t1, WORD, MISMATCH;             \
    addi COUNT, COUNT, -1
#define FOUR_TIMES(STEP) STEP; STEP; STEP; STEP
#define TAKE_WORDS(COUNT, WORD, MISMATCH)           \
    li t3, 4;                                       \
    bltu COUNT, t3, 23f;                            \
21: FOUR_TIMES(TAKE_ONE(COUNT, WORD, MISMATCH));    \
    bgeu COUNT, t3, 21b;                            \
23: beqz COUNT, 24f;                                \
22: TAKE_ONE(COUNT, WORD, MISMATCH);                \
    bnez COUNT, 22b;                                \
24:

/* Sends WORD to nodes NODE .. END - 1; goes to FULL with NODE the first one not sent to when
 * the send FIFO is full. Uses t3. */
#define SEND_ONE(NODE, WORD, FULL) \
    PIMP_BNS(FULL);                \
    PIMP_SEND(NODE, WORD);         \
    addi NODE, NODE, 1
#define SEND_TO_NODES(NODE, END, WORD, FULL)        \
    addi t3, END, -4;                               \
    bgt NODE, t3, 33f;                              \
31: FOUR_TIMES(SEND_ONE(NODE, WORD, FULL));         \
    ble NODE, t3, 31b;                              \
33: bgeu NODE, END, 34f;                            \
32: SEND_ONE(NODE, WORD, FULL);                     \
    bltu NODE, END, 32b;                            \
34:

/* size_t pimp_take_words(size_t count, uint64_t word, uint64_t other[2]): see
 * pimp_internal.h. */
BEGIN_ROUTINE(pimp_take_words)
    TAKE_WORDS(a0, a1, 2f)
    ret
2:  sd t0, 0(a2)
    sd t1, 8(a2)
    ret

/* uint64_t pimp_send_to_nodes(uint64_t first, uint64_t end, uint64_t word): see
 * pimp_internal.h. */
BEGIN_ROUTINE(pimp_send_to_nodes)
    SEND_TO_NODES(a0, a1, a2, 2f)
2:  ret
