/* OpenSHMEM 1.5 (the C API) over xbrtime, for programs that run as xbemu PEs:
 *
 *     #include <shmem.h>
 *     shmem_init();
 *     long *table = shmem_malloc(n * sizeof(long));
 *     shmem_long_put(table, local, n, (shmem_my_pe() + 1) % shmem_n_pes());
 *     shmem_barrier_all();
 *     shmem_free(table);
 *     shmem_finalize();
 *
 * Symmetric objects are static data and blocks from shmem_malloc (the xbrtime symmetric heap).
 * Puts are posted: they complete at shmem_quiet, shmem_fence and every barrier; gets and the
 * non-blocking atomics complete before they return. The routines are declared in
 * shmem/routines.h, the C11 type-generic names in shmem/generic.h, the profiling names in
 * <pshmem.h>.
 *
 * Where the standard leaves the choice to the library:
 *  - Threads: a PE is one hart and runs one thread, so the levels up to SHMEM_THREAD_SERIALIZED
 *    hold trivially: shmem_init_thread provides the level asked for, SHMEM_THREAD_SERIALIZED for
 *    SHMEM_THREAD_MULTIPLE, and shmem_query_thread reports it (SHMEM_THREAD_SINGLE after
 *    shmem_init).
 *  - shmem_malloc_with_hints ignores its hints: every block suits every use.
 *  - Contexts share the PE's ordering: quiet and fence on any context complete or order every
 *    put of the PE. A context made from a team numbers PEs within that team.
 *  - SHMEM_TEAM_SHARED is the calling PE alone: shmem_ptr reaches no other PE's memory.
 *  - Collectives synchronise through the pSync array (active sets) or the team's own; each
 *    member reads what it needs from the others between two barriers, and reductions combine
 *    the members' values in member order, so every member gets the same bits.
 *  - Teams: at most 63 exist at once on a PE (with SHMEM_TEAM_WORLD and SHMEM_TEAM_SHARED).
 *  - Locks live in PE 0's copy of the lock variable and serve PEs in the order they asked.
 *  - shmem_global_exit(status) ends every PE, and xbemu exits with status (0 included).
 *  - Misuse that the standard leaves undefined (a PE outside the job or team, an unknown
 *    comparison or signal operation, destroying SHMEM_TEAM_WORLD) stops the program with
 *    a one-line message on standard error and exit status 1. */
#ifndef SHMEM_H
#define SHMEM_H

#include "shmem/type_lists.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 5
#define SHMEM_MAX_NAME_LEN 64
#define SHMEM_VENDOR_STRING "xbemu OpenSHMEM over xbrtime"

#define SHMEM_THREAD_SINGLE 0
#define SHMEM_THREAD_FUNNELED 1
#define SHMEM_THREAD_SERIALIZED 2
#define SHMEM_THREAD_MULTIPLE 3

/* pSync arrays hold SHMEM_SYNC_VALUE in every word when a collective starts and again when it
 * returns. The barrier uses one word per round of its dissemination (enough for 2^16 PEs);
 * collect one more, for the element count of its caller. */
#define SHMEM_SYNC_VALUE 0L
#define SHMEM_BARRIER_SYNC_SIZE 16
#define SHMEM_BCAST_SYNC_SIZE 16
#define SHMEM_REDUCE_SYNC_SIZE 16
#define SHMEM_ALLTOALL_SYNC_SIZE 16
#define SHMEM_ALLTOALLS_SYNC_SIZE 16
#define SHMEM_COLLECT_SYNC_SIZE 17
#define SHMEM_SYNC_SIZE 17
/* The reductions work in private memory and leave pWrk alone; programs size pWrk by this. */
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 16

#define SHMEM_CMP_EQ 1
#define SHMEM_CMP_NE 2
#define SHMEM_CMP_GT 3
#define SHMEM_CMP_GE 4
#define SHMEM_CMP_LT 5
#define SHMEM_CMP_LE 6

#define SHMEM_SIGNAL_SET 0
#define SHMEM_SIGNAL_ADD 1

/* Options of shmem_ctx_create and shmem_team_create_ctx. */
#define SHMEM_CTX_SERIALIZED (1L << 0)
#define SHMEM_CTX_PRIVATE (1L << 1)
#define SHMEM_CTX_NOSTORE (1L << 2)

/* Hints of shmem_malloc_with_hints: every block suits remote atomics and signals alike, and hints
 * this library does not know are ignored. */
#define SHMEM_MALLOC_ATOMICS_REMOTE (1L << 0)
#define SHMEM_MALLOC_SIGNAL_REMOTE (1L << 1)

/* The config_mask bit of shmem_team_config_t's num_contexts. */
#define SHMEM_TEAM_NUM_CONTEXTS (1L << 0)

/* The names before OpenSHMEM 1.3. */
#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION
#define _SHMEM_MAX_NAME_LEN SHMEM_MAX_NAME_LEN
#define _SHMEM_VENDOR_STRING SHMEM_VENDOR_STRING
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE
#define _SHMEM_CMP_EQ SHMEM_CMP_EQ
#define _SHMEM_CMP_NE SHMEM_CMP_NE
#define _SHMEM_CMP_GT SHMEM_CMP_GT
#define _SHMEM_CMP_GE SHMEM_CMP_GE
#define _SHMEM_CMP_LT SHMEM_CMP_LT
#define _SHMEM_CMP_LE SHMEM_CMP_LE

/* Team and context handles point to the library's private descriptions. */
typedef struct shmem_internal_team* shmem_team_t;
typedef struct shmem_internal_context* shmem_ctx_t;

typedef struct {
    int num_contexts;
} shmem_team_config_t;

extern struct shmem_internal_team shmem_internal_team_world;
extern struct shmem_internal_team shmem_internal_team_shared;
extern struct shmem_internal_context shmem_internal_context_default;

#define SHMEM_TEAM_WORLD (&shmem_internal_team_world)
#define SHMEM_TEAM_SHARED (&shmem_internal_team_shared)
#define SHMEM_TEAM_INVALID ((shmem_team_t)0)
#define SHMEM_CTX_DEFAULT (&shmem_internal_context_default)
#define SHMEM_CTX_INVALID ((shmem_ctx_t)0)

#define SHMEM_NORETURN __attribute__((noreturn))

#define SHMEM_ROUTINE(name) shmem_##name
#include "shmem/routines.h"
#undef SHMEM_ROUTINE

/* The names before OpenSHMEM 1.2. */
void start_pes(int npes);
int _my_pe(void);
int _num_pes(void);
void* shmalloc(size_t size);
void* shmemalign(size_t alignment, size_t size);
void* shrealloc(void* ptr, size_t size);
void shfree(void* ptr);

#ifdef __cplusplus
}
#endif

#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#include "shmem/generic.h"
#endif

#endif
