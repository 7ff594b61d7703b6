/* The cache management routines of SGI SHMEM, deprecated since OpenSHMEM 1.3. They exist for the
 * programs that still call them; there is nothing for them to do, since xbemu's PEs have no
 * caches that another PE's stores could leave stale. */
#include "shmem.h"

void shmem_set_cache_inv(void) {}

void shmem_set_cache_line_inv(void* dest) {
    (void)dest;
}

void shmem_clear_cache_inv(void) {}

void shmem_clear_cache_line_inv(void* dest) {
    (void)dest;
}

void shmem_udcflush(void) {}

void shmem_udcflush_line(void* dest) {
    (void)dest;
}
