/* PIMP message passing for guest programs: the instructions as `.insn` macros, their C wrappers,
 * the PIMP CSRs, and the message-passing library of guest-lib/pimp (libpimp.a, linked by xbcc).
 *
 * The encodings are xbemu's default layout, everything on opcode 0x5b (custom-2), so that PIMP
 * and xBGAS can share a machine (see docs/pimp-library.md):
 *
 *     PIMP_SEND(a0, a1)   send a0, a1     R-type, funct3 0: payload a1 to node a0
 *     PIMP_SRC(a0)        src  a0         R-type, funct3 2: sender of the head message
 *     PIMP_RECV(a0)       recv a0         R-type, funct3 3: payload of the head message, dequeued
 *     PIMP_BNS(label)     bns  label      B-type, funct3 4: branch if the send FIFO is full
 *     PIMP_BRS(label)     brs  label      B-type, funct3 5: branch if the send FIFO has room
 *     PIMP_BNR(label)     bnr  label      B-type, funct3 6: branch if the receive FIFO is empty
 *     PIMP_BAR(label)     bar  label      B-type, funct3 7: branch if a message has arrived
 *
 * In a .S file the macros are used as instructions; in C, PIMP_ASM turns one into a string for
 * inline asm. `send` on a full send FIFO and `src`/`recv` on an empty receive FIFO trap, so
 * code guards them with the waiting idioms `1: PIMP_BNS(1b)` and `1: PIMP_BNR(1b)`. */
#ifndef PIMP_H
#define PIMP_H

#define PIMP_OPCODE 0x5b

#define PIMP_FUNCT3_SEND 0
#define PIMP_FUNCT3_SOURCE 2
#define PIMP_FUNCT3_RECEIVE 3
#define PIMP_FUNCT3_SEND_FULL 4
#define PIMP_FUNCT3_SEND_READY 5
#define PIMP_FUNCT3_NOTHING_RECEIVED 6
#define PIMP_FUNCT3_ANY_RECEIVED 7

#define PIMP_SEND(node, payload) .insn r PIMP_OPCODE, PIMP_FUNCT3_SEND, 0, x0, node, payload
#define PIMP_SRC(rd) .insn r PIMP_OPCODE, PIMP_FUNCT3_SOURCE, 0, rd, x0, x0
#define PIMP_RECV(rd) .insn r PIMP_OPCODE, PIMP_FUNCT3_RECEIVE, 0, rd, x0, x0
#define PIMP_BNS(target) .insn b PIMP_OPCODE, PIMP_FUNCT3_SEND_FULL, x0, x0, target
#define PIMP_BRS(target) .insn b PIMP_OPCODE, PIMP_FUNCT3_SEND_READY, x0, x0, target
#define PIMP_BNR(target) .insn b PIMP_OPCODE, PIMP_FUNCT3_NOTHING_RECEIVED, x0, x0, target
#define PIMP_BAR(target) .insn b PIMP_OPCODE, PIMP_FUNCT3_ANY_RECEIVED, x0, x0, target

/* The read-only CSRs. */
#define PIMP_CSR_NODES 0xc70
#define PIMP_CSR_ID 0xc71
#define PIMP_CSR_GRID 0xc72

#define PIMP_STRINGIFY(text...) #text
#define PIMP_ASM(instruction...) PIMP_STRINGIFY(instruction)

#ifndef __ASSEMBLER__

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The CSRs: how many nodes the machine has, this node's id (0 .. nodes - 1), and the edges of
 * the grid the nodes sit on (node id = y * width + x). They trap on a machine without PIMP. */
static inline unsigned pimp_nodes(void) {
    unsigned long value;
    __asm__ volatile("csrr %0, " PIMP_ASM(PIMP_CSR_NODES) : "=r"(value));
    return (unsigned)value;
}

static inline unsigned pimp_id(void) {
    unsigned long value;
    __asm__ volatile("csrr %0, " PIMP_ASM(PIMP_CSR_ID) : "=r"(value));
    return (unsigned)value;
}

static inline unsigned long pimp_grid(void) {
    unsigned long value;
    __asm__ volatile("csrr %0, " PIMP_ASM(PIMP_CSR_GRID) : "=r"(value));
    return value;
}

