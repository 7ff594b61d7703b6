/* Every routine of OpenSHMEM 1.5 (deprecated ones included), declared with its name made by
 * SHMEM_ROUTINE(name): <shmem.h> includes this file with shmem_##name, <pshmem.h> again with
 * pshmem_##name, the profiling names. Part of <shmem.h>, which defines the types and constants
 * used here; no include guard, on purpose. */

/* Setup, exit and queries. */
void SHMEM_ROUTINE(init)(void);
int SHMEM_ROUTINE(init_thread)(int requested, int* provided);
void SHMEM_ROUTINE(query_thread)(int* provided);
void SHMEM_ROUTINE(finalize)(void);
SHMEM_NORETURN void SHMEM_ROUTINE(global_exit)(int status);
int SHMEM_ROUTINE(my_pe)(void);
int SHMEM_ROUTINE(n_pes)(void);
int SHMEM_ROUTINE(pe_accessible)(int pe);
int SHMEM_ROUTINE(addr_accessible)(const void* addr, int pe);
void* SHMEM_ROUTINE(ptr)(const void* dest, int pe);
void* SHMEM_ROUTINE(team_ptr)(shmem_team_t team, const void* dest, int pe);
void SHMEM_ROUTINE(info_get_version)(int* major, int* minor);
void SHMEM_ROUTINE(info_get_name)(char* name);

/* Symmetric memory. */
void* SHMEM_ROUTINE(malloc)(size_t size);
void* SHMEM_ROUTINE(malloc_with_hints)(size_t size, long hints);
void* SHMEM_ROUTINE(calloc)(size_t count, size_t size);
void* SHMEM_ROUTINE(align)(size_t alignment, size_t size);
void* SHMEM_ROUTINE(realloc)(void* ptr, size_t size);
void SHMEM_ROUTINE(free)(void* ptr);

/* Teams. */
int SHMEM_ROUTINE(team_my_pe)(shmem_team_t team);
int SHMEM_ROUTINE(team_n_pes)(shmem_team_t team);
int SHMEM_ROUTINE(team_get_config)(shmem_team_t team, long config_mask,
                                   shmem_team_config_t* config);
int SHMEM_ROUTINE(team_translate_pe)(shmem_team_t src_team, int src_pe, shmem_team_t dest_team);
int SHMEM_ROUTINE(team_split_strided)(shmem_team_t parent_team, int start, int stride, int size,
                                      const shmem_team_config_t* config, long config_mask,
                                      shmem_team_t* new_team);
int SHMEM_ROUTINE(team_split_2d)(shmem_team_t parent_team, int xrange,
                                 const shmem_team_config_t* xaxis_config, long xaxis_mask,
                                 shmem_team_t* xaxis_team, const shmem_team_config_t* yaxis_config,
                                 long yaxis_mask, shmem_team_t* yaxis_team);
void SHMEM_ROUTINE(team_destroy)(shmem_team_t team);

/* Contexts. */
int SHMEM_ROUTINE(ctx_create)(long options, shmem_ctx_t* ctx);
int SHMEM_ROUTINE(team_create_ctx)(shmem_team_t team, long options, shmem_ctx_t* ctx);
void SHMEM_ROUTINE(ctx_destroy)(shmem_ctx_t ctx);
int SHMEM_ROUTINE(ctx_get_team)(shmem_ctx_t ctx, shmem_team_t* team);

