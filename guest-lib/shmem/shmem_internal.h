/* What the files of the OpenSHMEM layer share (not installed): sets of member PEs and their
 * barrier, teams, contexts, the collective algorithms, and error reports. */
#ifndef SHMEM_INTERNAL_H
#define SHMEM_INTERNAL_H

#include "../xbrtime/collective_internal.h"
/* xbrtime_report_error: messages go to the host's standard error, which picolibc's stdio
 * does not reach. */
#include "../xbrtime/runtime_state.h"
#include "shmem.h"

#include <stddef.h>

/* Reports a misuse of the API (one line on the host's standard error, printf-style) and stops
 * the program. */
__attribute__((noreturn, format(printf, 1, 2))) void shmem_internal_error(const char* format, ...);

/* A set of member PEs: an active set or a team's members, as world PE numbers start,
 * start + stride, ... (stride may be negative, or 0 for one member), and the calling PE's index
 * among them (-1 when it is not a member). */
struct shmem_internal_set {
    int start;
    int stride;
    int size;
    int me;
};

/* The active set (PE_start, logPE_stride, PE_size); stops the program, naming routine, when the
 * set does not fit the job or leaves the caller out. */
struct shmem_internal_set shmem_internal_set_of(int PE_start, int logPE_stride, int PE_size,
                                                const char* routine);

static inline int shmem_internal_pe_of(const struct shmem_internal_set* set, int index) {
    return set->start + index * set->stride;
}

/* The index of world PE pe in the set, or -1. */
int shmem_internal_index_in(const struct shmem_internal_set* set, int pe);

/* A barrier of the set's members alone, through pSync[0 .. SHMEM_BARRIER_SYNC_SIZE). It
 * completes the caller's puts first. */
void shmem_internal_barrier(const struct shmem_internal_set* set, long* pSync);

/* count elements of element_size bytes from source on PE pe (maybe the caller) to local dest. */
void shmem_internal_fetch(void* dest, const void* source, size_t count, size_t element_size,
                          int pe);

/* nelems elements of size bytes between local and PE pe's memory, with a stride in elements on
 * each side (dst for dest, sst for source; they may differ). Puts are posted. */
void shmem_internal_strided_put(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,
                                size_t nelems, size_t size, int pe);
void shmem_internal_strided_get(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,
                                size_t nelems, size_t size, int pe);

/* A team: its members, the pSync words of its collectives (one slot of a symmetric pool, the
 * same on every member), and what it was created with. Handles exist on members only. */
struct shmem_internal_team {
    struct shmem_internal_set members;
    long* pSync;
    int slot;
    shmem_team_config_t config;
    int contexts; /* created from it and not destroyed yet */
};

/* The team of handle team; stops the program, naming routine, for SHMEM_TEAM_INVALID. */
struct shmem_internal_team* shmem_internal_team_of(shmem_team_t team, const char* routine);

/* Sets up SHMEM_TEAM_WORLD, SHMEM_TEAM_SHARED and the pool of team slots (shmem_init). */
void shmem_internal_teams_start(void);

/* A context: the team whose PE numbers its operations take. */
struct shmem_internal_context {
    struct shmem_internal_team* team;
    long options;
};

/* The world PE that PE pe of the context's team is; stops the program, naming routine, when the
 * context is SHMEM_CTX_INVALID or pe is not in its team. */
int shmem_internal_context_pe(shmem_ctx_t ctx, int pe, const char* routine);

/* The collective algorithms, on the members of set with its pSync; elements of size bytes.
 * Each reads what it needs from the other members between two barriers of the set. broadcast:
 * the root's source reaches every member's dest (the root's own too when root_too).
 * collect: the members' blocks of any length, concatenated in member order; fcollect: blocks
 * of nelems. alltoall: block i of member j's source (elements i * nelems .. at stride sst)
 * becomes block j of member i's dest (at stride dst). */
void shmem_internal_broadcast(const struct shmem_internal_set* set, long* pSync, void* dest,
                              const void* source, size_t nelems, size_t size, int root,
                              int root_too);
void shmem_internal_collect(const struct shmem_internal_set* set, long* pSync, void* dest,
                            const void* source, size_t nelems, size_t size);
void shmem_internal_fcollect(const struct shmem_internal_set* set, long* pSync, void* dest,
                             const void* source, size_t nelems, size_t size);
void shmem_internal_alltoall(const struct shmem_internal_set* set, long* pSync, void* dest,
                             ptrdiff_t dst, const void* source, ptrdiff_t sst, size_t nelems,
                             size_t size);
/* dest[i] = the members' source[i] combined in member order, between two barriers of the set;
 * dest may be source. */
void shmem_internal_ordered_reduce(const struct shmem_internal_set* set, long* pSync, void* dest,
                                   const void* source, size_t nreduce, size_t size,
                                   xbrtime_combine_function* combine, const char* routine);
/* The same result; over all PEs, xbrtime's notified reduce_all when the collective algorithm
 * chosen takes it for this combination (order_independent: see XBRTIME_EXACT_TYPE), with no
 * barrier. */
void shmem_internal_reduce(const struct shmem_internal_set* set, long* pSync, void* dest,
                           const void* source, size_t nreduce, size_t size,
                           xbrtime_combine_function* combine, int order_independent,
                           const char* routine);
/* 1 when the set is every PE of the job in order, so that xbrtime's collectives serve it. */
int shmem_internal_set_is_world(const struct shmem_internal_set* set);

/* Stop the program, naming routine, unless root is the index of one of the set's members, or
 * unless both strides of an alltoalls are 1 or more. */
void shmem_internal_check_root(const struct shmem_internal_set* set, int root, const char* routine);
void shmem_internal_check_strides(ptrdiff_t dst, ptrdiff_t sst, const char* routine);

#endif
