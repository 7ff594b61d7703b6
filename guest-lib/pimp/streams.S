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

/* a0 = node, a1 = header, a2 = words, a3 = count; returns how many of the count + 1 it sent. */
BEGIN_ROUTINE(pimp_message_out)
    PIMP_BNS(3f)
    PIMP_SEND(a0, a1)
    mv t2, a3
    beqz a3, 2f
1:  PIMP_BNS(2f)
    ld t0, 0(a2)
    addi a2, a2, 8
    addi t2, t2, -1
    PIMP_SEND(a0, t0)
    bnez t2, 1b
2:  addi a0, a3, 1
    sub a0, a0, t2
    ret
3:  li a0, 0
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

/* a0 = dest, a1 = src, a2 = bytes: copies; the two are the same or do not overlap. Whole words
 * where both are aligned (picolibc's memcpy moves bytes), the rest with memcpy. */
BEGIN_ROUTINE(pimp_copy)
    beq a0, a1, 2f
    or t0, a0, a1
    andi t0, t0, 7
    bnez t0, 3f
    andi t1, a2, -8
    add t1, a1, t1
    beq a1, t1, 4f
1:  ld t0, 0(a1)
    addi a1, a1, 8
    addi a0, a0, 8
    sd t0, -8(a0)
    bne a1, t1, 1b
4:  andi a2, a2, 7
3:  bnez a2, 5f
2:  ret
5:  tail memcpy