/* RMA, each routine with and without a context. */
#define SHMEM_ROUTINES_RMA(TYPENAME, TYPE, CONTEXT, ...)                                           \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_put)(__VA_ARGS__ TYPE * dest, const TYPE* source,       \
                                                size_t nelems, int pe);                            \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_get)(__VA_ARGS__ TYPE * dest, const TYPE* source,       \
                                                size_t nelems, int pe);                            \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_put_nbi)(__VA_ARGS__ TYPE * dest, const TYPE* source,   \
                                                    size_t nelems, int pe);                        \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_get_nbi)(__VA_ARGS__ TYPE * dest, const TYPE* source,   \
                                                    size_t nelems, int pe);                        \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_p)(__VA_ARGS__ TYPE * dest, TYPE value, int pe);        \
    TYPE SHMEM_ROUTINE(CONTEXT##TYPENAME##_g)(__VA_ARGS__ const TYPE* source, int pe);             \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_iput)(__VA_ARGS__ TYPE * dest, const TYPE* source,      \
                                                 ptrdiff_t dst, ptrdiff_t sst, size_t nelems,      \
                                                 int pe);                                          \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_iget)(__VA_ARGS__ TYPE * dest, const TYPE* source,      \
                                                 ptrdiff_t dst, ptrdiff_t sst, size_t nelems,      \
                                                 int pe);                                          \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_put_signal)(                                            \
        __VA_ARGS__ TYPE * dest, const TYPE* source, size_t nelems, uint64_t* sig_addr,            \
        uint64_t signal, int sig_op, int pe);                                                      \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_put_signal_nbi)(                                        \
        __VA_ARGS__ TYPE * dest, const TYPE* source, size_t nelems, uint64_t* sig_addr,            \
        uint64_t signal, int sig_op, int pe);
#define SHMEM_ROUTINES_PLAIN_RMA(TYPENAME, TYPE) SHMEM_ROUTINES_RMA(TYPENAME, TYPE, , )
#define SHMEM_ROUTINES_CONTEXT_RMA(TYPENAME, TYPE)                                                 \
    SHMEM_ROUTINES_RMA(TYPENAME, TYPE, ctx_, shmem_ctx_t ctx, )
SHMEM_FOR_EACH_RMA_TYPE(SHMEM_ROUTINES_PLAIN_RMA)
SHMEM_FOR_EACH_RMA_TYPE(SHMEM_ROUTINES_CONTEXT_RMA)

/* The untyped forms: SIZE is a width in bits, or mem (bytes) for the forms that have it. */
#define SHMEM_ROUTINES_CONTIGUOUS_RMA(SIZE, CONTEXT, ...)                                          \
    void SHMEM_ROUTINE(CONTEXT##put##SIZE)(__VA_ARGS__ void* dest, const void* source,             \
                                           size_t nelems, int pe);                                 \
    void SHMEM_ROUTINE(CONTEXT##get##SIZE)(__VA_ARGS__ void* dest, const void* source,             \
                                           size_t nelems, int pe);                                 \
    void SHMEM_ROUTINE(CONTEXT##put##SIZE##_nbi)(__VA_ARGS__ void* dest, const void* source,       \
                                                 size_t nelems, int pe);                           \
    void SHMEM_ROUTINE(CONTEXT##get##SIZE##_nbi)(__VA_ARGS__ void* dest, const void* source,       \
                                                 size_t nelems, int pe);                           \
    void SHMEM_ROUTINE(CONTEXT##put##SIZE##_signal)(__VA_ARGS__ void* dest, const void* source,    \
                                                    size_t nelems, uint64_t* sig_addr,             \
                                                    uint64_t signal, int sig_op, int pe);          \
    void SHMEM_ROUTINE(CONTEXT##put##SIZE##_signal_nbi)(                                           \
        __VA_ARGS__ void* dest, const void* source, size_t nelems, uint64_t* sig_addr,             \
        uint64_t signal, int sig_op, int pe);