static inline unsigned pimp_grid_width(void) {
    return (unsigned)(pimp_grid() & 0xffff);
}
static inline unsigned pimp_grid_height(void) {
    return (unsigned)((pimp_grid() >> 16) & 0xffff);
}

/* The instructions, one wrapper each. The raw forms bypass the library: a program that uses
 * the library must not call them while library messages may be in flight, or it would take
 * the library's words. */

/* 1 when a send would not block (the send FIFO has room). The branch is taken in the rare case,
 * as a taken branch costs more on an in-order pipeline. */
static inline int pimp_can_send(void) {
    int ready = 0;
    __asm__ volatile(PIMP_ASM(PIMP_BNS(1f)) "\n\tli %0, 1\n1:" : "+r"(ready)::"memory");
    return ready;
}

/* 1 when a message waits in the receive FIFO. */
static inline int pimp_has_message(void) {
    int any = 0;
    __asm__ volatile(PIMP_ASM(PIMP_BNR(1f)) "\n\tli %0, 1\n1:" : "+r"(any)::"memory");
    return any;
}

/* Waits until the send FIFO has room, with the idiom a core may sleep on. */
static inline void pimp_wait_for_room(void) {
    __asm__ volatile("1: " PIMP_ASM(PIMP_BNS(1b))::: "memory");
}

/* Waits until a message arrives, with the idiom a core may sleep on. */
static inline void pimp_wait_for_message(void) {
    __asm__ volatile("1: " PIMP_ASM(PIMP_BNR(1b))::: "memory");
}

/* clang-format would split the %0 operands of these asm templates. */
/* clang-format off */

/* Waits until the send FIFO has room, then sends word to node. */
static inline void pimp_raw_send(uint64_t node, uint64_t word) {
    __asm__ volatile("1: " PIMP_ASM(PIMP_BNS(1b)) "\n\t" PIMP_ASM(PIMP_SEND(%0, %1))
                     :
                     : "r"(node), "r"(word)
                     : "memory");
}

/* Waits for a message; returns its sender and leaves it in the FIFO. */
static inline uint64_t pimp_raw_source(void) {
    uint64_t node;
    __asm__ volatile("1: " PIMP_ASM(PIMP_BNR(1b)) "\n\t" PIMP_ASM(PIMP_SRC(%0))
                     : "=r"(node)
                     :
                     : "memory");
    return node;
}

/* Waits for a message; returns its payload and removes it from the FIFO. */
static inline uint64_t pimp_raw_receive(void) {
    uint64_t word;
    __asm__ volatile("1: " PIMP_ASM(PIMP_BNR(1b)) "\n\t" PIMP_ASM(PIMP_RECV(%0))
                     : "=r"(word)
                     :
                     : "memory");
    return word;
}

/* clang-format on */

/* The library.
 *
 * Messages of any length (0 bytes included) go from one node to another with the ready
 * handshake: the receiver sends a "ready" word, the sender waits for it and then streams a
 * header word and the data. The receives a node posts for one sender are matched with that
 * sender's sends in order. Every routine keeps taking messages from the receive FIFO while it
 * waits, so that no node can block another: words for other transfers go straight into the
 * buffers of their receives, early ready words are counted per node. Collectives run on a
 * channel of their own and do not match point-to-point messages. Errors (a node that does not
 * exist, a message longer than its receive buffer, a misused call) print one line and end the
 * whole job with status 1. */

/* Checks that the machine has PIMP and sets the library up; every node calls it first.
 * Returns 0, or -1 after printing why on a machine without PIMP. */
int pimp_init(void);
/* Waits until every node has called it (a barrier) and releases the library's memory. No
 * request may be pending. */
void pimp_finalize(void);

/* The node count and this node's id (as the CSRs give them). */
int pimp_node_count(void);
int pimp_my_node(void);

/* A non-blocking operation. The caller owns the structure and keeps it until the operation is
 * complete (pimp_wait, pimp_test); its fields belong to the library. */
typedef struct pimp_request {
    struct pimp_request* next;
    void* buffer;
    size_t bytes;
    uint64_t word;
    int node;
    unsigned char channel;
    unsigned char kind;
    unsigned char done;
} pimp_request;

