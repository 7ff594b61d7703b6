/* The words of the library's protocol and the layout of its state, for C and assembly (not
 * installed).
 *
 * A control word: its kind in bits 2:0, the channel in bit 3, a value (the bytes of a message)
 * from bit 8. Every word a node sends is a control word except the data that follows a DATA
 * word, and the receiver tells the two apart by the sender's state (see struct pimp_incoming). */
#ifndef PIMP_WORDS_H
#define PIMP_WORDS_H

#define PIMP_WORD_READY 1
#define PIMP_WORD_DATA 2
#define PIMP_WORD_BARRIER 3
#define PIMP_WORD_KIND_MASK 7u
#define PIMP_WORD_CHANNEL_SHIFT 3
#define PIMP_WORD_VALUE_SHIFT 8
/* The bits of a DATA word that tell a message of whole words on a channel: kind, channel, the
 * zeros up to the value, and the value's low 3 bits (zero for whole words). */
#define PIMP_WORD_HEADER_BITS 0x7ff

/* Where the assembly fast paths find what they read of struct pimp_state and struct pimp_peer
 * (point_to_point.c checks these against the structures). */
#define PIMP_STATE_ME 0
#define PIMP_STATE_NODES 4
#define PIMP_STATE_PEERS 8
#define PIMP_STATE_STARTABLE_COUNT 48
#define PIMP_PEER_INCOMING_REQUEST 0
#define PIMP_PEER_USER_SEND_HEAD 32
#define PIMP_PEER_USER_RECEIVE_HEAD 64
#define PIMP_PEER_USER_READIES 96
#define PIMP_PEER_BYTES 112

/* What stopped an assembly fast path (see pimp_internal.h). */
#define PIMP_FAST_OTHER 1
#define PIMP_FAST_WORD 2
#define PIMP_FAST_PARTIAL 3

#ifndef __ASSEMBLER__
#include <stdint.h>

static inline uint64_t pimp_control_word(unsigned kind, unsigned channel, uint64_t value) {
    return kind | (uint64_t)channel << PIMP_WORD_CHANNEL_SHIFT | value << PIMP_WORD_VALUE_SHIFT;
}
#endif

#endif