#define SHMEM_ROUTINES_STRIDED_RMA(SIZE, CONTEXT, ...)                                             \
    void SHMEM_ROUTINE(CONTEXT##iput##SIZE)(__VA_ARGS__ void* dest, const void* source,            \
                                            ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);  \
    void SHMEM_ROUTINE(CONTEXT##iget##SIZE)(__VA_ARGS__ void* dest, const void* source,            \
                                            ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
#define SHMEM_ROUTINES_SIZED_RMA(BITS, BYTES)                                                      \
    SHMEM_ROUTINES_CONTIGUOUS_RMA(BITS, , )                                                        \
    SHMEM_ROUTINES_CONTIGUOUS_RMA(BITS, ctx_, shmem_ctx_t ctx, )                                   \
    SHMEM_ROUTINES_STRIDED_RMA(BITS, , )                                                           \
    SHMEM_ROUTINES_STRIDED_RMA(BITS, ctx_, shmem_ctx_t ctx, )
SHMEM_FOR_EACH_SIZE(SHMEM_ROUTINES_SIZED_RMA)
SHMEM_ROUTINES_CONTIGUOUS_RMA(mem, , )
SHMEM_ROUTINES_CONTIGUOUS_RMA(mem, ctx_, shmem_ctx_t ctx, )

/* Signals. */
uint64_t SHMEM_ROUTINE(signal_fetch)(const uint64_t* sig_addr);
uint64_t SHMEM_ROUTINE(signal_wait_until)(uint64_t* sig_addr, int cmp, uint64_t cmp_value);

/* Atomics, with and without a context; the fetching ones also non-blocking (_nbi), which store
 * the value fetched at *fetch. */
#define SHMEM_ROUTINES_ATOMIC_ACCESS(TYPENAME, TYPE, CONTEXT, ...)                                 \
    TYPE SHMEM_ROUTINE(CONTEXT##TYPENAME##_atomic_fetch)(__VA_ARGS__ const TYPE* source, int pe);  \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_atomic_set)(__VA_ARGS__ TYPE * dest, TYPE value,        \
                                                       int pe);                                    \
    TYPE SHMEM_ROUTINE(CONTEXT##TYPENAME##_atomic_swap)(__VA_ARGS__ TYPE * dest, TYPE value,       \
                                                        int pe);                                   \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_atomic_fetch_nbi)(__VA_ARGS__ TYPE * fetch,             \
                                                             const TYPE* source, int pe);          \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_atomic_swap_nbi)(__VA_ARGS__ TYPE * fetch, TYPE * dest, \
                                                            TYPE value, int pe);
#define SHMEM_ROUTINES_ATOMIC_ARITHMETIC(TYPENAME, TYPE, CONTEXT, ...)                             \
    TYPE SHMEM_ROUTINE(CONTEXT##TYPENAME##_atomic_compare_swap)(__VA_ARGS__ TYPE * dest,           \
                                                                TYPE cond, TYPE value, int pe);    \
    TYPE SHMEM_ROUTINE(CONTEXT##TYPENAME##_atomic_fetch_inc)(__VA_ARGS__ TYPE * dest, int pe);     \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_atomic_inc)(__VA_ARGS__ TYPE * dest, int pe);           \
    TYPE SHMEM_ROUTINE(CONTEXT##TYPENAME##_atomic_fetch_add)(__VA_ARGS__ TYPE * dest, TYPE value,  \
                                                             int pe);                              \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_atomic_add)(__VA_ARGS__ TYPE * dest, TYPE value,        \
                                                       int pe);                                    \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_atomic_compare_swap_nbi)(                               \
        __VA_ARGS__ TYPE * fetch, TYPE * dest, TYPE cond, TYPE value, int pe);                     \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_atomic_fetch_inc_nbi)(__VA_ARGS__ TYPE * fetch,         \
                                                                 TYPE * dest, int pe);             \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_atomic_fetch_add_nbi)(__VA_ARGS__ TYPE * fetch,         \
                                                                 TYPE * dest, TYPE value, int pe);
#define SHMEM_ROUTINES_ATOMIC_BITWISE_OPERATION(TYPENAME, TYPE, CONTEXT, OPERATION, ...)           \
    TYPE SHMEM_ROUTINE(CONTEXT##TYPENAME##_atomic_fetch_##OPERATION)(__VA_ARGS__ TYPE * dest,      \
                                                                     TYPE value, int pe);          \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_atomic_##OPERATION)(__VA_ARGS__ TYPE * dest,            \
                                                               TYPE value, int pe);                \
    void SHMEM_ROUTINE(CONTEXT##TYPENAME##_atomic_fetch_##OPERATION##_nbi)(                        \
        __VA_ARGS__ TYPE * fetch, TYPE * dest, TYPE value, int pe);
