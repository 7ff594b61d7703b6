/* The profiling interface: this program defines shmem_long_put itself, as a profiling tool
 * would, counting the calls and passing them on to pshmem_long_put; the library's routines keep
 * working under both names, and shmem_pcontrol takes any level. */
#include "shmem_test.h"

#include <pshmem.h>
#include <shmem.h>

static int intercepted;

void shmem_long_put(long* dest, const long* source, size_t nelems, int pe) {
    ++intercepted;
    pshmem_long_put(dest, source, nelems, pe);
}

static long cells[2];

int main(void) {
    pshmem_init();
    me = shmem_my_pe();
    npes = pshmem_n_pes();
    shmem_pcontrol(0);
    shmem_pcontrol(1);
    shmem_pcontrol(2, "a tool may take more arguments", 3);
    const int right = (me + 1) % npes;
    const long mine[2] = {me, -me};
    shmem_long_put(cells, mine, 2, right);
    pshmem_long_p(&cells[1], 100 + me, right);
    shmem_barrier_all();
    const int left = (me + npes - 1) % npes;
    if (intercepted != 1) {
        fail("calls that reached the program's shmem_long_put", intercepted);
    }
    if (cells[0] != left || cells[1] != 100 + left ||
        pshmem_long_g(&cells[0], me) != shmem_long_g(&cells[0], me)) {
        fail("puts through both names", cells[1]);
    }
    pshmem_barrier_all();
    return finish_test("profiling");
}
