/* OpenSHMEM (the C API of version 1.4) over xbrtime, for programs that run as xbemu PEs:
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
 * Puts are posted: they complete at shmem_quiet, shmem_fence and every barrier; gets return
 * with the data. Collectives on an active set (PE_start, logPE_stride, PE_size) synchronise
 * through the caller's pSync array alone, so only the set's members call them.
 *
 * Not provided: contexts, thread levels, shmem_realloc, alltoall, the complex reductions and
 * the distributed-lock routines. */
#ifndef SHMEM_H
#define SHMEM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 4
#define SHMEM_MAX_NAME_LEN 64
#define SHMEM_VENDOR_STRING "xbemu OpenSHMEM over xbrtime"

/* pSync arrays hold SHMEM_SYNC_VALUE in every word when a collective starts and again when it
 * returns. The barrier uses one word per round of its dissemination (enough for 2^16 PEs);
 * collect one more, for the element count of its caller. */
#define SHMEM_SYNC_VALUE 0L
#define SHMEM_BARRIER_SYNC_SIZE 16
#define SHMEM_BCAST_SYNC_SIZE 16
#define SHMEM_REDUCE_SYNC_SIZE 16
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

/* The names before OpenSHMEM 1.3. */
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

/* The TYPENAME lists of the standard, as X-macros X(TYPENAME, TYPE). */
#define SHMEM_FOR_EACH_RMA_TYPE(X)                                                                 \
    X(float, float)                                                                                \
    X(double, double)                                                                              \
    X(longdouble, long double)                                                                     \
    X(char, char)                                                                                  \
    X(schar, signed char)                                                                          \
    X(short, short)                                                                                \
    X(int, int)                                                                                    \
    X(long, long)                                                                                  \
    X(longlong, long long)                                                                         \
    X(uchar, unsigned char)                                                                        \
    X(ushort, unsigned short)                                                                      \
    X(uint, unsigned int)                                                                          \
    X(ulong, unsigned long)                                                                        \
    X(ulonglong, unsigned long long)                                                               \
    X(int8, int8_t)                                                                                \
    X(int16, int16_t)                                                                              \
    X(int32, int32_t)                                                                              \
    X(int64, int64_t)                                                                              \
    X(uint8, uint8_t)                                                                              \
    X(uint16, uint16_t)                                                                            \
    X(uint32, uint32_t)                                                                            \
    X(uint64, uint64_t)                                                                            \
    X(size, size_t)                                                                                \
    X(ptrdiff, ptrdiff_t)

/* X(BITS, BYTES) for shmem_putBITS and its relatives. */
#define SHMEM_FOR_EACH_SIZE(X)                                                                     \
    X(8, 1)                                                                                        \
    X(16, 2)                                                                                       \
    X(32, 4)                                                                                       \
    X(64, 8)                                                                                       \
    X(128, 16)

/* X(BITS, BYTES) for shmem_broadcastBITS, shmem_collectBITS and shmem_fcollectBITS. */
#define SHMEM_FOR_EACH_COLLECTIVE_SIZE(X)                                                          \
    X(32, 4)                                                                                       \
    X(64, 8)

/* The bitwise AMO types. */
#define SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(X)                                                      \
    X(uint, unsigned int)                                                                          \
    X(ulong, unsigned long)                                                                        \
    X(ulonglong, unsigned long long)                                                               \
    X(int32, int32_t)                                                                              \
    X(int64, int64_t)                                                                              \
    X(uint32, uint32_t)                                                                            \
    X(uint64, uint64_t)

/* The types of the atomics' names before 1.4 (shmem_int_finc, shmem_long_cswap, ...). */
#define SHMEM_FOR_EACH_DEPRECATED_ATOMIC_TYPE(X)                                                   \
    X(int, int)                                                                                    \
    X(long, long)                                                                                  \
    X(longlong, long long)

