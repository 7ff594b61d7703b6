/* The library's inner loops (see pimp_internal.h for their contracts). Each returns to C as soon
 * as the next step needs a decision of the library: a full send FIFO, a message from another
 * node, a word that is not the one expected. Loads come a few instructions before their use,
 * so that no load-use stall slows the loops. */
#include "pimp.h"

#define BEGIN_ROUTINE(name) \
    .section .text.name, "ax", @progbits; \
    .globl name;            \
    .type name, @function;  \
    .balign 4;              \
name:

/* a0 = node, a1 = words, a2 = count; returns the words sent. */
BEGIN_ROUTINE(pimp_words_out)
    mv t2, a2
1:  PIMP_BNS(2f)
    ld t0, 0(a1)
    addi a1, a1, 8
    addi a2, a2, -1
    PIMP_SEND(a0, t0)
    bnez a2, 1b
2:  sub a0, t2, a2
    ret

/* a0 = node, a1 = words, a2 = count; returns the words taken. EMPTY is what an empty receive
 * FIFO does: wait (branch back) or stop. */
#define WORDS_IN(name, EMPTY)          \
BEGIN_ROUTINE(name);                   \
    mv t2, a2;                         \
1:  PIMP_BNR(EMPTY);                   \
    PIMP_SRC(t0);                      \
    bne t0, a0, 2f;                    \
    PIMP_RECV(t1);                     \
    addi a2, a2, -1;                   \
    sd t1, 0(a1);                      \
    addi a1, a1, 8;                    \
    bnez a2, 1b;                       \
2:  sub a0, t2, a2;                    \
    ret

WORDS_IN(pimp_words_in_waiting, 1b)
WORDS_IN(pimp_words_in_present, 2f)

/* a0 = count, a1 = the expected word, a2 = other[2]; returns the count still missing. */
BEGIN_ROUTINE(pimp_take_words)
1:  PIMP_BNR(1b)
    PIMP_SRC(t0)
    PIMP_RECV(t1)
    bne t1, a1, 2f
    addi a0, a0, -1
    bnez a0, 1b
    ret
2:  sd t0, 0(a2)
    sd t1, 8(a2)
    ret

/* a0 = first node, a1 = end, a2 = word; returns the first node not sent to. */
BEGIN_ROUTINE(pimp_send_to_nodes)
    bgeu a0, a1, 2f
1:  PIMP_BNS(2f)
    PIMP_SEND(a0, a2)
    addi a0, a0, 1
    bltu a0, a1, 1b
2:  ret
