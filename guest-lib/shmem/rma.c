/* Puts and gets over the xbrtime transfer loops, with and without a context. Puts use the
 * posted (_nb) loops even in their blocking forms: OpenSHMEM only asks that a put's source be
 * reusable on return, which it is once the stores are issued, and completes puts at
 * shmem_quiet, shmem_fence and barriers. */
#include "shmem.h"
#include "shmem_internal.h"
#include "xbgas.h"
#include "xbrtime.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

/* Private room for one batch of a strided transfer whose two sides' strides differ. */
#define STAGING_BYTES 1024

typedef void element_transfer(void* dest, const void* src, size_t nelems, int stride,
                              size_t element_size, int pe);

static char* element_at(const void* base, size_t index, ptrdiff_t stride, size_t size) {
    return (char*)base + (ptrdiff_t)index * stride * (ptrdiff_t)size;
}

/* The elements a staging buffer holds at the remote side's stride, or 0 when that is fewer than
 * two (or the stride is not positive), so that element-by-element transfers do as well. */
static size_t staging_batch(ptrdiff_t remote_stride, size_t size) {
    const size_t capacity = STAGING_BYTES / size;
    if (remote_stride < 1 || (size_t)remote_stride >= capacity) {
        return 0;
    }
    return (capacity - 1) / (size_t)remote_stride + 1;
}

static size_t smaller(size_t a, size_t b) {
    return a < b ? a : b;
}

/* The xbrtime loops take one stride for both sides. With two different ones, the local elements
 * are laid out at the remote stride in a staging buffer, a batch at a time, so that each batch
 * is one transfer loop; the remote side sees the same accesses either way. */
void shmem_internal_strided_put(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,
                                size_t nelems, size_t size, int pe) {
    if (dst == sst && dst >= INT_MIN && dst <= INT_MAX) {
        xbrtime_put_elements_nb(dest, source, nelems, (int)dst, size, pe);
        return;
    }
    const size_t batch = staging_batch(dst, size);
    if (batch == 0) {
        for (size_t i = 0; i < nelems; ++i) {
            xbrtime_put_elements_nb(element_at(dest, i, dst, size),
                                    element_at(source, i, sst, size), 1, 1, size, pe);
        }
        return;
    }
    _Alignas(16) unsigned char staging[STAGING_BYTES];
    for (size_t first = 0; first < nelems; first += batch) {
        const size_t count = smaller(batch, nelems - first);
        for (size_t i = 0; i < count; ++i) {
            memcpy(element_at(staging, i, dst, size), element_at(source, first + i, sst, size),
                   size);
        }
        xbrtime_put_elements_nb(element_at(dest, first, dst, size), staging, count, (int)dst, size,
                                pe);
    }
}

void shmem_internal_strided_get(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,
                                size_t nelems, size_t size, int pe) {
    if (dst == sst && dst >= INT_MIN && dst <= INT_MAX) {
        xbrtime_get_elements(dest, source, nelems, (int)dst, size, pe);
        return;
    }
    const size_t batch = staging_batch(sst, size);
    if (batch == 0) {
        for (size_t i = 0; i < nelems; ++i) {
            xbrtime_get_elements(element_at(dest, i, dst, size), element_at(source, i, sst, size),
                                 1, 1, size, pe);
        }
        return;
    }
    _Alignas(16) unsigned char staging[STAGING_BYTES];
    for (size_t first = 0; first < nelems; first += batch) {
        const size_t count = smaller(batch, nelems - first);
        xbrtime_get_elements(staging, element_at(source, first, sst, size), count, (int)sst, size,
                             pe);
        for (size_t i = 0; i < count; ++i) {
            memcpy(element_at(dest, first + i, dst, size), element_at(staging, i, sst, size), size);
        }
    }
}

/* shmem_TYPENAME_p's fast path: one remote store of the value's bits, when the PE is one of
 * the job's and the type 1, 2, 4 or 8 bytes wide (sizeof folds the switch away); 0 otherwise,
 * and the caller takes the element loop, which reports a bad PE. The loop cost 42 instructions
 * per call where the store needs a handful (the SFI paper counts 16 for its best path). */