/* The standard AMO types: those two lists and the size types. */
#define SHMEM_FOR_EACH_ATOMIC_TYPE(X)                                                              \
    SHMEM_FOR_EACH_DEPRECATED_ATOMIC_TYPE(X)                                                       \
    SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(X)                                                          \
    X(size, size_t)                                                                                \
    X(ptrdiff, ptrdiff_t)

#define SHMEM_FOR_EACH_EXTENDED_ATOMIC_TYPE(X)                                                     \
    SHMEM_FOR_EACH_ATOMIC_TYPE(X)                                                                  \
    X(float, float)                                                                                \
    X(double, double)

#define SHMEM_FOR_EACH_DEPRECATED_EXTENDED_ATOMIC_TYPE(X)                                          \
    SHMEM_FOR_EACH_DEPRECATED_ATOMIC_TYPE(X)                                                       \
    X(float, float)                                                                                \
    X(double, double)

/* The standard AMO types and the two short types, in the standard's order. */
#define SHMEM_FOR_EACH_WAIT_TYPE(X)                                                                \
    X(short, short)                                                                                \
    SHMEM_FOR_EACH_DEPRECATED_ATOMIC_TYPE(X)                                                       \
    X(ushort, unsigned short)                                                                      \
    SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(X)                                                          \
    X(size, size_t)                                                                                \
    X(ptrdiff, ptrdiff_t)

/* The reductions: sum, prod, min and max for both lists, and, or and xor for the integers. */
#define SHMEM_FOR_EACH_INTEGER_REDUCTION_TYPE(X)                                                   \
    X(short, short)                                                                                \
    X(int, int)                                                                                    \
    X(long, long)                                                                                  \
    X(longlong, long long)

#define SHMEM_FOR_EACH_FLOATING_REDUCTION_TYPE(X)                                                  \
    X(float, float)                                                                                \
    X(double, double)                                                                              \
    X(longdouble, long double)

/* Setup and queries. shmem_init exits with status 1, after xbrtime's one-line reason, on a
 * machine without xBGAS or with too little memory for the symmetric region. */
void shmem_init(void);
void shmem_finalize(void);
int shmem_my_pe(void);
int shmem_n_pes(void);
int shmem_pe_accessible(int pe);
int shmem_addr_accessible(const void* addr, int pe);
/* addr itself for this PE, NULL for the others: no PE reaches another's memory by plain loads. */
void* shmem_ptr(const void* addr, int pe);
void shmem_info_get_version(int* major, int* minor);
void shmem_info_get_name(char* name);
/* Ends the job with status: xbemu (and mpirun) stop every PE when one exits with a non-zero
 * status. With status 0 only the calling PE ends, and the others go on. */
void shmem_global_exit(int status);

/* Symmetric allocation: every PE calls these in the same order with the same arguments. Each
 * ends (malloc, calloc, align) or starts (free) with shmem_barrier_all. */
void* shmem_malloc(size_t size);
void* shmem_calloc(size_t count, size_t size);
/* alignment: a power of two. */
void* shmem_align(size_t alignment, size_t size);
void shmem_free(void* ptr);

/* RMA. Strides (iput, iget) count elements; the two sides' strides may differ. */
#define SHMEM_DECLARE_RMA(TYPENAME, TYPE)                                                          \
    void shmem_##TYPENAME##_put(TYPE* dest, const TYPE* source, size_t nelems, int pe);            \
    void shmem_##TYPENAME##_get(TYPE* dest, const TYPE* source, size_t nelems, int pe);            \
    void shmem_##TYPENAME##_put_nbi(TYPE* dest, const TYPE* source, size_t nelems, int pe);        \
    void shmem_##TYPENAME##_get_nbi(TYPE* dest, const TYPE* source, size_t nelems, int pe);        \
    void shmem_##TYPENAME##_p(TYPE* dest, TYPE value, int pe);                                     \
    TYPE shmem_##TYPENAME##_g(const TYPE* source, int pe);                                         \
    void shmem_##TYPENAME##_iput(TYPE* dest, const TYPE* source, ptrdiff_t dst, ptrdiff_t sst,     \
                                 size_t nelems, int pe);                                           \
    void shmem_##TYPENAME##_iget(TYPE* dest, const TYPE* source, ptrdiff_t dst, ptrdiff_t sst,     \
                                 size_t nelems, int pe);
