/* MPB: an RCCE-like message-passing library on message-passing buffers, the baseline of the PIMP
 * paper (Intel SCC's MPBs). Every node owns MPB_BYTES of on-chip buffer that the other nodes
 * write through the network; here it is a block of the xBGAS symmetric heap, written with
 * remote stores and read locally. A message goes into the receiver's buffer, then a flag the
 * receiver polls says it is there; the receiver first sets a flag in the sender's buffer saying
 * it is ready (RCCE's synchronous send and receive). Run programs with
 * xbemu --isa rv64gc_xbgas -n N (--timing cycle for simulated cycles).
 *
 * Every node calls the collectives in the same order with the same sizes and root. Bad
 * arguments end the job with a one-line message. */
#ifndef MPB_H
#define MPB_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of each node's message-passing buffer (the SCC's 8 KB per core): its flags, one pair per
 * node, and the data area; longer messages travel in pieces of the data area. */
#define MPB_BYTES 8192

/* Starts xbrtime and allocates the buffers: every node calls it first. 0, or -1 after a
 * one-line message (a machine without xBGAS, more nodes than the buffer has flags for). */
int mpb_init(void);
/* A barrier, then the buffers are released. */
void mpb_finalize(void);
int mpb_node_count(void);
int mpb_my_node(void);

/* Blocking send and receive of exactly `bytes`; send returns once the last piece is in the
 * receiver's buffer. */
void mpb_send(int node, const void* buffer, size_t bytes);
void mpb_receive(int node, void* buffer, size_t bytes);
/* Sends to dest and receives from source at once (no deadlock when every node calls it). */
void mpb_send_receive(int dest, const void* send_buffer, int source, void* receive_buffer,
                      size_t bytes);

/* RCCE's barrier: every node flags its arrival in node 0's buffer, node 0 waits for them all in
 * turn, then flags every node's release. */
void mpb_barrier(void);
/* Broadcast from root along a binomial tree. */
void mpb_broadcast(void* buffer, size_t bytes, int root);

enum mpb_type { MPB_LONG, MPB_UNSIGNED_LONG, MPB_DOUBLE };
enum mpb_operation { MPB_SUM, MPB_MIN, MPB_MAX };

/* root's dest = the operation over every node's src, element by element, along a binomial
 * tree (dest and src may be the same). */
void mpb_reduce(void* dest, const void* src, size_t count, enum mpb_type type,
                enum mpb_operation operation, int root);
/* Every node's dest = that result, by recursive doubling (any node count: the nodes above the
 * largest power of two hand their values to a partner first and get the result back). */
void mpb_allreduce(void* dest, const void* src, size_t count, enum mpb_type type,
                   enum mpb_operation operation);
/* The same result by reduce to node 0, then broadcast. */
void mpb_allreduce_reduce_broadcast(void* dest, const void* src, size_t count, enum mpb_type type,
                                    enum mpb_operation operation);
/* Block j (of `bytes`) of src goes to node j, into block i (the sender's) of its dest. */
void mpb_alltoall(void* dest, const void* src, size_t bytes);

#ifdef __cplusplus
}
#endif

#endif