static inline int store_value(void* dest, const void* value, size_t size, int pe) {
    if (pe < 0 || pe >= xbrtime_state.pe_count) {
        return 0;
    }
    const uint64_t object = xbrtime_object_of_pe(pe);
    switch (size) {
    case 1: {
        uint8_t bits;
        memcpy(&bits, value, sizeof bits);
        xb_ersb(object, dest, bits);
        return 1;
    }
    case 2: {
        uint16_t bits;
        memcpy(&bits, value, sizeof bits);
        xb_ersh(object, dest, bits);
        return 1;
    }
    case 4: {
        uint32_t bits;
        memcpy(&bits, value, sizeof bits);
        xb_ersw(object, dest, bits);
        return 1;
    }
    case 8: {
        uint64_t bits;
        memcpy(&bits, value, sizeof bits);
        xb_ersd(object, dest, bits);
        return 1;
    }
    default:
        return 0;
    }
}

/* Bytes move in the widest elements that the two addresses' alignment allows after a few
 * leading bytes, because a remote access costs the same whatever its width. */
static void transfer_bytes(element_transfer* transfer, void* dest, const void* source,
                           size_t nbytes, int pe) {
    const uintptr_t misalignment = (uintptr_t)dest ^ (uintptr_t)source;
    unsigned width_log2 = 3;
    while ((misalignment & ((1u << width_log2) - 1)) != 0) {
        --width_log2;
    }
    const size_t width = (size_t)1 << width_log2;
    const size_t head = smaller(nbytes, -(uintptr_t)dest & (width - 1));
    /* Shifts, not divisions: a 64-bit division is 67 cycles on the PIMP paper's core. */
    const size_t body = (nbytes - head) >> width_log2;
    const size_t tail = nbytes - head - (body << width_log2);
    char* to = dest;
    const char* from = source;
    /* Only the parts there are: each call checks the PE and sets up a loop. */
    if (head != 0) {
        transfer(to, from, head, 1, 1, pe);
    }
    if (body != 0 || nbytes == 0) {
        transfer(to + head, from + head, body, 1, width, pe);
    }
    if (tail != 0) {
        transfer(to + head + (body << width_log2), from + head + (body << width_log2), tail, 1, 1,
                 pe);
    }
}

/* A put of 1, 2, 4 or 8 bytes at an address aligned to its size is one remote store. */
static int put_small(void* dest, const void* source, size_t nbytes, int pe) {
    if (nbytes == 0 || nbytes > 8 || (nbytes & (nbytes - 1)) != 0 ||
        ((uintptr_t)dest & (nbytes - 1)) != 0) {
        return 0;
    }
    return store_value(dest, source, nbytes, pe);
}

void shmem_putmem(void* dest, const void* source, size_t nelems, int pe) {
    if (!put_small(dest, source, nelems, pe)) {
        transfer_bytes(xbrtime_put_elements_nb, dest, source, nelems, pe);
    }
}

void shmem_putmem_nbi(void* dest, const void* source, size_t nelems, int pe) {
    if (!put_small(dest, source, nelems, pe)) {
        transfer_bytes(xbrtime_put_elements_nb, dest, source, nelems, pe);
    }
}

void shmem_getmem(void* dest, const void* source, size_t nelems, int pe) {
    transfer_bytes(xbrtime_get_elements, dest, source, nelems, pe);
}

void shmem_getmem_nbi(void* dest, const void* source, size_t nelems, int pe) {
    transfer_bytes(xbrtime_get_elements, dest, source, nelems, pe);
}

