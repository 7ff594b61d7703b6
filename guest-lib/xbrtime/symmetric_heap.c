/* The symmetric heap: a first-fit allocator over the symmetric region. Its decisions depend only
 * on the sequence of calls, so PEs that make the same calls get the same addresses.
 *
 * Blocks lie back to back from the heap's start up to `top`; each begins with a header whose
 * size keeps payloads 64-byte aligned. Free neighbours merge, and a free block at the end gives
 * its space back to the untouched area above `top`. */
#include "runtime_state.h"
#include "xbrtime.h"

#include <stdint.h>
#include <stdlib.h>

#define ALIGNMENT 64

struct block_header {
    size_t size;          /* header included */
    size_t previous_size; /* 0 for the first block */
    size_t free;
};
_Static_assert(sizeof(struct block_header) <= ALIGNMENT, "the header fits its alignment");

static uintptr_t heap_start;
static uintptr_t heap_end;
static uintptr_t top;
static struct block_header* last_block;

void xbrtime_heap_reset(uintptr_t start, size_t size) {
    heap_start = (start + ALIGNMENT - 1) & ~(uintptr_t)(ALIGNMENT - 1);
    const uintptr_t end = (start + size) & ~(uintptr_t)(ALIGNMENT - 1);
    heap_end = end < heap_start ? heap_start : end;
    top = heap_start;
    last_block = NULL;
}

int xbrtime_heap_contains(uintptr_t address) {
    return address >= heap_start && address < heap_end;
}

static struct block_header* following(const struct block_header* block) {
    return block == last_block ? NULL : (struct block_header*)((uintptr_t)block + block->size);
}

static struct block_header* preceding(const struct block_header* block) {
    return block->previous_size == 0
               ? NULL
               : (struct block_header*)((uintptr_t)block - block->previous_size);
}

/* block absorbs the block after it. */
static void merge_with_following(struct block_header* block) {
    struct block_header* next = following(block);
    if (next == last_block) {
        last_block = block;
    }
    block->size += next->size;
    struct block_header* after = following(block);
    if (after != NULL) {
        after->previous_size = block->size;
    }
}

static void* payload_of(struct block_header* block) {
    return (char*)block + ALIGNMENT;
}

void* xbrtime_malloc(size_t size) {
    if (size == 0 || size > heap_end - heap_start) {
        return NULL;
    }
    const size_t needed = ALIGNMENT + ((size + ALIGNMENT - 1) & ~(size_t)(ALIGNMENT - 1));
    for (struct block_header* block = last_block == NULL ? NULL : (struct block_header*)heap_start;
         block != NULL; block = following(block)) {
        if (!block->free || block->size < needed) {
            continue;
        }
        if (block->size - needed >= 2 * ALIGNMENT) {
            struct block_header* rest = (struct block_header*)((uintptr_t)block + needed);
            rest->size = block->size - needed;
            rest->previous_size = needed;
            rest->free = 1;
            block->size = needed;
            if (block == last_block) {
                last_block = rest;
            } else {
                following(rest)->previous_size = rest->size;
            }
        }
        block->free = 0;
        return payload_of(block);
    }
    if (needed > heap_end - top) {
        return NULL;
    }
    struct block_header* block = (struct block_header*)top;
    block->size = needed;
    block->previous_size = last_block == NULL ? 0 : last_block->size;
    block->free = 0;
    last_block = block;
    top += needed;
    return payload_of(block);
}

void xbrtime_free(void* pointer) {
    if (pointer == NULL) {
        return;
    }
    struct block_header* block = (struct block_header*)((uintptr_t)pointer - ALIGNMENT);
    if ((uintptr_t)pointer < heap_start + ALIGNMENT || (uintptr_t)pointer >= top ||
        ((uintptr_t)pointer & (ALIGNMENT - 1)) != 0 || block->free) {
        xbrtime_report_error("xbrtime_free: %p is not an allocated block of the symmetric heap",
                             pointer);
        abort();
    }
    block->free = 1;
    struct block_header* next = following(block);
    if (next != NULL && next->free) {
        merge_with_following(block);
    }
    struct block_header* previous = preceding(block);
    if (previous != NULL && previous->free) {
        merge_with_following(previous);
        block = previous;
    }
    if (block == last_block) {
        top = (uintptr_t)block;
        last_block = preceding(block);
    }
}