SHMEM_FOR_EACH_RMA_TYPE(SHMEM_DECLARE_RMA)
#undef SHMEM_DECLARE_RMA

#define SHMEM_DECLARE_SIZED_RMA(BITS, BYTES)                                                       \
    void shmem_put##BITS(void* dest, const void* source, size_t nelems, int pe);                   \
    void shmem_get##BITS(void* dest, const void* source, size_t nelems, int pe);                   \
    void shmem_put##BITS##_nbi(void* dest, const void* source, size_t nelems, int pe);             \
    void shmem_get##BITS##_nbi(void* dest, const void* source, size_t nelems, int pe);             \
    void shmem_iput##BITS(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,            \
                          size_t nelems, int pe);                                                  \
    void shmem_iget##BITS(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,            \
                          size_t nelems, int pe);
SHMEM_FOR_EACH_SIZE(SHMEM_DECLARE_SIZED_RMA)
#undef SHMEM_DECLARE_SIZED_RMA

void shmem_putmem(void* dest, const void* source, size_t nelems, int pe);
void shmem_getmem(void* dest, const void* source, size_t nelems, int pe);
void shmem_putmem_nbi(void* dest, const void* source, size_t nelems, int pe);
void shmem_getmem_nbi(void* dest, const void* source, size_t nelems, int pe);

/* Synchronisation. shmem_sync and shmem_sync_all are the barriers (which also complete puts). */
void shmem_barrier_all(void);
void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long* pSync);
void shmem_sync_all(void);
void shmem_sync(int PE_start, int logPE_stride, int PE_size, long* pSync);
void shmem_quiet(void);
void shmem_fence(void);

/* Wait until *ivar compares with value as cmp (SHMEM_CMP_*) says; test tells whether it does
 * now; shmem_TYPE_wait waits until *ivar != value. */
#define SHMEM_DECLARE_WAIT(TYPENAME, TYPE)                                                         \
    void shmem_##TYPENAME##_wait_until(volatile TYPE* ivar, int cmp, TYPE value);                  \
    int shmem_##TYPENAME##_test(volatile TYPE* ivar, int cmp, TYPE value);                         \
    void shmem_##TYPENAME##_wait(volatile TYPE* ivar, TYPE value);
SHMEM_FOR_EACH_WAIT_TYPE(SHMEM_DECLARE_WAIT)
#undef SHMEM_DECLARE_WAIT
void shmem_wait_until(volatile long* ivar, int cmp, long value);
void shmem_wait(volatile long* ivar, long value);

/* Collectives on an active set. PE_root counts within the set; the root's own dest is left
 * alone by broadcast. collect concatenates blocks of any length, fcollect blocks of nelems. */
#define SHMEM_DECLARE_COLLECTIVES(BITS, BYTES)                                                     \
    void shmem_broadcast##BITS(void* dest, const void* source, size_t nelems, int PE_root,         \
                               int PE_start, int logPE_stride, int PE_size, long* pSync);          \
    void shmem_collect##BITS(void* dest, const void* source, size_t nelems, int PE_start,          \
                             int logPE_stride, int PE_size, long* pSync);                          \
    void shmem_fcollect##BITS(void* dest, const void* source, size_t nelems, int PE_start,         \
                              int logPE_stride, int PE_size, long* pSync);
SHMEM_FOR_EACH_COLLECTIVE_SIZE(SHMEM_DECLARE_COLLECTIVES)
#undef SHMEM_DECLARE_COLLECTIVES

