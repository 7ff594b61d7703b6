/* The typed put and get routines over the assembly loops of transfer.S. */
#include "runtime_state.h"
#include "xbgas.h"
#include "xbrtime.h"

#include <stdint.h>
#include <stdlib.h>

typedef void transfer_loop(void*, const void*, size_t, ptrdiff_t, uint64_t);

static transfer_loop* const put_loops[] = {xbrtime_transfer_put_1, xbrtime_transfer_put_2,
                                           xbrtime_transfer_put_4, xbrtime_transfer_put_8,
                                           xbrtime_transfer_put_16};
static transfer_loop* const get_loops[] = {xbrtime_transfer_get_1, xbrtime_transfer_get_2,
                                           xbrtime_transfer_get_4, xbrtime_transfer_get_8,
                                           xbrtime_transfer_get_16};

static transfer_loop* loop_for(transfer_loop* const* loops, size_t element_size, int pe) {
    if (xbrtime_state.pe_count < 0) {
        xbrtime_report_error("xbrtime: put or get before xbrtime_init");
        abort();
    }
    if (pe < 0 || pe >= xbrtime_state.pe_count) {
        xbrtime_report_error("xbrtime: put or get with PE %d, but the PEs are 0-%d", pe,
                             xbrtime_state.pe_count - 1);
        abort();
    }
    switch (element_size) {
    case 1:
        return loops[0];
    case 2:
        return loops[1];
    case 4:
        return loops[2];
    case 8:
        return loops[3];
    case 16:
        return loops[4];
    default:
        xbrtime_report_error("xbrtime: elements of %zu bytes cannot be transferred", element_size);
        abort();
    }
}

/* Contiguous elements of under 8 bytes whose two sides are equally aligned move as doublewords
 * between an element-wise head and tail: one remote access per 8 bytes rather than per element
 * (each remote access costs the emulator far more than the bytes it moves). Below this size the
 * three loops cost more than they save. */
#define DOUBLEWORD_TRANSFER_BYTES 64

static void transfer(transfer_loop* const* loops, void* dest, const void* src, size_t nelems,
                     int stride, size_t element_size, int pe) {
    transfer_loop* loop = loop_for(loops, element_size, pe);
    const uint64_t object = xbrtime_object_of_pe(pe);
    const uintptr_t to = (uintptr_t)dest;
    const uintptr_t from = (uintptr_t)src;
    if (stride != 1 || element_size >= 8 || nelems < DOUBLEWORD_TRANSFER_BYTES / element_size ||
        ((to ^ from) & 7) != 0 || (to & (element_size - 1)) != 0) {
        loop(dest, src, nelems, (ptrdiff_t)stride * element_size, object);
        return;
    }
    const size_t head = ((8 - (to & 7)) & 7) / element_size;
    const size_t doublewords = (nelems - head) * element_size / 8;
    const size_t body = doublewords * 8 / element_size;
    loop(dest, src, head, (ptrdiff_t)element_size, object);
    loops[3]((char*)dest + head * element_size, (const char*)src + head * element_size, doublewords,
             8, object);
    loop((char*)dest + (head + body) * element_size,
         (const char*)src + (head + body) * element_size, nelems - head - body,
         (ptrdiff_t)element_size, object);
}

void xbrtime_put_elements_nb(void* dest, const void* src, size_t nelems, int stride,
                             size_t element_size, int pe) {
    transfer(put_loops, dest, src, nelems, stride, element_size, pe);
}

void xbrtime_put_elements(void* dest, const void* src, size_t nelems, int stride,
                          size_t element_size, int pe) {
    xbrtime_put_elements_nb(dest, src, nelems, stride, element_size, pe);
    xb_fence();
}

void xbrtime_get_elements(void* dest, const void* src, size_t nelems, int stride,
                          size_t element_size, int pe) {
    transfer(get_loops, dest, src, nelems, stride, element_size, pe);
}

/* Remote loads complete before the instruction retires, so a get is never outstanding. */
#define DEFINE_PUT_GET(TYPENAME, TYPE)                                                             \
    void xbrtime_##TYPENAME##_put(TYPE* dest, const TYPE* src, size_t nelems, int stride,          \
                                  int pe) {                                                        \
        xbrtime_put_elements(dest, src, nelems, stride, sizeof(TYPE), pe);                         \
    }                                                                                              \
    void xbrtime_##TYPENAME##_put_nb(TYPE* dest, const TYPE* src, size_t nelems, int stride,       \
                                     int pe) {                                                     \
        xbrtime_put_elements_nb(dest, src, nelems, stride, sizeof(TYPE), pe);                      \
    }                                                                                              \
    void xbrtime_##TYPENAME##_get(TYPE* dest, const TYPE* src, size_t nelems, int stride,          \
                                  int pe) {                                                        \
        xbrtime_get_elements(dest, src, nelems, stride, sizeof(TYPE), pe);                         \
    }                                                                                              \
    void xbrtime_##TYPENAME##_get_nb(TYPE* dest, const TYPE* src, size_t nelems, int stride,       \
                                     int pe) {                                                     \
        xbrtime_get_elements(dest, src, nelems, stride, sizeof(TYPE), pe);                         \
    }
XBRTIME_FOR_EACH_TYPE(DEFINE_PUT_GET)
