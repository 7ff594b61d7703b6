/* shmem_global_exit: the calling PE ends every PE of the job with the status. */
#include "../xbrtime/runtime_state.h"
#include "shmem.h"

void shmem_global_exit(int status) {
    xbrtime_end_job(status);
}
