/* The team reductions TYPE_OP_reduce, over the team's members with its pSync, with the
 * operators that xbrtime and the active-set reductions use. They return 0; a team of
 * SHMEM_TEAM_INVALID stops the program. */
#include "../xbrtime/reduction_operators.h"
#include "shmem.h"
#include "shmem_internal.h"

#define DEFINE_REDUCE(TYPENAME, TYPE, OP, OPERATOR)                                                \
    XBRTIME_DEFINE_COMBINE(combine_##TYPENAME##_##OP, TYPE, OPERATOR)                              \
    int shmem_##TYPENAME##_##OP##_reduce(shmem_team_t team, TYPE* dest, const TYPE* source,        \
                                         size_t nreduce) {                                         \
        struct shmem_internal_team* members = shmem_internal_team_of(team, __func__);              \
        shmem_internal_reduce(&members->members, members->pSync, dest, source, nreduce,            \
                              sizeof(TYPE), combine_##TYPENAME##_##OP, XBRTIME_EXACT_TYPE(TYPE),   \
                              __func__);                                                           \
        return 0;                                                                                  \
    }

#define DEFINE_ORDERED_REDUCE(TYPENAME, TYPE)                                                      \
    DEFINE_REDUCE(TYPENAME, TYPE, sum, WRAPPING_SUM)                                               \
    DEFINE_REDUCE(TYPENAME, TYPE, prod, WRAPPING_PRODUCT)                                          \
    DEFINE_REDUCE(TYPENAME, TYPE, min, MINIMUM)                                                    \
    DEFINE_REDUCE(TYPENAME, TYPE, max, MAXIMUM)
#define DEFINE_BITWISE_REDUCE(TYPENAME, TYPE)                                                      \
    XBRTIME_FOR_EACH_INTEGER_REDUCTION(DEFINE_REDUCE, TYPENAME, TYPE, prod)
#define DEFINE_FLOATING_REDUCE(TYPENAME, TYPE)                                                     \
    XBRTIME_FOR_EACH_FLOATING_REDUCTION(DEFINE_REDUCE, TYPENAME, TYPE, prod)
#define DEFINE_COMPLEX_REDUCE(TYPENAME, TYPE)                                                      \
    DEFINE_REDUCE(TYPENAME, TYPE, sum, FLOATING_SUM)                                               \
    DEFINE_REDUCE(TYPENAME, TYPE, prod, FLOATING_PRODUCT)
SHMEM_FOR_EACH_TEAM_BITWISE_REDUCTION_TYPE(DEFINE_BITWISE_REDUCE)
SHMEM_FOR_EACH_TEAM_ARITHMETIC_REDUCTION_TYPE(DEFINE_ORDERED_REDUCE)
SHMEM_FOR_EACH_FLOATING_REDUCTION_TYPE(DEFINE_FLOATING_REDUCE)
SHMEM_FOR_EACH_COMPLEX_REDUCTION_TYPE(DEFINE_COMPLEX_REDUCE)
