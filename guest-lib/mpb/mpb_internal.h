/* What the files of the MPB library share: the layout of a node's buffer and the node's own
 * counters. */
#ifndef MPB_INTERNAL_H
#define MPB_INTERNAL_H

#include "mpb.h"

#include <stdint.h>

/* A node's message-passing buffer, at the same address on every node: flags that other nodes
 * write, then the data area. Counters only grow, so a flag never needs clearing. */
struct mpb_flags {
    uint64_t ready; /* pieces the owner of the buffer may send to this flag's node */
    uint64_t sent;  /* pieces this flag's node has put into the owner's data area */
};

struct mpb_state {
    int me;
    int nodes;
    /* This node's buffer (and, at the same address, every other node's). */
    volatile struct mpb_flags* flags; /* one per node */
    volatile uint64_t* arrivals;      /* node 0's: barriers each node has entered */
    volatile uint64_t* release;       /* barriers node 0 has released */
    unsigned char* data;
    size_t data_bytes;
    /* This node's counts, one per node: pieces sent to it, received from it, and made ready
     * for. */
    uint64_t* sent_to;
    uint64_t* received_from;
    uint64_t* ready_for;
    uint64_t barriers;
    /* Private room for the reductions' operands, grown as needed. */
    unsigned char* scratch;
    size_t scratch_bytes;
    void* buffer; /* the symmetric block holding the MPB */
};

extern struct mpb_state mpb_state;

/* memcpy word by word where both sides are 8-byte aligned (picolibc's memcpy, built for size,
 * moves one byte at a time), byte by byte otherwise; the areas must not overlap. */
void mpb_copy(void* to, const void* from, size_t bytes);
/* At least `bytes` of the private scratch room. */
unsigned char* mpb_scratch(size_t bytes, const char* routine);
void mpb_fail(const char* format, ...) __attribute__((format(printf, 1, 2), noreturn));
void mpb_check_node(const char* routine, int node);
/* Waits until a flag of this node's buffer reaches value. */
void mpb_wait_at_least(volatile uint64_t* flag, uint64_t value);
/* Stores value into the flag at the same address in node's buffer. */
void mpb_set_remote_flag(int node, volatile uint64_t* flag, uint64_t value);

#endif