/* Blocking: returns once the message is in the network (send) or in the buffer (receive). A
 * receive returns the length of the message, which may be shorter than its buffer. */
void pimp_send(int node, const void* buffer, size_t bytes);
size_t pimp_receive(int node, void* buffer, size_t capacity);
void pimp_send_word(int node, uint64_t word);
/* The message must be exactly one word. */
uint64_t pimp_receive_word(int node);

/* Non-blocking: start the operation and return at once. The buffer must stay untouched (send)
 * or unread (receive) until the request is complete. */
void pimp_isend(int node, const void* buffer, size_t bytes, pimp_request* request);
void pimp_ireceive(int node, void* buffer, size_t capacity, pimp_request* request);
/* The word travels in the request. */
void pimp_isend_word(int node, uint64_t word, pimp_request* request);
/* The message must be exactly one word; it lands in *word. */
void pimp_ireceive_word(int node, uint64_t* word, pimp_request* request);

/* 1 when the request is complete (makes progress first), 0 if not. */
int pimp_test(const pimp_request* request);
/* Waits for the request; returns the bytes sent or received. */
size_t pimp_wait(pimp_request* request);
void pimp_wait_all(pimp_request* requests, size_t count);

/* Collectives: every node calls them in the same order with the same arguments (root, sizes,
 * type, operation). Any node count, any root; sizes may be 0. Buffers are private memory; a
 * node's dest and src must not overlap except where said. */

/* Returns once every node has entered it. Linear: every node signals node 0, which releases
 * them all. */
void pimp_barrier(void);

/* Every node's buffer gets root's (a binomial tree). */
void pimp_broadcast(void* buffer, size_t bytes, int root);

enum pimp_type {
    PIMP_INT,           /* int32_t */
    PIMP_UNSIGNED,      /* uint32_t */
    PIMP_LONG,          /* int64_t */
    PIMP_UNSIGNED_LONG, /* uint64_t */
    PIMP_FLOAT,
    PIMP_DOUBLE,
    PIMP_TYPE_COUNT
};

/* Signed sums and products wrap around; AND, OR and XOR are for the integer types only. */
enum pimp_operation {
    PIMP_SUM,
    PIMP_PRODUCT,
    PIMP_MIN,
    PIMP_MAX,
    PIMP_AND,
    PIMP_OR,
    PIMP_XOR,
    PIMP_OPERATION_COUNT
};

/* Bytes of one element of the type. */
size_t pimp_type_size(enum pimp_type type);

/* root's dest[i] = the operation over every node's src[i], for i < count (a binomial tree,
 * children combined in a fixed order, so the result does not depend on timing). dest is used
 * on the root only and may equal src there. */
void pimp_reduce(void* dest, const void* src, size_t count, enum pimp_type type,
                 enum pimp_operation operation, int root);
/* Every node's dest gets that result, bit for bit the same on every node; dest may equal src.
 * pimp_allreduce: recursive doubling (any node count: the nodes beyond the largest power of
 * two first hand their values to a partner and get the result back at the end).
 * pimp_allreduce_reduce_broadcast: reduce to node 0, then broadcast. */
void pimp_allreduce(void* dest, const void* src, size_t count, enum pimp_type type,
                    enum pimp_operation operation);
void pimp_allreduce_reduce_broadcast(void* dest, const void* src, size_t count, enum pimp_type type,
                                     enum pimp_operation operation);

/* Blocks of `bytes` per node, block i at byte i * bytes.
 * scatter: node i's dest = block i of root's src.
 * gather: block i of root's dest = node i's src; dest is used on the root only.
 * allgather: block i of every node's dest = node i's src.
 * alltoall: block j of node i's src goes to block i of node j's dest. */
void pimp_scatter(void* dest, const void* src, size_t bytes, int root);
void pimp_gather(void* dest, const void* src, size_t bytes, int root);
void pimp_allgather(void* dest, const void* src, size_t bytes);
void pimp_alltoall(void* dest, const void* src, size_t bytes);

#ifdef __cplusplus
}
#endif

#endif

#endif