/* Every member's dest[i] = OP over the members' source[i], combined in member order, so every
 * member gets the same bits. dest may be source. Integer sums and products wrap around. */
#define SHMEM_DECLARE_TO_ALL(TYPENAME, TYPE, OP)                                                   \
    void shmem_##TYPENAME##_##OP##_to_all(TYPE* dest, const TYPE* source, int nreduce,             \
                                          int PE_start, int logPE_stride, int PE_size, TYPE* pWrk, \
                                          long* pSync);
#define SHMEM_DECLARE_ARITHMETIC_TO_ALL(TYPENAME, TYPE)                                            \
    SHMEM_DECLARE_TO_ALL(TYPENAME, TYPE, sum)                                                      \
    SHMEM_DECLARE_TO_ALL(TYPENAME, TYPE, prod)                                                     \
    SHMEM_DECLARE_TO_ALL(TYPENAME, TYPE, min)                                                      \
    SHMEM_DECLARE_TO_ALL(TYPENAME, TYPE, max)
#define SHMEM_DECLARE_BITWISE_TO_ALL(TYPENAME, TYPE)                                               \
    SHMEM_DECLARE_TO_ALL(TYPENAME, TYPE, and)                                                      \
    SHMEM_DECLARE_TO_ALL(TYPENAME, TYPE, or)                                                       \
    SHMEM_DECLARE_TO_ALL(TYPENAME, TYPE, xor)
SHMEM_FOR_EACH_INTEGER_REDUCTION_TYPE(SHMEM_DECLARE_ARITHMETIC_TO_ALL)
SHMEM_FOR_EACH_FLOATING_REDUCTION_TYPE(SHMEM_DECLARE_ARITHMETIC_TO_ALL)
SHMEM_FOR_EACH_INTEGER_REDUCTION_TYPE(SHMEM_DECLARE_BITWISE_TO_ALL)
#undef SHMEM_DECLARE_ARITHMETIC_TO_ALL
#undef SHMEM_DECLARE_BITWISE_TO_ALL
#undef SHMEM_DECLARE_TO_ALL

/* Atomics on a symmetric object of PE pe; each fetching form returns the previous value. The
 * names before 1.4 (shmem_int_fetch, shmem_int_cswap, ...) have the same signatures. */
#define SHMEM_DECLARE_ATOMIC_ACCESS(TYPENAME, TYPE, FETCH, SET, SWAP)                              \
    TYPE shmem_##TYPENAME##_##FETCH(const TYPE* source, int pe);                                   \
    void shmem_##TYPENAME##_##SET(TYPE* dest, TYPE value, int pe);                                 \
    TYPE shmem_##TYPENAME##_##SWAP(TYPE* dest, TYPE value, int pe);
#define SHMEM_DECLARE_ATOMIC_ARITHMETIC(TYPENAME, TYPE, COMPARE_SWAP, FETCH_INC, INC, FETCH_ADD,   \
                                        ADD)                                                       \
    TYPE shmem_##TYPENAME##_##COMPARE_SWAP(TYPE* dest, TYPE cond, TYPE value, int pe);             \
    TYPE shmem_##TYPENAME##_##FETCH_INC(TYPE* dest, int pe);                                       \
    void shmem_##TYPENAME##_##INC(TYPE* dest, int pe);                                             \
    TYPE shmem_##TYPENAME##_##FETCH_ADD(TYPE* dest, TYPE value, int pe);                           \
    void shmem_##TYPENAME##_##ADD(TYPE* dest, TYPE value, int pe);
#define SHMEM_DECLARE_STANDARD_ATOMIC_ACCESS(TYPENAME, TYPE)                                       \
    SHMEM_DECLARE_ATOMIC_ACCESS(TYPENAME, TYPE, atomic_fetch, atomic_set, atomic_swap)