#define SHMEM_ROUTINES_ATOMIC_BITWISE(TYPENAME, TYPE, CONTEXT, ...)                                \
    SHMEM_ROUTINES_ATOMIC_BITWISE_OPERATION(TYPENAME, TYPE, CONTEXT, and, __VA_ARGS__)             \
    SHMEM_ROUTINES_ATOMIC_BITWISE_OPERATION(TYPENAME, TYPE, CONTEXT, or, __VA_ARGS__)              \
    SHMEM_ROUTINES_ATOMIC_BITWISE_OPERATION(TYPENAME, TYPE, CONTEXT, xor, __VA_ARGS__)
#define SHMEM_ROUTINES_PLAIN_ATOMIC_ACCESS(TYPENAME, TYPE)                                         \
    SHMEM_ROUTINES_ATOMIC_ACCESS(TYPENAME, TYPE, , )
#define SHMEM_ROUTINES_CONTEXT_ATOMIC_ACCESS(TYPENAME, TYPE)                                       \
    SHMEM_ROUTINES_ATOMIC_ACCESS(TYPENAME, TYPE, ctx_, shmem_ctx_t ctx, )
#define SHMEM_ROUTINES_PLAIN_ATOMIC_ARITHMETIC(TYPENAME, TYPE)                                     \
    SHMEM_ROUTINES_ATOMIC_ARITHMETIC(TYPENAME, TYPE, , )
#define SHMEM_ROUTINES_CONTEXT_ATOMIC_ARITHMETIC(TYPENAME, TYPE)                                   \
    SHMEM_ROUTINES_ATOMIC_ARITHMETIC(TYPENAME, TYPE, ctx_, shmem_ctx_t ctx, )
#define SHMEM_ROUTINES_PLAIN_ATOMIC_BITWISE(TYPENAME, TYPE)                                        \
    SHMEM_ROUTINES_ATOMIC_BITWISE(TYPENAME, TYPE, , )
#define SHMEM_ROUTINES_CONTEXT_ATOMIC_BITWISE(TYPENAME, TYPE)                                      \
    SHMEM_ROUTINES_ATOMIC_BITWISE(TYPENAME, TYPE, ctx_, shmem_ctx_t ctx, )
SHMEM_FOR_EACH_EXTENDED_ATOMIC_TYPE(SHMEM_ROUTINES_PLAIN_ATOMIC_ACCESS)
SHMEM_FOR_EACH_EXTENDED_ATOMIC_TYPE(SHMEM_ROUTINES_CONTEXT_ATOMIC_ACCESS)
SHMEM_FOR_EACH_ATOMIC_TYPE(SHMEM_ROUTINES_PLAIN_ATOMIC_ARITHMETIC)
SHMEM_FOR_EACH_ATOMIC_TYPE(SHMEM_ROUTINES_CONTEXT_ATOMIC_ARITHMETIC)
SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(SHMEM_ROUTINES_PLAIN_ATOMIC_BITWISE)
SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(SHMEM_ROUTINES_CONTEXT_ATOMIC_BITWISE)

