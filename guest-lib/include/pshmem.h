/* The profiling names of OpenSHMEM: pshmem_<name> for every routine shmem_<name> of <shmem.h>.
 * The library defines each routine under its pshmem_ name and makes the shmem_ name a weak
 * alias of it, so that a profiling tool can define shmem_<name> itself, measure, and call
 * pshmem_<name>. */
#ifndef PSHMEM_H
#define PSHMEM_H

#include "shmem.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SHMEM_ROUTINE(name) pshmem_##name
#include "shmem/routines.h"
#undef SHMEM_ROUTINE

#ifdef __cplusplus
}
#endif

#endif
