/* Memory and local copies for the collectives. */
#include "collective_internal.h"
#include "runtime_state.h"
#include "xbrtime.h"

#include <stdlib.h>
#include <string.h>

/* No collective can go on without its buffers, and a PE that returned early would leave the
 * others waiting in a barrier, so running out of memory stops the program. */
static void* require(void* block, size_t bytes, const char* kind) {
    if (block == NULL && bytes > 0) {
        xbrtime_report_error("xbrtime: a collective found no room for %zu bytes of %s memory",
                             bytes, kind);
        abort();
    }
    return block;
}

void* xbrtime_collective_scratch(size_t bytes) {
    return require(xbrtime_malloc(bytes), bytes, "symmetric");
}

/* long double, the largest element, needs 16-byte alignment; aligned_alloc wants a multiple of
 * the alignment as size. */
#define PRIVATE_ALIGNMENT 16

void* xbrtime_collective_private_buffer(size_t bytes) {
    if (bytes == 0) {
        return NULL;
    }
    const size_t rounded = (bytes + PRIVATE_ALIGNMENT - 1) & ~(size_t)(PRIVATE_ALIGNMENT - 1);
    return require(aligned_alloc(PRIVATE_ALIGNMENT, rounded), bytes, "private");
}

void xbrtime_collective_copy(void* dest, int dest_stride, const void* src, int src_stride,
                             size_t nelems, size_t element_size) {
    if (dest_stride == 1 && src_stride == 1) {
        memcpy(dest, src, nelems * element_size);
        return;
    }
    char* to = dest;
    const char* from = src;
    const size_t to_step = (size_t)dest_stride * element_size;
    const size_t from_step = (size_t)src_stride * element_size;
    for (size_t i = 0; i < nelems; ++i, to += to_step, from += from_step) {
        memcpy(to, from, element_size);
    }
}
