/* Symmetric allocation over the xbrtime symmetric heap. Every PE makes the same calls in the
 * same order, so each keeps, in private memory, its own record of the blocks handed out: the
 * size that shmem_realloc copies, and for shmem_align the heap block its aligned address lies
 * in. The heap's decisions depend on the calls alone, so the blocks are symmetric.
 *
 * As the standard says: every call that allocates ends with a barrier of all PEs, shmem_free
 * and shmem_realloc start with one (no PE may still use the block), and a call that does
 * nothing (size 0 to an allocation, NULL to shmem_free) returns at once. */
#include "shmem.h"
#include "shmem_internal.h"
#include "xbrtime.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* xbrtime_malloc aligns every block this much. */
#define HEAP_ALIGNMENT 64

struct block {
    void* address; /* what the program got */
    void* heap_block;
    size_t size;
    struct block* next;
};
static struct block* blocks;

static void* record(void* address, void* heap_block, size_t size) {
    if (address == NULL) {
        return NULL;
    }
    struct block* entry = malloc(sizeof *entry);
    if (entry == NULL) {
        shmem_internal_error("symmetric allocation: out of private memory for its records");
    }
    *entry = (struct block){address, heap_block, size, blocks};
    blocks = entry;
    return address;
}

/* The record of address, unlinked; stops the program when there is none. */
static struct block take_record(void* address, const char* routine) {
    for (struct block** link = &blocks; *link != NULL; link = &(*link)->next) {
        struct block* entry = *link;
        if (entry->address == address) {
            const struct block found = *entry;
            *link = entry->next;
            free(entry);
            return found;
        }
    }
    shmem_internal_error("%s: %p is not a block of the symmetric heap", routine, address);
}

/* A block of size bytes at a multiple of alignment (a power of two), or NULL; no barrier. */
static void* allocate(size_t alignment, size_t size) {
    if (alignment <= HEAP_ALIGNMENT) {
        void* block = xbrtime_malloc(size);
        return record(block, block, size);
    }
    if (size > SIZE_MAX - alignment) {
        return NULL;
    }
    void* block = xbrtime_malloc(size + alignment - HEAP_ALIGNMENT);
    if (block == NULL) {
        return NULL;
    }
    const uintptr_t at = ((uintptr_t)block + alignment - 1) & ~(uintptr_t)(alignment - 1);
    return record((void*)at, block, size);
}

void* shmem_malloc(size_t size) {
    if (size == 0) {
        return NULL;
    }
    void* block = allocate(HEAP_ALIGNMENT, size);
    xbrtime_barrier();
    return block;
}

/* Every block suits every use, so the hints change nothing; the standard lets a library ignore
 * hints it does not know (another library's, or a later version's), and so does this one. */
void* shmem_malloc_with_hints(size_t size, long hints) {
    (void)hints;
    return shmem_malloc(size);
}

void* shmem_calloc(size_t count, size_t size) {
    if (count == 0 || size == 0) {
        return NULL;
    }
    void* block = count <= SIZE_MAX / size ? allocate(HEAP_ALIGNMENT, count * size) : NULL;
    if (block != NULL) {
        memset(block, 0, count * size);
    }
    xbrtime_barrier();
    return block;
}

void* shmem_align(size_t alignment, size_t size) {
    if (size == 0) {
        return NULL;
    }
    const int power_of_two = alignment != 0 && (alignment & (alignment - 1)) == 0;
    void* block = power_of_two ? allocate(alignment, size) : NULL;
    xbrtime_barrier();
    return block;
}

void shmem_free(void* ptr) {
    if (ptr == NULL) {
        return;
    }
    xbrtime_barrier();
    xbrtime_free(take_record(ptr, "shmem_free").heap_block);
}

/* The block moves: the heap's first fit has no room to grow in place in general, and a move is
 * the same on every PE. */
void* shmem_realloc(void* ptr, size_t size) {
    if (ptr == NULL) {
        return shmem_malloc(size);
    }
    if (size == 0) {
        shmem_free(ptr);
        return NULL;
    }
    xbrtime_barrier();
    const struct block old = take_record(ptr, "shmem_realloc");
    void* moved = allocate(HEAP_ALIGNMENT, size);
    if (moved == NULL) {
        record(old.address, old.heap_block, old.size);
    } else {
        memcpy(moved, old.address, old.size < size ? old.size : size);
        xbrtime_free(old.heap_block);
    }
    xbrtime_barrier();
    return moved;
}

void* shmalloc(size_t size) {
    return shmem_malloc(size);
}

void* shmemalign(size_t alignment, size_t size) {
    return shmem_align(alignment, size);
}

void* shrealloc(void* ptr, size_t size) {
    return shmem_realloc(ptr, size);
}

void shfree(void* ptr) {
    shmem_free(ptr);
}
