/* Start-up, the thread level and the queries. */
#include "shmem.h"
#include "shmem_internal.h"
#include "xbrtime.h"

#include <stdlib.h>
#include <string.h>

void shmem_init(void) {
    if (xbrtime_init() != 0) {
        exit(1);
    }
    shmem_internal_teams_start();
}

/* The thread level the library was started with, as shmem_query_thread reports it. */
static int thread_level = SHMEM_THREAD_SINGLE;

/* A PE is one hart running one thread (xbemu runs no pthreads), so every call comes from the
 * thread that started the library, one at a time: FUNNELED and SERIALIZED hold without locks and
 * are provided as asked; MULTIPLE, which would need the library's state locked, gets SERIALIZED. */
int shmem_init_thread(int requested, int* provided) {
    if (requested < SHMEM_THREAD_SINGLE || requested > SHMEM_THREAD_MULTIPLE) {
        shmem_internal_error("shmem_init_thread: %d is not a SHMEM_THREAD_ level", requested);
    }
    shmem_init();
    thread_level = requested < SHMEM_THREAD_SERIALIZED ? requested : SHMEM_THREAD_SERIALIZED;
    if (provided != NULL) {
        *provided = thread_level;
    }
    return 0;
}

void shmem_query_thread(int* provided) {
    *provided = thread_level;
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

void* shmem_ptr(const void* dest, int pe) {
    return pe == xbrtime_mype() && xbrtime_addr_accessible(dest, pe) ? (void*)dest : NULL;
}

void shmem_info_get_version(int* major, int* minor) {
    *major = SHMEM_MAJOR_VERSION;
    *minor = SHMEM_MINOR_VERSION;
}

void shmem_info_get_name(char* name) {
    strncpy(name, SHMEM_VENDOR_STRING, SHMEM_MAX_NAME_LEN);
    name[SHMEM_MAX_NAME_LEN - 1] = '\0';
}
