/* shmem_global_exit: after a barrier the last PE leaves with status 3 while the others wait in a
 * barrier that it never reaches; the whole job must end at once with status 3. */
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
    shmem_barrier_all();
    return 0;
}
