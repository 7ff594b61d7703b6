/* xbrtime: the xBGAS runtime (the API of the ICPP'19 paper "Collective Communication for the
 * RISC-V xBGAS ISA Extension").
 *
 * Every PE runs the same program. A symmetric object lies at the same address on every PE:
 * static data and blocks from xbrtime_malloc, which live in the symmetric region that the
 * emulator describes in e12 (size) and e13 (base). PE p is reached through object ID p + 1.
 *
 *     xbrtime_init();                          // 0 on success
 *     long *table = xbrtime_malloc(n * sizeof(long));
 *     xbrtime_long_put(table, local, n, 1, (xbrtime_mype() + 1) % xbrtime_num_pes());
 *     xbrtime_barrier();                       // puts complete at barriers
 *     xbrtime_free(table);
 *     xbrtime_close();
 */
#ifndef XBRTIME_H
#define XBRTIME_H

#include "xbrtime_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Reads the PE number, PE count and symmetric region from e10-e13, sets up the symmetric heap
 * and waits until every PE got this far. Returns 0, or -1 after a message on stderr when the
 * machine has no xBGAS extension or the program's own memory overlaps the symmetric region. */
int xbrtime_init(void);
/* A barrier, then the runtime forgets the symmetric heap; xbrtime_init may follow again. */
void xbrtime_close(void);
/* -1 before xbrtime_init and after xbrtime_close. */
int xbrtime_mype(void);
int xbrtime_num_pes(void);

/* Symmetric allocation: every PE calls these in the same order with the same sizes, and the
 * block then starts at the same address on every PE. Blocks are 64-byte aligned. size 0 and an
 * exhausted heap give NULL. Neither call synchronises: a program that lets PEs write into a
 * block freed and reallocated elsewhere needs a barrier between. */
void* xbrtime_malloc(size_t size);
void xbrtime_free(void* block);

/* All PEs. Completes every outstanding put of this PE before the others go on. */
void xbrtime_barrier(void);
/* Completes this PE's outstanding non-blocking puts. */
void xbrtime_fence(void);

/* 1 when pe is a PE of this job and address a symmetric object (static data or the symmetric
 * heap), else 0. */
int xbrtime_addr_accessible(const void* address, int pe);

/* The object ID that names PE pe in the OLB (pe + 1). */
static inline unsigned long xbrtime_object_of_pe(int pe) {
    return (unsigned long)pe + 1;
}

/* Put: element i moves from local src + i*stride to dest + i*stride on PE pe.
 * Get: element i moves from src + i*stride on PE pe to local dest + i*stride.
 * stride counts elements. The blocking forms return when the data has arrived; the _nb forms
 * let puts complete at the next barrier or xbrtime_fence (gets always complete at once). */
#define XBRTIME_DECLARE_PUT_GET(TYPENAME, TYPE)                                                    \
    void xbrtime_##TYPENAME##_put(TYPE* dest, const TYPE* src, size_t nelems, int stride, int pe); \
    void xbrtime_##TYPENAME##_get(TYPE* dest, const TYPE* src, size_t nelems, int stride, int pe); \
    void xbrtime_##TYPENAME##_put_nb(TYPE* dest, const TYPE* src, size_t nelems, int stride,       \
                                     int pe);                                                      \
    void xbrtime_##TYPENAME##_get_nb(TYPE* dest, const TYPE* src, size_t nelems, int stride,       \
                                     int pe);
XBRTIME_FOR_EACH_TYPE(XBRTIME_DECLARE_PUT_GET)
#undef XBRTIME_DECLARE_PUT_GET

/* Untyped transfers of nelems elements of element_size bytes (1, 2, 4, 8 or 16), stride in
 * elements; the typed routines above are these with the type's size. */
void xbrtime_put_elements(void* dest, const void* src, size_t nelems, int stride,
                          size_t element_size, int pe);
void xbrtime_get_elements(void* dest, const void* src, size_t nelems, int stride,
                          size_t element_size, int pe);
void xbrtime_put_elements_nb(void* dest, const void* src, size_t nelems, int stride,
                             size_t element_size, int pe);

#ifdef __cplusplus
}
#endif

#include "xbrtime_atomics.h"
#include "xbrtime_collectives.h"

#endif
