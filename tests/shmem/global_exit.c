/* shmem_global_exit: after a barrier the last PE ends the job with the status given as the last
 * argument (0 included) while the others wait in a barrier that it never reaches; the whole job
 * must end at once with that status. Were only the caller to end, the others would wait for
 * ever (xbemu reports a deadlock). */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    shmem_init();
    const int me = shmem_my_pe();
    const int status = argc > 1 ? atoi(argv[argc - 1]) : 3;
    shmem_barrier_all();
    if (me == shmem_n_pes() - 1) {
        printf("PE %d: shmem_global_exit(%d)\n", me, status);
        shmem_global_exit(status);
    }
    shmem_barrier_all();
    printf("PE %d: past a barrier that the last PE never reached\n", me);
    return 0;
}
