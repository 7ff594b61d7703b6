/* Start-up, queries and symmetric allocation. */
#include "shmem.h"
#include "shmem_internal.h"
#include "xbrtime.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* xbrtime_malloc aligns every block this much. */
#define HEAP_ALIGNMENT 64

void shmem_init(void) {
    if (xbrtime_init() != 0) {
        exit(1);
    }
}

void start_pes(int npes) {
    (void)npes;
    shmem_init();
}

void shmem_finalize(void) {
    xbrtime_close();
}

int shmem_my_pe(void) {
    return xbrtime_mype();
}

int shmem_n_pes(void) {
    return xbrtime_num_pes();
}

int _my_pe(void) {
    return xbrtime_mype();
}

int _num_pes(void) {
    return xbrtime_num_pes();
}

int shmem_pe_accessible(int pe) {
    return pe >= 0 && pe < xbrtime_num_pes();
}

int shmem_addr_accessible(const void* addr, int pe) {
    return xbrtime_addr_accessible(addr, pe);
}

void* shmem_ptr(const void* addr, int pe) {
    return pe == xbrtime_mype() && xbrtime_addr_accessible(addr, pe) ? (void*)addr : NULL;
}

void shmem_info_get_version(int* major, int* minor) {
    *major = SHMEM_MAJOR_VERSION;
    *minor = SHMEM_MINOR_VERSION;
}

void shmem_info_get_name(char* name) {
    strncpy(name, SHMEM_VENDOR_STRING, SHMEM_MAX_NAME_LEN);
    name[SHMEM_MAX_NAME_LEN - 1] = '\0';
}

void shmem_global_exit(int status) {
    exit(status);
}

void* shmem_malloc(size_t size) {
    void* block = xbrtime_malloc(size);
    xbrtime_barrier();
    return block;
}

void* shmem_calloc(size_t count, size_t size) {
    void* block = NULL;
    if (size == 0 || count <= SIZE_MAX / size) {
        block = xbrtime_malloc(count * size);
    }
    if (block != NULL) {
        memset(block, 0, count * size);
    }
    xbrtime_barrier();
    return block;
}

/* Blocks of shmem_align that start inside a larger heap block: xbrtime_free needs the latter.
 * Every PE makes the same allocations, so each keeps its own list of them in private memory. */
struct aligned_block {
    void* aligned;
    void* block;
    struct aligned_block* next;
};
static struct aligned_block* aligned_blocks;

static void remember_aligned_block(void* aligned, void* block) {
    struct aligned_block* entry = malloc(sizeof *entry);
    if (entry == NULL) {
        xbrtime_report_error("shmem_align: out of private memory");
        abort();
    }
    *entry = (struct aligned_block){aligned, block, aligned_blocks};
    aligned_blocks = entry;
}

void* shmem_align(size_t alignment, size_t size) {
    void* result = NULL;
    const int power_of_two = alignment != 0 && (alignment & (alignment - 1)) == 0;
    if (power_of_two && alignment <= HEAP_ALIGNMENT) {
        result = xbrtime_malloc(size);
    } else if (power_of_two && size != 0 && size <= SIZE_MAX - alignment) {
        void* block = xbrtime_malloc(size + alignment - HEAP_ALIGNMENT);
        if (block != NULL) {
            const uintptr_t at = ((uintptr_t)block + alignment - 1) & ~(uintptr_t)(alignment - 1);
            result = (void*)at;
            remember_aligned_block(result, block);
        }
    }
    xbrtime_barrier();
    return result;
}

void shmem_free(void* ptr) {
    xbrtime_barrier();
    for (struct aligned_block** link = &aligned_blocks; *link != NULL; link = &(*link)->next) {
        struct aligned_block* entry = *link;
        if (entry->aligned == ptr) {
            ptr = entry->block;
            *link = entry->next;
            free(entry);
            break;
        }
    }
    xbrtime_free(ptr);
}

void* shmalloc(size_t size) {
    return shmem_malloc(size);
}

void* shmemalign(size_t alignment, size_t size) {
    return shmem_align(alignment, size);
}

void shfree(void* ptr) {
    shmem_free(ptr);
}