/* The atomics' names before 1.4. */
#define SHMEM_ROUTINES_DEPRECATED_ATOMIC_ACCESS(TYPENAME, TYPE)                                    \
    TYPE SHMEM_ROUTINE(TYPENAME##_fetch)(const TYPE* source, int pe);                              \
    void SHMEM_ROUTINE(TYPENAME##_set)(TYPE * dest, TYPE value, int pe);                           \
    TYPE SHMEM_ROUTINE(TYPENAME##_swap)(TYPE * dest, TYPE value, int pe);
#define SHMEM_ROUTINES_DEPRECATED_ATOMIC_ARITHMETIC(TYPENAME, TYPE)                                \
    TYPE SHMEM_ROUTINE(TYPENAME##_cswap)(TYPE * dest, TYPE cond, TYPE value, int pe);              \
    TYPE SHMEM_ROUTINE(TYPENAME##_finc)(TYPE * dest, int pe);                                      \
    void SHMEM_ROUTINE(TYPENAME##_inc)(TYPE * dest, int pe);                                       \
    TYPE SHMEM_ROUTINE(TYPENAME##_fadd)(TYPE * dest, TYPE value, int pe);                          \
    void SHMEM_ROUTINE(TYPENAME##_add)(TYPE * dest, TYPE value, int pe);
SHMEM_FOR_EACH_DEPRECATED_EXTENDED_ATOMIC_TYPE(SHMEM_ROUTINES_DEPRECATED_ATOMIC_ACCESS)
SHMEM_FOR_EACH_DEPRECATED_ATOMIC_TYPE(SHMEM_ROUTINES_DEPRECATED_ATOMIC_ARITHMETIC)
long SHMEM_ROUTINE(swap)(long* dest, long value, int pe);

/* Barriers and memory ordering. */
void SHMEM_ROUTINE(barrier_all)(void);
void SHMEM_ROUTINE(barrier)(int PE_start, int logPE_stride, int PE_size, long* pSync);
void SHMEM_ROUTINE(sync_all)(void);
void SHMEM_ROUTINE(sync)(int PE_start, int logPE_stride, int PE_size, long* pSync);
int SHMEM_ROUTINE(team_sync)(shmem_team_t team);
void SHMEM_ROUTINE(quiet)(void);
void SHMEM_ROUTINE(fence)(void);
void SHMEM_ROUTINE(ctx_quiet)(shmem_ctx_t ctx);
void SHMEM_ROUTINE(ctx_fence)(shmem_ctx_t ctx);

/* Team collectives; the mem forms count bytes. */
#define SHMEM_ROUTINES_TEAM_COLLECTIVES(TYPENAME, TYPE)                                            \
    int SHMEM_ROUTINE(TYPENAME##_broadcast)(shmem_team_t team, TYPE * dest, const TYPE* source,    \
                                            size_t nelems, int PE_root);                           \
    int SHMEM_ROUTINE(TYPENAME##_collect)(shmem_team_t team, TYPE * dest, const TYPE* source,      \
                                          size_t nelems);                                          \
    int SHMEM_ROUTINE(TYPENAME##_fcollect)(shmem_team_t team, TYPE * dest, const TYPE* source,     \
                                           size_t nelems);                                         \
    int SHMEM_ROUTINE(TYPENAME##_alltoall)(shmem_team_t team, TYPE * dest, const TYPE* source,     \
                                           size_t nelems);                                         \
    int SHMEM_ROUTINE(TYPENAME##_alltoalls)(shmem_team_t team, TYPE * dest, const TYPE* source,    \
                                            ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
SHMEM_FOR_EACH_RMA_TYPE(SHMEM_ROUTINES_TEAM_COLLECTIVES)
int SHMEM_ROUTINE(broadcastmem)(shmem_team_t team, void* dest, const void* source, size_t nelems,
                                int PE_root);
int SHMEM_ROUTINE(collectmem)(shmem_team_t team, void* dest, const void* source, size_t nelems);
int SHMEM_ROUTINE(fcollectmem)(shmem_team_t team, void* dest, const void* source, size_t nelems);
int SHMEM_ROUTINE(alltoallmem)(shmem_team_t team, void* dest, const void* source, size_t nelems);
int SHMEM_ROUTINE(alltoallsmem)(shmem_team_t team, void* dest, const void* source, ptrdiff_t dst,
                                ptrdiff_t sst, size_t nelems);

/* The operations of the reductions, for a declaration DECLARE(TYPENAME, TYPE, OP): sum and prod
 * (arithmetic), with min and max (ordered), with and, or and xor (bitwise). */
#define SHMEM_ROUTINES_ARITHMETIC_OPERATIONS(DECLARE, TYPENAME, TYPE)                              \
    DECLARE(TYPENAME, TYPE, sum)                                                                   \
    DECLARE(TYPENAME, TYPE, prod)
#define SHMEM_ROUTINES_ORDERED_OPERATIONS(DECLARE, TYPENAME, TYPE)                                 \
    SHMEM_ROUTINES_ARITHMETIC_OPERATIONS(DECLARE, TYPENAME, TYPE)                                  \
    DECLARE(TYPENAME, TYPE, min)                                                                   \
    DECLARE(TYPENAME, TYPE, max)
#define SHMEM_ROUTINES_BITWISE_OPERATIONS(DECLARE, TYPENAME, TYPE)                                 \
    SHMEM_ROUTINES_ORDERED_OPERATIONS(DECLARE, TYPENAME, TYPE)                                     \
    DECLARE(TYPENAME, TYPE, and)                                                                   \
    DECLARE(TYPENAME, TYPE, or)                                                                    \
    DECLARE(TYPENAME, TYPE, xor)

/* Team reductions. */
#define SHMEM_ROUTINES_REDUCE(TYPENAME, TYPE, OP)                                                  \
    int SHMEM_ROUTINE(TYPENAME##_##OP##_reduce)(shmem_team_t team, TYPE * dest,                    \
                                                const TYPE* source, size_t nreduce);
#define SHMEM_ROUTINES_ARITHMETIC_REDUCE(TYPENAME, TYPE)                                           \
    SHMEM_ROUTINES_ARITHMETIC_OPERATIONS(SHMEM_ROUTINES_REDUCE, TYPENAME, TYPE)
#define SHMEM_ROUTINES_ORDERED_REDUCE(TYPENAME, TYPE)                                              \
    SHMEM_ROUTINES_ORDERED_OPERATIONS(SHMEM_ROUTINES_REDUCE, TYPENAME, TYPE)
#define SHMEM_ROUTINES_BITWISE_REDUCE(TYPENAME, TYPE)                                              \
    SHMEM_ROUTINES_BITWISE_OPERATIONS(SHMEM_ROUTINES_REDUCE, TYPENAME, TYPE)
SHMEM_FOR_EACH_TEAM_BITWISE_REDUCTION_TYPE(SHMEM_ROUTINES_BITWISE_REDUCE)
SHMEM_FOR_EACH_TEAM_ARITHMETIC_REDUCTION_TYPE(SHMEM_ROUTINES_ORDERED_REDUCE)
SHMEM_FOR_EACH_FLOATING_REDUCTION_TYPE(SHMEM_ROUTINES_ORDERED_REDUCE)
SHMEM_FOR_EACH_COMPLEX_REDUCTION_TYPE(SHMEM_ROUTINES_ARITHMETIC_REDUCE)

/* Active-set collectives (deprecated): the set is PE_start, PE_start + 2^logPE_stride, ... */
#define SHMEM_ROUTINES_ACTIVE_SET_COLLECTIVES(BITS, BYTES)                                         \
    void SHMEM_ROUTINE(broadcast##BITS)(void* dest, const void* source, size_t nelems,             \
                                        int PE_root, int PE_start, int logPE_stride, int PE_size,  \
                                        long* pSync);                                              \
    void SHMEM_ROUTINE(collect##BITS)(void* dest, const void* source, size_t nelems, int PE_start, \
                                      int logPE_stride, int PE_size, long* pSync);                 \
    void SHMEM_ROUTINE(fcollect##BITS)(void* dest, const void* source, size_t nelems,              \
                                       int PE_start, int logPE_stride, int PE_size, long* pSync);  \
    void SHMEM_ROUTINE(alltoall##BITS)(void* dest, const void* source, size_t nelems,              \
                                       int PE_start, int logPE_stride, int PE_size, long* pSync);  \
    void SHMEM_ROUTINE(alltoalls##BITS)(void* dest, const void* source, ptrdiff_t dst,             \
                                        ptrdiff_t sst, size_t nelems, int PE_start,                \
                                        int logPE_stride, int PE_size, long* pSync);
SHMEM_FOR_EACH_COLLECTIVE_SIZE(SHMEM_ROUTINES_ACTIVE_SET_COLLECTIVES)

#define SHMEM_ROUTINES_TO_ALL(TYPENAME, TYPE, OP)                                                  \
    void SHMEM_ROUTINE(TYPENAME##_##OP##_to_all)(TYPE * dest, const TYPE* source, int nreduce,     \
                                                 int PE_start, int logPE_stride, int PE_size,      \
                                                 TYPE* pWrk, long* pSync);
#define SHMEM_ROUTINES_ARITHMETIC_TO_ALL(TYPENAME, TYPE)                                           \
    SHMEM_ROUTINES_ARITHMETIC_OPERATIONS(SHMEM_ROUTINES_TO_ALL, TYPENAME, TYPE)
#define SHMEM_ROUTINES_ORDERED_TO_ALL(TYPENAME, TYPE)                                              \
    SHMEM_ROUTINES_ORDERED_OPERATIONS(SHMEM_ROUTINES_TO_ALL, TYPENAME, TYPE)
#define SHMEM_ROUTINES_BITWISE_TO_ALL(TYPENAME, TYPE)                                              \
    SHMEM_ROUTINES_BITWISE_OPERATIONS(SHMEM_ROUTINES_TO_ALL, TYPENAME, TYPE)
SHMEM_FOR_EACH_INTEGER_REDUCTION_TYPE(SHMEM_ROUTINES_BITWISE_TO_ALL)
SHMEM_FOR_EACH_FLOATING_REDUCTION_TYPE(SHMEM_ROUTINES_ORDERED_TO_ALL)
SHMEM_FOR_EACH_COMPLEX_REDUCTION_TYPE(SHMEM_ROUTINES_ARITHMETIC_TO_ALL)

/* Point-to-point synchronization. ivars may point to volatile objects, as older programs
 * declare their flags; status, when not NULL, leaves out the elements whose status is not 0. */
#define SHMEM_ROUTINES_WAIT_OR_TEST(TYPENAME, TYPE, VERB, RESULT)                                  \
    RESULT SHMEM_ROUTINE(TYPENAME##_##VERB)(volatile TYPE * ivar, int cmp, TYPE cmp_value);        \
    RESULT SHMEM_ROUTINE(TYPENAME##_##VERB##_all)(volatile TYPE * ivars, size_t nelems,            \
                                                  const int* status, int cmp, TYPE cmp_value);     \
    size_t SHMEM_ROUTINE(TYPENAME##_##VERB##_any)(volatile TYPE * ivars, size_t nelems,            \
                                                  const int* status, int cmp, TYPE cmp_value);     \
    size_t SHMEM_ROUTINE(TYPENAME##_##VERB##_some)(volatile TYPE * ivars, size_t nelems,           \
                                                   size_t * indices, const int* status, int cmp,   \
                                                   TYPE cmp_value);                                \
    RESULT SHMEM_ROUTINE(TYPENAME##_##VERB##_all_vector)(                                          \
        volatile TYPE * ivars, size_t nelems, const int* status, int cmp, const TYPE* cmp_values); \
    size_t SHMEM_ROUTINE(TYPENAME##_##VERB##_any_vector)(                                          \
        volatile TYPE * ivars, size_t nelems, const int* status, int cmp, const TYPE* cmp_values); \
    size_t SHMEM_ROUTINE(TYPENAME##_##VERB##_some_vector)(volatile TYPE * ivars, size_t nelems,    \
                                                          size_t * indices, const int* status,     \
                                                          int cmp, const TYPE* cmp_values);
#define SHMEM_ROUTINES_WAIT(TYPENAME, TYPE)                                                        \
    SHMEM_ROUTINES_WAIT_OR_TEST(TYPENAME, TYPE, wait_until, void)                                  \
    SHMEM_ROUTINES_WAIT_OR_TEST(TYPENAME, TYPE, test, int)                                         \
    void SHMEM_ROUTINE(TYPENAME##_wait)(volatile TYPE * ivar, TYPE cmp_value);
SHMEM_FOR_EACH_WAIT_TYPE(SHMEM_ROUTINES_WAIT)
/* The long forms of 1.2, parenthesised: in C11 <shmem.h> makes shmem_wait_until the generic. */
void(SHMEM_ROUTINE(wait_until))(volatile long* ivar, int cmp, long cmp_value);
void SHMEM_ROUTINE(wait)(volatile long* ivar, long cmp_value);

/* Distributed locks on a symmetric long that starts at 0. */
void SHMEM_ROUTINE(set_lock)(long* lock);
void SHMEM_ROUTINE(clear_lock)(long* lock);
int SHMEM_ROUTINE(test_lock)(long* lock);

/* Cache management (deprecated): xbemu's PEs have no caches that could go stale. */
void SHMEM_ROUTINE(set_cache_inv)(void);
void SHMEM_ROUTINE(set_cache_line_inv)(void* dest);
void SHMEM_ROUTINE(clear_cache_inv)(void);
void SHMEM_ROUTINE(clear_cache_line_inv)(void* dest);
void SHMEM_ROUTINE(udcflush)(void);
void SHMEM_ROUTINE(udcflush_line)(void* dest);

/* Profiling control. */
void SHMEM_ROUTINE(pcontrol)(int level, ...);

#undef SHMEM_ROUTINES_RMA
#undef SHMEM_ROUTINES_PLAIN_RMA
#undef SHMEM_ROUTINES_CONTEXT_RMA
#undef SHMEM_ROUTINES_CONTIGUOUS_RMA
#undef SHMEM_ROUTINES_STRIDED_RMA
#undef SHMEM_ROUTINES_SIZED_RMA
#undef SHMEM_ROUTINES_ATOMIC_ACCESS
#undef SHMEM_ROUTINES_ATOMIC_ARITHMETIC
#undef SHMEM_ROUTINES_ATOMIC_BITWISE_OPERATION
#undef SHMEM_ROUTINES_ATOMIC_BITWISE
#undef SHMEM_ROUTINES_PLAIN_ATOMIC_ACCESS
#undef SHMEM_ROUTINES_CONTEXT_ATOMIC_ACCESS
#undef SHMEM_ROUTINES_PLAIN_ATOMIC_ARITHMETIC
#undef SHMEM_ROUTINES_CONTEXT_ATOMIC_ARITHMETIC
#undef SHMEM_ROUTINES_PLAIN_ATOMIC_BITWISE
#undef SHMEM_ROUTINES_CONTEXT_ATOMIC_BITWISE
#undef SHMEM_ROUTINES_DEPRECATED_ATOMIC_ACCESS
#undef SHMEM_ROUTINES_DEPRECATED_ATOMIC_ARITHMETIC
#undef SHMEM_ROUTINES_TEAM_COLLECTIVES
#undef SHMEM_ROUTINES_ARITHMETIC_OPERATIONS
#undef SHMEM_ROUTINES_ORDERED_OPERATIONS
#undef SHMEM_ROUTINES_BITWISE_OPERATIONS
#undef SHMEM_ROUTINES_REDUCE
#undef SHMEM_ROUTINES_ARITHMETIC_REDUCE
#undef SHMEM_ROUTINES_ORDERED_REDUCE
#undef SHMEM_ROUTINES_BITWISE_REDUCE
#undef SHMEM_ROUTINES_ACTIVE_SET_COLLECTIVES
#undef SHMEM_ROUTINES_TO_ALL
#undef SHMEM_ROUTINES_ARITHMETIC_TO_ALL
#undef SHMEM_ROUTINES_ORDERED_TO_ALL
#undef SHMEM_ROUTINES_BITWISE_TO_ALL
#undef SHMEM_ROUTINES_WAIT_OR_TEST
#undef SHMEM_ROUTINES_WAIT
