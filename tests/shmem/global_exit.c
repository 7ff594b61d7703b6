/* shmem_global_exit: after a barrier the last PE leaves with status 3 while the others return
 * from main; the job's exit status must be 3. (A PE cannot stop the others under xbemu, so
 * they must not wait for the one that left.) */
#include <shmem.h>
#include <stdio.h>

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    shmem_barrier_all();
    if (me == shmem_n_pes() - 1) {
        printf("PE %d: shmem_global_exit(3)\n", me);
        shmem_global_exit(3);
    }
    return 0;
}