#define SHMEM_DECLARE_STANDARD_ATOMIC_ARITHMETIC(TYPENAME, TYPE)                                   \
    SHMEM_DECLARE_ATOMIC_ARITHMETIC(TYPENAME, TYPE, atomic_compare_swap, atomic_fetch_inc,         \
                                    atomic_inc, atomic_fetch_add, atomic_add)
#define SHMEM_DECLARE_ATOMIC_BITWISE(TYPENAME, TYPE)                                               \
    TYPE shmem_##TYPENAME##_atomic_fetch_and(TYPE* dest, TYPE value, int pe);                      \
    void shmem_##TYPENAME##_atomic_and(TYPE* dest, TYPE value, int pe);                            \
    TYPE shmem_##TYPENAME##_atomic_fetch_or(TYPE* dest, TYPE value, int pe);                       \
    void shmem_##TYPENAME##_atomic_or(TYPE* dest, TYPE value, int pe);                             \
    TYPE shmem_##TYPENAME##_atomic_fetch_xor(TYPE* dest, TYPE value, int pe);                      \
    void shmem_##TYPENAME##_atomic_xor(TYPE* dest, TYPE value, int pe);
#define SHMEM_DECLARE_DEPRECATED_ATOMIC_ACCESS(TYPENAME, TYPE)                                     \
    SHMEM_DECLARE_ATOMIC_ACCESS(TYPENAME, TYPE, fetch, set, swap)
#define SHMEM_DECLARE_DEPRECATED_ATOMIC_ARITHMETIC(TYPENAME, TYPE)                                 \
    SHMEM_DECLARE_ATOMIC_ARITHMETIC(TYPENAME, TYPE, cswap, finc, inc, fadd, add)
SHMEM_FOR_EACH_EXTENDED_ATOMIC_TYPE(SHMEM_DECLARE_STANDARD_ATOMIC_ACCESS)
SHMEM_FOR_EACH_ATOMIC_TYPE(SHMEM_DECLARE_STANDARD_ATOMIC_ARITHMETIC)
SHMEM_FOR_EACH_BITWISE_ATOMIC_TYPE(SHMEM_DECLARE_ATOMIC_BITWISE)
SHMEM_FOR_EACH_DEPRECATED_EXTENDED_ATOMIC_TYPE(SHMEM_DECLARE_DEPRECATED_ATOMIC_ACCESS)
SHMEM_FOR_EACH_DEPRECATED_ATOMIC_TYPE(SHMEM_DECLARE_DEPRECATED_ATOMIC_ARITHMETIC)
#undef SHMEM_DECLARE_ATOMIC_ACCESS
#undef SHMEM_DECLARE_ATOMIC_ARITHMETIC
#undef SHMEM_DECLARE_STANDARD_ATOMIC_ACCESS
#undef SHMEM_DECLARE_STANDARD_ATOMIC_ARITHMETIC
#undef SHMEM_DECLARE_ATOMIC_BITWISE
#undef SHMEM_DECLARE_DEPRECATED_ATOMIC_ACCESS
#undef SHMEM_DECLARE_DEPRECATED_ATOMIC_ARITHMETIC
long shmem_swap(long* dest, long value, int pe);

/* The names before OpenSHMEM 1.2. */
void start_pes(int npes);
int _my_pe(void);
int _num_pes(void);
void* shmalloc(size_t size);
void* shmemalign(size_t alignment, size_t size);
void shfree(void* ptr);

#ifdef __cplusplus
}
#endif

/* The type-generic names of C11. Only distinct C types may be listed (int64_t is long, ...), so
 * the fixed-width and size types reach their routine through the C type they are. */
#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

