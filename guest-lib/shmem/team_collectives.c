/* The team collectives: broadcast, collect, fcollect, alltoall and alltoalls of every standard
 * RMA type and of bytes (the mem forms), over the team's members with its pSync. The root's
 * own dest receives the broadcast too. They return 0; a team of SHMEM_TEAM_INVALID stops the
 * program, as does a bad root or stride. */
#include "shmem.h"
#include "shmem_internal.h"

static int broadcast(shmem_team_t team, void* dest, const void* source, size_t nelems, size_t size,
                     int PE_root, const char* routine) {
    struct shmem_internal_team* members = shmem_internal_team_of(team, routine);
    shmem_internal_check_root(&members->members, PE_root, routine);
    shmem_internal_broadcast(&members->members, members->pSync, dest, source, nelems, size, PE_root,
                             1);
    return 0;
}

static int collect(shmem_team_t team, void* dest, const void* source, size_t nelems, size_t size,
                   const char* routine) {
    struct shmem_internal_team* members = shmem_internal_team_of(team, routine);
    shmem_internal_collect(&members->members, members->pSync, dest, source, nelems, size);
    return 0;
}

static int fcollect(shmem_team_t team, void* dest, const void* source, size_t nelems, size_t size,
                    const char* routine) {
    struct shmem_internal_team* members = shmem_internal_team_of(team, routine);
    shmem_internal_fcollect(&members->members, members->pSync, dest, source, nelems, size);
    return 0;
}

static int alltoalls(shmem_team_t team, void* dest, const void* source, ptrdiff_t dst,
                     ptrdiff_t sst, size_t nelems, size_t size, const char* routine) {
    struct shmem_internal_team* members = shmem_internal_team_of(team, routine);
    shmem_internal_check_strides(dst, sst, routine);
    shmem_internal_alltoall(&members->members, members->pSync, dest, dst, source, sst, nelems,
                            size);
    return 0;
}

#define DEFINE_TEAM_COLLECTIVES(TYPENAME, TYPE)                                                    \
    int shmem_##TYPENAME##_broadcast(shmem_team_t team, TYPE* dest, const TYPE* source,            \
                                     size_t nelems, int PE_root) {                                 \
        return broadcast(team, dest, source, nelems, sizeof(TYPE), PE_root, __func__);             \
    }                                                                                              \
    int shmem_##TYPENAME##_collect(shmem_team_t team, TYPE* dest, const TYPE* source,              \
                                   size_t nelems) {                                                \
        return collect(team, dest, source, nelems, sizeof(TYPE), __func__);                        \
    }                                                                                              \
    int shmem_##TYPENAME##_fcollect(shmem_team_t team, TYPE* dest, const TYPE* source,             \
                                    size_t nelems) {                                               \
        return fcollect(team, dest, source, nelems, sizeof(TYPE), __func__);                       \
    }                                                                                              \
    int shmem_##TYPENAME##_alltoall(shmem_team_t team, TYPE* dest, const TYPE* source,             \
                                    size_t nelems) {                                               \
        return alltoalls(team, dest, source, 1, 1, nelems, sizeof(TYPE), __func__);                \
    }                                                                                              \
    int shmem_##TYPENAME##_alltoalls(shmem_team_t team, TYPE* dest, const TYPE* source,            \
                                     ptrdiff_t dst, ptrdiff_t sst, size_t nelems) {                \
        return alltoalls(team, dest, source, dst, sst, nelems, sizeof(TYPE), __func__);            \
    }
SHMEM_FOR_EACH_RMA_TYPE(DEFINE_TEAM_COLLECTIVES)

int shmem_broadcastmem(shmem_team_t team, void* dest, const void* source, size_t nelems,
                       int PE_root) {
    return broadcast(team, dest, source, nelems, 1, PE_root, __func__);
}

int shmem_collectmem(shmem_team_t team, void* dest, const void* source, size_t nelems) {
    return collect(team, dest, source, nelems, 1, __func__);
}

int shmem_fcollectmem(shmem_team_t team, void* dest, const void* source, size_t nelems) {
    return fcollect(team, dest, source, nelems, 1, __func__);
}

int shmem_alltoallmem(shmem_team_t team, void* dest, const void* source, size_t nelems) {
    return alltoalls(team, dest, source, 1, 1, nelems, 1, __func__);
}

int shmem_alltoallsmem(shmem_team_t team, void* dest, const void* source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems) {
    return alltoalls(team, dest, source, dst, sst, nelems, 1, __func__);
}