#define DEFINE_RMA(TYPENAME, TYPE)                                                                 \
    void shmem_##TYPENAME##_put(TYPE* dest, const TYPE* source, size_t nelems, int pe) {           \
        xbrtime_##TYPENAME##_put_nb(dest, source, nelems, 1, pe);                                  \
    }                                                                                              \
    void shmem_##TYPENAME##_put_nbi(TYPE* dest, const TYPE* source, size_t nelems, int pe) {       \
        xbrtime_##TYPENAME##_put_nb(dest, source, nelems, 1, pe);                                  \
    }                                                                                              \
    void shmem_##TYPENAME##_get(TYPE* dest, const TYPE* source, size_t nelems, int pe) {           \
        xbrtime_##TYPENAME##_get(dest, source, nelems, 1, pe);                                     \
    }                                                                                              \
    void shmem_##TYPENAME##_get_nbi(TYPE* dest, const TYPE* source, size_t nelems, int pe) {       \
        xbrtime_##TYPENAME##_get(dest, source, nelems, 1, pe);                                     \
    }                                                                                              \
    __attribute__((noinline, cold)) static void put_value_##TYPENAME(TYPE* dest, TYPE value,       \
                                                                     int pe) {                     \
        xbrtime_##TYPENAME##_put_nb(dest, &value, 1, 1, pe);                                       \
    }                                                                                              \
    void shmem_##TYPENAME##_p(TYPE* dest, TYPE value, int pe) {                                    \
        if (!store_value(dest, &value, sizeof(TYPE), pe)) {                                        \
            put_value_##TYPENAME(dest, value, pe);                                                 \
        }                                                                                          \
    }                                                                                              \
    TYPE shmem_##TYPENAME##_g(const TYPE* source, int pe) {                                        \
        TYPE value;                                                                                \
        xbrtime_##TYPENAME##_get(&value, source, 1, 1, pe);                                        \
        return value;                                                                              \
    }                                                                                              \
    void shmem_##TYPENAME##_iput(TYPE* dest, const TYPE* source, ptrdiff_t dst, ptrdiff_t sst,     \
                                 size_t nelems, int pe) {                                          \
        shmem_internal_strided_put(dest, source, dst, sst, nelems, sizeof(TYPE), pe);              \
    }                                                                                              \
    void shmem_##TYPENAME##_iget(TYPE* dest, const TYPE* source, ptrdiff_t dst, ptrdiff_t sst,     \
                                 size_t nelems, int pe) {                                          \
        shmem_internal_strided_get(dest, source, dst, sst, nelems, sizeof(TYPE), pe);              \
    }
SHMEM_FOR_EACH_RMA_TYPE(DEFINE_RMA)

#define DEFINE_SIZED_RMA(BITS, BYTES)                                                              \
    void shmem_put##BITS(void* dest, const void* source, size_t nelems, int pe) {                  \
        xbrtime_put_elements_nb(dest, source, nelems, 1, BYTES, pe);                               \
    }                                                                                              \
    void shmem_put##BITS##_nbi(void* dest, const void* source, size_t nelems, int pe) {            \
        xbrtime_put_elements_nb(dest, source, nelems, 1, BYTES, pe);                               \
    }                                                                                              \
    void shmem_get##BITS(void* dest, const void* source, size_t nelems, int pe) {                  \
        xbrtime_get_elements(dest, source, nelems, 1, BYTES, pe);                                  \
    }                                                                                              \
    void shmem_get##BITS##_nbi(void* dest, const void* source, size_t nelems, int pe) {            \
        xbrtime_get_elements(dest, source, nelems, 1, BYTES, pe);                                  \
    }                                                                                              \
    void shmem_iput##BITS(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,            \
                          size_t nelems, int pe) {                                                 \
        shmem_internal_strided_put(dest, source, dst, sst, nelems, BYTES, pe);                     \
    }                                                                                              \
    void shmem_iget##BITS(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,            \
                          size_t nelems, int pe) {                                                 \
        shmem_internal_strided_get(dest, source, dst, sst, nelems, BYTES, pe);                     \
    }
SHMEM_FOR_EACH_SIZE(DEFINE_SIZED_RMA)

/* The context forms: the routine above on the world PE that pe is in the context's team. */
#define WORLD_PE shmem_internal_context_pe(ctx, pe, __func__)