/* clang-format cannot lay out _Generic associations. */
/* clang-format off */
#define SHMEM_GENERIC_STANDARD(dest, ROUTINE)                                                      \
    _Generic(*(dest),                                                                              \
        float: shmem_float_##ROUTINE,                                                              \
        double: shmem_double_##ROUTINE,                                                            \
        long double: shmem_longdouble_##ROUTINE,                                                   \
        char: shmem_char_##ROUTINE,                                                                \
        signed char: shmem_schar_##ROUTINE,                                                        \
        short: shmem_short_##ROUTINE,                                                              \
        int: shmem_int_##ROUTINE,                                                                  \
        long: shmem_long_##ROUTINE,                                                                \
        long long: shmem_longlong_##ROUTINE,                                                       \
        unsigned char: shmem_uchar_##ROUTINE,                                                      \
        unsigned short: shmem_ushort_##ROUTINE,                                                    \
        unsigned int: shmem_uint_##ROUTINE,                                                        \
        unsigned long: shmem_ulong_##ROUTINE,                                                      \
        unsigned long long: shmem_ulonglong_##ROUTINE)

#define shmem_put(dest, source, nelems, pe)                                                        \
    SHMEM_GENERIC_STANDARD(dest, put)(dest, source, nelems, pe)
#define shmem_get(dest, source, nelems, pe)                                                        \
    SHMEM_GENERIC_STANDARD(dest, get)(dest, source, nelems, pe)
#define shmem_put_nbi(dest, source, nelems, pe)                                                    \
    SHMEM_GENERIC_STANDARD(dest, put_nbi)(dest, source, nelems, pe)
#define shmem_get_nbi(dest, source, nelems, pe)                                                    \
    SHMEM_GENERIC_STANDARD(dest, get_nbi)(dest, source, nelems, pe)
#define shmem_p(dest, value, pe) SHMEM_GENERIC_STANDARD(dest, p)(dest, value, pe)
#define shmem_g(source, pe) SHMEM_GENERIC_STANDARD(source, g)(source, pe)
#define shmem_iput(dest, source, dst, sst, nelems, pe)                                             \
    SHMEM_GENERIC_STANDARD(dest, iput)(dest, source, dst, sst, nelems, pe)
#define shmem_iget(dest, source, dst, sst, nelems, pe)                                             \
    SHMEM_GENERIC_STANDARD(dest, iget)(dest, source, dst, sst, nelems, pe)

#define SHMEM_GENERIC_ATOMIC_ASSOCIATIONS(ROUTINE)                                                 \
        int: shmem_int_##ROUTINE,                                                                  \
        long: shmem_long_##ROUTINE,                                                                \
        long long: shmem_longlong_##ROUTINE,                                                       \
        unsigned int: shmem_uint_##ROUTINE,                                                        \
        unsigned long: shmem_ulong_##ROUTINE,                                                      \
        unsigned long long: shmem_ulonglong_##ROUTINE

#define SHMEM_GENERIC_ATOMIC(dest, ROUTINE)                                                        \
    _Generic(*(dest), SHMEM_GENERIC_ATOMIC_ASSOCIATIONS(ROUTINE))

#define SHMEM_GENERIC_EXTENDED_ATOMIC(dest, ROUTINE)                                               \
    _Generic(*(dest),                                                                              \
        float: shmem_float_##ROUTINE,                                                              \
        double: shmem_double_##ROUTINE,                                                            \
        SHMEM_GENERIC_ATOMIC_ASSOCIATIONS(ROUTINE))

#define SHMEM_GENERIC_BITWISE_ATOMIC(dest, ROUTINE)                                                \
    _Generic(*(dest),                                                                              \
        int: shmem_int32_##ROUTINE,                                                                \
        long: shmem_int64_##ROUTINE,                                                               \
        unsigned int: shmem_uint_##ROUTINE,                                                        \
        unsigned long: shmem_ulong_##ROUTINE,                                                      \
        unsigned long long: shmem_ulonglong_##ROUTINE)

#define shmem_atomic_fetch(source, pe)                                                             \
    SHMEM_GENERIC_EXTENDED_ATOMIC(source, atomic_fetch)(source, pe)
#define shmem_atomic_set(dest, value, pe)                                                          \
    SHMEM_GENERIC_EXTENDED_ATOMIC(dest, atomic_set)(dest, value, pe)
#define shmem_atomic_swap(dest, value, pe)                                                         \
    SHMEM_GENERIC_EXTENDED_ATOMIC(dest, atomic_swap)(dest, value, pe)
#define shmem_atomic_compare_swap(dest, cond, value, pe)                                           \
    SHMEM_GENERIC_ATOMIC(dest, atomic_compare_swap)(dest, cond, value, pe)
#define shmem_atomic_fetch_inc(dest, pe) SHMEM_GENERIC_ATOMIC(dest, atomic_fetch_inc)(dest, pe)
#define shmem_atomic_inc(dest, pe) SHMEM_GENERIC_ATOMIC(dest, atomic_inc)(dest, pe)
#define shmem_atomic_fetch_add(dest, value, pe)                                                    \
    SHMEM_GENERIC_ATOMIC(dest, atomic_fetch_add)(dest, value, pe)
#define shmem_atomic_add(dest, value, pe) SHMEM_GENERIC_ATOMIC(dest, atomic_add)(dest, value, pe)
#define shmem_atomic_fetch_and(dest, value, pe)                                                    \
    SHMEM_GENERIC_BITWISE_ATOMIC(dest, atomic_fetch_and)(dest, value, pe)
#define shmem_atomic_and(dest, value, pe)                                                          \
    SHMEM_GENERIC_BITWISE_ATOMIC(dest, atomic_and)(dest, value, pe)
#define shmem_atomic_fetch_or(dest, value, pe)                                                     \
    SHMEM_GENERIC_BITWISE_ATOMIC(dest, atomic_fetch_or)(dest, value, pe)
#define shmem_atomic_or(dest, value, pe)                                                           \
    SHMEM_GENERIC_BITWISE_ATOMIC(dest, atomic_or)(dest, value, pe)
#define shmem_atomic_fetch_xor(dest, value, pe)                                                    \
    SHMEM_GENERIC_BITWISE_ATOMIC(dest, atomic_fetch_xor)(dest, value, pe)
#define shmem_atomic_xor(dest, value, pe)                                                          \
    SHMEM_GENERIC_BITWISE_ATOMIC(dest, atomic_xor)(dest, value, pe)

/* ivar may point to a volatile object, as older programs declare their flags: the associations
 * for QUALIFIER (nothing or volatile) pointers. */
#define SHMEM_GENERIC_WAIT_ASSOCIATIONS(QUALIFIER, ROUTINE)                                        \
        QUALIFIER short *: shmem_short_##ROUTINE,                                                  \
        QUALIFIER int *: shmem_int_##ROUTINE,                                                      \
        QUALIFIER long *: shmem_long_##ROUTINE,                                                    \
        QUALIFIER long long *: shmem_longlong_##ROUTINE,                                           \
        QUALIFIER unsigned short *: shmem_ushort_##ROUTINE,                                        \
        QUALIFIER unsigned int *: shmem_uint_##ROUTINE,                                            \
        QUALIFIER unsigned long *: shmem_ulong_##ROUTINE,                                          \
        QUALIFIER unsigned long long *: shmem_ulonglong_##ROUTINE

#define SHMEM_GENERIC_WAIT(ivar, ROUTINE)                                                          \
    _Generic((ivar),                                                                               \
        SHMEM_GENERIC_WAIT_ASSOCIATIONS(, ROUTINE),                                                \
        SHMEM_GENERIC_WAIT_ASSOCIATIONS(volatile, ROUTINE))

#define shmem_wait_until(ivar, cmp, value) SHMEM_GENERIC_WAIT(ivar, wait_until)(ivar, cmp, value)
#define shmem_test(ivar, cmp, value) SHMEM_GENERIC_WAIT(ivar, test)(ivar, cmp, value)

/* clang-format on */

#endif

#endif
