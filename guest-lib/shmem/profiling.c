/* Profiling control. The library itself records nothing, so the level means nothing to it: a
 * profiling tool that defines its own shmem_pcontrol (every shmem_ routine is a weak alias of its
 * pshmem_ name, see pshmem.h) receives the calls instead. */
#include "shmem.h"

void shmem_pcontrol(int level, ...) {
    (void)level;
}