#define DEFINE_CONTEXT_RMA(TYPENAME, TYPE)                                                         \
    void shmem_ctx_##TYPENAME##_put(shmem_ctx_t ctx, TYPE* dest, const TYPE* source,               \
                                    size_t nelems, int pe) {                                       \
        shmem_##TYPENAME##_put(dest, source, nelems, WORLD_PE);                                    \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_put_nbi(shmem_ctx_t ctx, TYPE* dest, const TYPE* source,           \
                                        size_t nelems, int pe) {                                   \
        shmem_##TYPENAME##_put_nbi(dest, source, nelems, WORLD_PE);                                \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_get(shmem_ctx_t ctx, TYPE* dest, const TYPE* source,               \
                                    size_t nelems, int pe) {                                       \
        shmem_##TYPENAME##_get(dest, source, nelems, WORLD_PE);                                    \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_get_nbi(shmem_ctx_t ctx, TYPE* dest, const TYPE* source,           \
                                        size_t nelems, int pe) {                                   \
        shmem_##TYPENAME##_get_nbi(dest, source, nelems, WORLD_PE);                                \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_p(shmem_ctx_t ctx, TYPE* dest, TYPE value, int pe) {               \
        shmem_##TYPENAME##_p(dest, value, WORLD_PE);                                               \
    }                                                                                              \
    TYPE shmem_ctx_##TYPENAME##_g(shmem_ctx_t ctx, const TYPE* source, int pe) {                   \
        return shmem_##TYPENAME##_g(source, WORLD_PE);                                             \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_iput(shmem_ctx_t ctx, TYPE* dest, const TYPE* source,              \
                                     ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe) {        \
        shmem_##TYPENAME##_iput(dest, source, dst, sst, nelems, WORLD_PE);                         \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_iget(shmem_ctx_t ctx, TYPE* dest, const TYPE* source,              \
                                     ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe) {        \
        shmem_##TYPENAME##_iget(dest, source, dst, sst, nelems, WORLD_PE);                         \
    }
SHMEM_FOR_EACH_RMA_TYPE(DEFINE_CONTEXT_RMA)

#define DEFINE_CONTEXT_CONTIGUOUS_RMA(SIZE)                                                        \
    void shmem_ctx_put##SIZE(shmem_ctx_t ctx, void* dest, const void* source, size_t nelems,       \
                             int pe) {                                                             \
        shmem_put##SIZE(dest, source, nelems, WORLD_PE);                                           \
    }                                                                                              \
    void shmem_ctx_put##SIZE##_nbi(shmem_ctx_t ctx, void* dest, const void* source, size_t nelems, \
                                   int pe) {                                                       \
        shmem_put##SIZE##_nbi(dest, source, nelems, WORLD_PE);                                     \
    }                                                                                              \
    void shmem_ctx_get##SIZE(shmem_ctx_t ctx, void* dest, const void* source, size_t nelems,       \
                             int pe) {                                                             \
        shmem_get##SIZE(dest, source, nelems, WORLD_PE);                                           \
    }                                                                                              \
    void shmem_ctx_get##SIZE##_nbi(shmem_ctx_t ctx, void* dest, const void* source, size_t nelems, \
                                   int pe) {                                                       \
        shmem_get##SIZE##_nbi(dest, source, nelems, WORLD_PE);                                     \
    }
#define DEFINE_CONTEXT_SIZED_RMA(BITS, BYTES)                                                      \
    DEFINE_CONTEXT_CONTIGUOUS_RMA(BITS)                                                            \
    void shmem_ctx_iput##BITS(shmem_ctx_t ctx, void* dest, const void* source, ptrdiff_t dst,      \
                              ptrdiff_t sst, size_t nelems, int pe) {                              \
        shmem_iput##BITS(dest, source, dst, sst, nelems, WORLD_PE);                                \
    }                                                                                              \
    void shmem_ctx_iget##BITS(shmem_ctx_t ctx, void* dest, const void* source, ptrdiff_t dst,      \
                              ptrdiff_t sst, size_t nelems, int pe) {                              \
        shmem_iget##BITS(dest, source, dst, sst, nelems, WORLD_PE);                                \
    }
SHMEM_FOR_EACH_SIZE(DEFINE_CONTEXT_SIZED_RMA)
DEFINE_CONTEXT_CONTIGUOUS_RMA(mem)
